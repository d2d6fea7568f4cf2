import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * « Optimiser tout le portefeuille » (issue #24 §4–§5, ADR 0077): one run per organisation at a time.
 *
 * - `POST /api/dashboard/portfolio-optimisations/`            → start a run (member and above), 202 with the run
 * - `GET  /api/dashboard/portfolio-optimisations/`            → the organisation's runs, newest first (paginated)
 * - `GET  /api/dashboard/portfolio-optimisations/{id}`        → status and progress (poll it)
 * - `POST /api/dashboard/portfolio-optimisations/{id}/cancel` → stops before the next chunk (member and above)
 * - `GET  /api/dashboard/portfolio-optimisations/{id}/results`→ the sites ranked by savings (paginated)
 * - `GET  /api/dashboard/portfolio-optimisations/{id}/export?format=xlsx|pdf` → the ranked table as a file
 */
export const portfolioRunStatuses = ['running', 'done', 'cancelled', 'failed'] as const;
export type PortfolioRunStatus = (typeof portfolioRunStatuses)[number];

/** Sites read, optimised and stored per worker task. */
export const PORTFOLIO_CHUNK_SIZE = 200;

export const portfolioMessages = {
  title: 'Optimiser tout le portefeuille',
  start: 'Optimiser tout le portefeuille',
  intro:
    'Calcule la CJA optimale de chaque site qui a des données de consommation, sur sa dernière année de relevés, et classe les sites par économie.',
  running: 'Optimisation du portefeuille en cours…',
  progress: (done: number, total: number) =>
    `${done} site${done > 1 ? 's' : ''} sur ${total} optimisé${done > 1 ? 's' : ''}`,
  cancel: 'Annuler',
  cancelling: 'Annulation demandée : le calcul s’arrête après le lot en cours.',
  done: 'Optimisation du portefeuille terminée.',
  cancelled: 'Optimisation du portefeuille annulée : les sites déjà calculés sont classés ci-dessous.',
  failed: 'L’optimisation du portefeuille a échoué. Relancez-la.',
  interrupted:
    'L’optimisation du portefeuille a été interrompue par un redémarrage du serveur. Relancez-la : les résultats déjà calculés restent consultables.',
  alreadyRunning: 'Une optimisation du portefeuille est déjà en cours pour cette organisation.',
  noSites: 'Aucun site n’a de données de consommation : importez les relevés de vos sites pour les optimiser.',
  notFound: 'Optimisation du portefeuille introuvable.',
  exportXlsx: 'Exporter (XLSX)',
  exportPdf: 'Rapport PDF',
  skippedNoPoint: 'Point de réseau non renseigné : complétez le type et le code du point sur la fiche du site.',
  skippedOption: (option: string) =>
    `Option ${option} : pas de capacité journalière souscrite à optimiser (options T4 et TP seulement).`,
  skippedUnknownPoint: (code: string) => `Point de réseau « ${code} » introuvable dans les tables de référence.`,
  skippedNotGrdf: (dso: string) =>
    `Distribution hors GRDF (${dso}) : l’optimisation de la CJA couvre le réseau de distribution GRDF.`,
  skippedShort: (days: number) =>
    `Moins d’une année de relevés (${days} jour${days > 1 ? 's' : ''}) : importez une année complète pour optimiser ce site.`,
  workersBusy: 'Le serveur est très sollicité : le calcul a été interrompu. Relancez l’optimisation du portefeuille.',
} as const;

export const portfolioRunSchema = z.object({
  id: z.string().meta({ examples: ['3f6c1a2e-7d0b-4c6e-9a51-0b2f1e5d8c47'] }),
  organisationId: z.string(),
  status: z.enum(portfolioRunStatuses),
  /** Sites with consumption data when the run started, and how many are computed (optimised or skipped). */
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  cancelRequested: z.boolean(),
  /** French sentence for `failed` (and an interrupted run). */
  message: z.string().nullable(),
  /** First day of the month whose grids are used (YYYY-MM-DD). */
  dateEffet: z.string(),
  /** Over the sites optimised so far: their count, Σ current cost, Σ optimised cost, Σ positive savings (€/an). */
  sitesOptimised: z.number().int().min(0),
  sitesSkipped: z.number().int().min(0),
  currentCostEuros: z.number(),
  optimisedCostEuros: z.number(),
  savingsEuros: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PortfolioRun = z.infer<typeof portfolioRunSchema>;

export const portfolioRunsPageSchema = pageOf(portfolioRunSchema);
export type PortfolioRunsPage = z.infer<typeof portfolioRunsPageSchema>;

export const portfolioRunParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const portfolioResultSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  pce: z.string(),
  /** Null when the site was skipped (`message` says why). */
  cjaActuelle: z.number().nullable(),
  cjaOptimisee: z.number().nullable(),
  currentCostEuros: z.number().nullable(),
  optimisedCostEuros: z.number().nullable(),
  savingsEuros: z.number().nullable(),
  message: z.string().nullable(),
});
export type PortfolioResult = z.infer<typeof portfolioResultSchema>;

export const portfolioResultsPageSchema = pageOf(portfolioResultSchema);
export type PortfolioResultsPage = z.infer<typeof portfolioResultsPageSchema>;
export const portfolioResultsQuerySchema = pageQuerySchema;

export const portfolioExportFormats = ['xlsx', 'pdf'] as const;
export const portfolioExportQuerySchema = z.object({
  format: z.enum(portfolioExportFormats, { error: 'Format d’export inconnu : xlsx ou pdf.' }).default('xlsx'),
});
