import type { ReactNode } from 'react';
import type { PublicPageMeta } from '../../config/public-pages.ts';
import { cn } from '../../lib/cn.ts';
import { PageMeta } from './page-meta.tsx';

type PublicPageProps = {
  page: PublicPageMeta;
  /** The sentence under the <h1>. */
  lead: ReactNode;
  /** A short line above the title (section of the site). */
  eyebrow?: string;
  /** Widen the body beyond reading width (tables). */
  wide?: boolean;
  children: ReactNode;
};

/** Frame of a public content page: head tags, the page's only <h1>, its lead and the body in `.prose-page`. */
export function PublicPage({ page, lead, eyebrow, wide = false, children }: PublicPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageMeta {...page} />
      <div className="max-w-3xl">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</p>
      </div>
      <div className={cn('prose-page mt-10', wide ? 'max-w-none' : 'max-w-3xl')}>{children}</div>
    </div>
  );
}
