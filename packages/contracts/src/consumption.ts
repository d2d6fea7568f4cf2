import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Consumption data (issue 5, item 1; spec §7 `/api/consumption-data/` — list, create, detail, delete, summary).
 * docs/api.md § Consumption data, ADR 0013.
 *
 * - `GET    /api/consumption-data/?page=&pageSize=` → `{ items, total, page, pageSize }` (newest first, ADR 0020)
 * - `POST   /api/consumption-data/`               → 201 `{ dataset, warnings }` (import of a CSV, JSON body)
 * - `GET    /api/consumption-data/summary/`       → totals per PCE over every dataset of the user
 * - `GET    /api/consumption-data/:id/`           → `{ dataset, releves }` (the daily series)
 * - `GET    /api/consumption-data/:id/summary/`   → monthly totals + which year the optimiser would use
 * - `DELETE /api/consumption-data/:id/`           → `{ id, deleted: true }`
 *
 * Each user sees only their own datasets: another user's id answers 404.
 */

/** Quality of a day, as the optimiser uses it: measured, estimated by the operator, or missing. */
export const consumptionQualites = ['mesure', 'estime', 'manquant'] as const;
export const consumptionQualiteSchema = z.enum(consumptionQualites);
export type ConsumptionQualite = z.infer<typeof consumptionQualiteSchema>;

/** `auto` detects the layout; `simple` = `date;kWh`; `grdf` = the GRDF daily export. */
export const consumptionFormats = ['auto', 'simple', 'grdf'] as const;

/** Largest CSV text accepted in the JSON body (characters, about 2 MB: ~40 years of GRDF daily rows). */
export const CONSUMPTION_CSV_MAX_CHARS = 2_000_000;

/** Error codes of these endpoints besides the common catalogue (VALIDATION_FAILED, NOT_FOUND…). */
export const consumptionErrorCodes = [
  /** 422 — the dataset chosen for an optimisation does not cover a usable year. */
  'CONSUMPTION_DATA_INSUFFICIENT',
] as const;
export type ConsumptionErrorCode = (typeof consumptionErrorCodes)[number];

export const CONSUMPTION_MESSAGES = {
  /** Spec §5 (mandates), same wording for the PCE of an import. */
  pceRequired: 'Le numéro PCE est obligatoire pour le gaz',
  pceFormat: 'Le PCE doit contenir exactement 14 chiffres',
  csvRequired: 'Veuillez joindre le fichier de consommation (CSV).',
  csvTooLarge: 'Le fichier dépasse 2 Mo : importez une période plus courte.',
  coefficient: 'Le coefficient de conversion doit être un nombre entre 0 et 20 kWh/m³.',
  notFound: 'Jeu de données de consommation introuvable.',
} as const;

/** `/^\d{14}$/` once spaces are removed. */
export function normalisePce(value: string): string {
  return value.replace(/[\s\u00a0]/g, '');
}

export const createConsumptionDataBodySchema = z.object({
  /** 14 digits (spaces accepted). Optional when the file carries a 14-digit PCE column. */
  pce: z.string().max(40).nullish(),
  /** Free label shown in lists (e.g. « Usine de Lyon 2025 »). */
  label: z.string().trim().max(100).nullish(),
  format: z.enum(consumptionFormats).optional(),
  /** The original file name, kept for display. */
  fileName: z.string().trim().max(255).nullish(),
  /** kWh/m³ for volumes without their own coefficient (string with comma decimals accepted). */
  coefficientConversion: z.union([z.string().max(40), z.number()]).nullish(),
  /** The file's text (UTF-8; a BOM is accepted). */
  csv: z.string().max(CONSUMPTION_CSV_MAX_CHARS, { error: CONSUMPTION_MESSAGES.csvTooLarge }),
});
export type CreateConsumptionDataBody = z.infer<typeof createConsumptionDataBodySchema>;

export const qualiteCountsSchema = z.object({
  mesure: z.number().int(),
  estime: z.number().int(),
  manquant: z.number().int(),
});

export const consumptionDatasetSummarySchema = z.object({
  id: z.string(),
  pce: z.string(),
  label: z.string().nullable(),
  /** `operator`: fetched from the network operator under a mandate (ADR 0072). */
  sourceFormat: z.enum(['simple', 'grdf', 'operator']),
  sourceFileName: z.string().nullable(),
  /** `kWh` when the file gave energies, `m3` when they were computed from volumes × coefficient. */
  unit: z.enum(['kWh', 'm3']),
  /** Coefficient given at import for volumes without their own (kWh/m³), else null. */
  conversionCoefficient: z.number().nullable(),
  createdAt: z.iso.datetime(),
  /** First and last day (YYYY-MM-DD); every day in between is stored (missing ones as `manquant`). */
  debut: z.string(),
  fin: z.string(),
  jours: z.number().int(),
  totalKwh: z.number(),
  totalMwh: z.number(),
  maxJournalierKwh: z.number().nullable(),
  qualite: qualiteCountsSchema,
  /** True when the dataset spans at least one year (365 consecutive days): the optimiser can use it. */
  anneeComplete: z.boolean(),
});
export type ConsumptionDatasetSummary = z.infer<typeof consumptionDatasetSummarySchema>;

/** `GET /api/consumption-data/?page=&pageSize=` (ADR 0020). */
export const consumptionDatasetListQuerySchema = pageQuerySchema;
export type ConsumptionDatasetListQuery = z.infer<typeof consumptionDatasetListQuerySchema>;
export const consumptionDatasetListSchema = pageOf(consumptionDatasetSummarySchema);
export type ConsumptionDatasetList = z.infer<typeof consumptionDatasetListSchema>;

export const createConsumptionDataResponseSchema = z.object({
  dataset: consumptionDatasetSummarySchema,
  /** Non-blocking remarks (days absent from the file, rows without value…). */
  warnings: z.array(z.string()),
});
export type CreateConsumptionDataResponse = z.infer<typeof createConsumptionDataResponseSchema>;

export const consumptionReadingSchema = z.object({
  date: z.string(),
  /** null when the day is `manquant`. */
  kwh: z.number().nullable(),
  qualite: consumptionQualiteSchema,
  /** The volume (m³) and coefficient (kWh/m³) when the energy was computed from a volume. */
  volumeM3: z.number().nullable(),
  coefficient: z.number().nullable(),
});
export type ConsumptionReading = z.infer<typeof consumptionReadingSchema>;

export const consumptionDatasetDetailSchema = z.object({
  dataset: consumptionDatasetSummarySchema,
  releves: z.array(consumptionReadingSchema),
});
export type ConsumptionDatasetDetail = z.infer<typeof consumptionDatasetDetailSchema>;

export const consumptionDatasetIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const consumptionDeleteResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** The year of readings the optimiser would use (ADR 0013 § series rule), or why none. */
export const seriesWindowSchema = z.object({
  utilisable: z.boolean(),
  regle: z.enum(['annee-precedant-date-effet', 'derniere-annee-complete']).nullable(),
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  joursManquants: z.number().int().nullable(),
  message: z.string(),
});
export type SeriesWindow = z.infer<typeof seriesWindowSchema>;

export const consumptionDatasetSummaryQuerySchema = z.object({
  /** Month of effect (YYYY-MM) the optimisation would use; default: the current month. */
  dateEffetMonth: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mois invalide : attendu AAAA-MM.' })
    .meta({ examples: ['2026-07'] })
    .optional(),
});

export const consumptionDatasetSummaryResponseSchema = z.object({
  dataset: consumptionDatasetSummarySchema,
  mois: z.array(
    z.object({
      mois: z.string(),
      jours: z.number().int(),
      totalKwh: z.number(),
      maxJournalierKwh: z.number().nullable(),
      qualite: qualiteCountsSchema,
    }),
  ),
  /** What an optimisation with this dataset at `dateEffetMonth` would use. */
  serieOptimisation: seriesWindowSchema.extend({ dateEffet: z.string() }),
});
export type ConsumptionDatasetSummaryResponse = z.infer<typeof consumptionDatasetSummaryResponseSchema>;

export const consumptionOverviewSchema = z.object({
  datasets: z.number().int(),
  totalMwh: z.number(),
  qualite: qualiteCountsSchema,
  pces: z.array(
    z.object({
      pce: z.string(),
      datasets: z.number().int(),
      debut: z.string(),
      fin: z.string(),
      /** Days stored across the PCE's datasets (overlaps counted once per dataset). */
      jours: z.number().int(),
      totalMwh: z.number(),
      dernierImport: z.iso.datetime(),
    }),
  ),
});
export type ConsumptionOverview = z.infer<typeof consumptionOverviewSchema>;
