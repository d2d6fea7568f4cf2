import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BrandMark } from './brand-mark.tsx';

/** A page outside the public layout (sign-in, private area): brand, a focusable <main id="main">, nothing else. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6 lg:px-8">
          <Link to={paths.home.getHref()} className="rounded-md" aria-label="Pilote Énergie, accueil">
            <BrandMark />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-16 sm:px-6">
        {children}
      </main>
    </div>
  );
}
