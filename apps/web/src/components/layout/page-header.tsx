import type { ReactNode } from 'react';
import { SITE_NAME } from '../../config/home-page.ts';

export { SITE_NAME };

/** Sets the document title (React 19 hoists <title> into <head>): "Page · Pilote Énergie". */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${SITE_NAME}` : SITE_NAME}</title>;
}

/** The top of a content page: document title, the page's only <h1> and its lead sentence. */
export function PageHeader({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</p>
      {children}
    </div>
  );
}

type ContentPageProps = {
  title: string;
  lead: ReactNode;
  children?: ReactNode;
  /** Says that the detailed text is still being written (true until the page gets its real content). */
  inProgress?: boolean;
};

/** Shared frame of the public content pages. */
export function ContentPage({ title, lead, children, inProgress = true }: ContentPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <PageHeader title={title} lead={lead}>
        {inProgress ? (
          <p className="mt-6 text-sm text-muted-foreground">
            Le contenu détaillé de cette page est en cours de rédaction.
          </p>
        ) : null}
      </PageHeader>
      {children ? <div className="mt-10 max-w-3xl">{children}</div> : null}
    </div>
  );
}
