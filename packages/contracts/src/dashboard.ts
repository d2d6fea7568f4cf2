import { z } from 'zod';

/**
 * The dashboard of the active organisation (issue #24 §4, ADR 0074): `GET /api/dashboard/` (viewer and above).
 * Every figure is aggregated by the server in SQL; each comes with the link target of the filtered list it sums.
 */

/** A site's data is stale when its last measured or estimated day is older than this (days). */
export const DASHBOARD_STALE_DAYS = 45;
/** Mandates whose last valid day falls within this many days (today included). */
export const DASHBOARD_MANDATE_DAYS = 30;

/** `data` filter of GET /api/sites/: no consumption data for the site's PCE, or data older than the stale limit. */
export const siteDataFilters = ['missing', 'stale', 'missing-or-stale'] as const;
export type SiteDataFilter = (typeof siteDataFilters)[number];

export const dashboardSchema = z.object({
  organisationId: z.string(),
  /** The calendar day (Europe/Paris) the figures are computed for. */
  today: z.string(),
  sites: z.object({ count: z.number().int() }),
  /** Σ of each site's latest result (simulation: the year's fixed network cost; optimisation: the cost before). */
  networkCost: z.object({
    annualEuros: z.number(),
    /** Sites with at least one result (the others are not counted). */
    sitesWithResult: z.number().int(),
  }),
  /** Σ of the yearly saving of each site's latest optimisation (only positive savings). */
  savings: z.object({ annualEuros: z.number(), sitesOptimised: z.number().int() }),
  /** Finished audits of the organisation: their anomalies and the over-billed € (recoverable). */
  audits: z.object({ done: z.number().int(), anomalies: z.number().int(), recoverableEuros: z.number() }),
  /** Active mandates whose last valid day is within the next 30 days. */
  mandates: z.object({ active: z.number().int(), expiringSoon: z.number().int() }),
  /** Sites with no consumption data (missing) or whose data stops more than 45 days ago (stale). */
  data: z.object({ missing: z.number().int(), stale: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The French texts of the dashboard (ADR 0074). */
export const dashboardMessages = {
  sites: 'Sites',
  networkCost: 'Coût d’acheminement annuel',
  savings: 'Économies trouvées par l’optimiseur',
  anomalies: 'Anomalies de facturation',
  mandates: 'Mandats expirant sous 30 jours',
  data: 'Sites aux données absentes ou anciennes',
  emptySites: 'Importez vos sites pour voir ici les chiffres de votre portefeuille.',
  emptyResults: 'Aucun résultat encore : lancez une simulation ou une optimisation depuis un site.',
  emptyAudits: 'Aucune facture contrôlée : déposez une facture pour rechercher des anomalies.',
  emptyMandates: 'Aucun mandat actif : signez un mandat pour recevoir les données de vos PCE.',
} as const;
