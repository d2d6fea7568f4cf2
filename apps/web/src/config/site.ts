/**
 * The site's public origin, without a trailing slash (canonical links, Open Graph URLs). Set at build time by
 * vite.config.ts from SITE_URL, else PUBLIC_URL, else https://pilote-energie.fr — the same value the build writes
 * into sitemap.xml and robots.txt.
 */
export const SITE_URL: string = __SITE_URL__;

export function absoluteUrl(path: string): string {
  return `${SITE_URL}${path}`;
}
