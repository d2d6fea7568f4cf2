/**
 * What the entry bundle needs of the public pages' metadata (public-pages.ts): the type, the site name and the
 * landing page's entry. Kept apart so the landing does not download every page's description (issue 6 budget);
 * public-pages.ts re-exports them. Plain data only: vite.config.ts imports this module in Node.
 */
import { paths } from './paths.ts';

export type PublicPageMeta = {
  /** Path as served (no trailing slash). */
  path: string;
  /** The page's <h1> and the start of its document title ("Titre · Pilote Énergie"). */
  title: string;
  /** Meta and Open Graph description: one or two sentences, under about 160 characters. */
  description: string;
  /** A full document title when "Titre · Pilote Énergie" does not fit (the landing page). */
  documentTitle?: string;
};

export const SITE_NAME = 'Pilote Énergie';

/** The landing page (`publicPages.home`). */
export const homePage: PublicPageMeta = {
  path: paths.home.getHref(),
  title: 'Pilote Énergie',
  documentTitle: 'Pilote Énergie · Tarifs gaz, optimisation de la CJA et contrôle des factures',
  description:
    "Simulez les tarifs de réseau de vos sites gaz, ajustez votre capacité journalière (CJA) et contrôlez vos factures d'acheminement. Essai gratuit, sans carte bancaire.",
};
