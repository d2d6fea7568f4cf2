import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/layout/brand-mark.tsx';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Link as TextLink } from '../../../components/ui/link.tsx';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import { frontendBuildInfo } from '../../../config/build-info.ts';
import { paths } from '../../../config/paths.ts';
import { useRuntimeInfo } from '../../../features/build-info/api/get-runtime-info.ts';
import { MAIN_ID } from '../../layouts/use-navigation-focus.ts';
import { useTheme } from '../../providers/use-theme.ts';

/** "Frontend abc1234 · environnement production", from /runtime-info.json (spec §2.2), else the bundle's own info. */
function RevisionLine() {
  const runtime = useRuntimeInfo();
  const info = runtime.data ?? (runtime.isError ? frontendBuildInfo : null);
  return (
    <p className="text-xs text-muted-foreground" data-testid="frontend-revision">
      {info ? (
        <>
          Frontend <span className="font-mono">{info.revision.slice(0, 12)}</span> · environnement {info.env}
        </>
      ) : (
        'Frontend …'
      )}
    </p>
  );
}

/** The frame of /login and its link pages: brand, theme, one card, and the footer of spec §2.2. */
export function AuthFrame({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const { preference, resolvedTheme, toggleTheme } = useTheme();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <DocumentTitle title={title} />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Link to={paths.home.getHref()} className="rounded-md" aria-label="Pilote Énergie, accueil">
            <BrandMark />
          </Link>
          <ThemeToggle preference={preference} resolvedTheme={resolvedTheme} onToggle={toggleTheme} />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md">
          <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
          {lead ? <p className="mt-2 text-sm leading-6 text-muted-foreground">{lead}</p> : null}
          <div className="mt-6 rounded-xl border border-border bg-background p-6 shadow-sm">{children}</div>
        </div>
      </main>
      <footer className="border-t border-border bg-background">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <nav aria-label="Informations légales">
            <ul className="flex gap-4">
              <li>
                <TextLink variant="subtle" to={paths.privacy.getHref()}>
                  Confidentialité
                </TextLink>
              </li>
              <li>
                <TextLink variant="subtle" to={paths.terms.getHref()}>
                  Conditions d'utilisation
                </TextLink>
              </li>
            </ul>
          </nav>
          <RevisionLine />
        </div>
      </footer>
    </div>
  );
}
