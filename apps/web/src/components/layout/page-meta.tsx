import { SITE_NAME } from '../../config/home-page.ts';
import { absoluteUrl } from '../../config/site.ts';

export type PageMetaProps = {
  /** Page title; the document title is "title · Pilote Énergie" unless `documentTitle` is given. */
  title: string;
  documentTitle?: string | undefined;
  description: string;
  /** Path of the page (the canonical and Open Graph URL). */
  path: string;
  type?: 'website' | 'article';
  /** ISO date of publication (articles). */
  publishedTime?: string | undefined;
};

/**
 * The head of a public page: <title>, description, canonical link and Open Graph tags. React 19 hoists these
 * elements into <head> and removes them when the page unmounts.
 */
export function PageMeta({ title, documentTitle, description, path, type = 'website', publishedTime }: PageMetaProps) {
  const fullTitle = documentTitle ?? `${title} · ${SITE_NAME}`;
  const url = absoluteUrl(path);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="fr_FR" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {publishedTime ? <meta property="article:published_time" content={publishedTime} /> : null}
      <meta name="twitter:card" content="summary" />
    </>
  );
}
