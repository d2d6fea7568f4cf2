import { z } from 'zod';
import { optimisationBodySchema, optimisationResponseSchema } from './optimisation.ts';
import { pageOf } from './pagination.ts';
import { simulateBodySchema, simulateResponseSchema, simulatorPoints, simulatorTarifs } from './simulator.ts';

/**
 * History of results (issue #24 §3, ADR 0064): the caller's stored simulations and optimisations, listed newest
 * first (`?page=&pageSize=`), reopened, deleted, and — simulations — recalculated with today's grids.
 */

export const historyIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** One stored simulation in the list: what it was about and its yearly total excluding VAT. */
export const simulationHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  pointDeReseau: z.enum(simulatorPoints),
  code: z.string().nullable(),
  commune: z.string().nullable(),
  /** The distributor (DSO) of a PITD; for an LI / PIC point, its transport operator. */
  gestionnaire: z.string().nullable(),
  /** The tariff option (T1…T4, TP). */
  tarif: z.string().nullable(),
  /** YYYY-MM-DD: first day of the month of effect (the period simulated). */
  dateEffet: z.string(),
  /** € HT per year: the sum of the result's yearly line amounts (rounded to the cent); null if none is known. */
  totalAnnuelHt: z.number().nullable(),
  usedSampleData: z.boolean(),
});
export type SimulationHistoryItem = z.infer<typeof simulationHistoryItemSchema>;
export const simulationHistoryPageSchema = pageOf(simulationHistoryItemSchema);
export type SimulationHistoryPage = z.infer<typeof simulationHistoryPageSchema>;

/**
 * A stored simulation reopened: the answer of `POST /api/simulator/simulate/` (a fresh signed PDF link), with when
 * it was made and the form it was made from (`input`: a body `simulate` accepts as it is).
 */
export const simulationDetailSchema = simulateResponseSchema.extend({
  createdAt: z.iso.datetime(),
  input: simulateBodySchema,
});
export type SimulationDetail = z.infer<typeof simulationDetailSchema>;

/** One line of a recalculation: amounts rounded to the cent, difference = new − old of those rounded amounts. */
export const recalculationLineSchema = z.object({
  /** The line's id (`atrd.abonnement`…), or `total` for the yearly total excluding VAT. */
  id: z.string(),
  label: z.string(),
  /** `€/an` for yearly amounts; `€/MWh` for a per-MWh line without yearly amount (no assiette). */
  unit: z.enum(['€/an', '€/MWh']),
  /** null: the line did not exist in that result. */
  ancien: z.number().nullable(),
  nouveau: z.number().nullable(),
  difference: z.number(),
});
export type RecalculationLine = z.infer<typeof recalculationLineSchema>;

/** `POST /api/simulator/simulations/:id/recalculate`: the new simulation (a new history entry) and what changed. */
export const simulationRecalculationSchema = z.object({
  previous: z.object({ simulationId: z.string(), createdAt: z.iso.datetime(), dateEffet: z.string() }),
  current: simulateResponseSchema,
  /** Every line of either result, in the new result's order (lines gone last), then the total. */
  lines: z.array(recalculationLineSchema),
  /** True when at least one line differs by a cent or more. */
  changed: z.boolean(),
});
export type SimulationRecalculation = z.infer<typeof simulationRecalculationSchema>;

/** One stored optimisation in the list: the summary kept for each answer (its detail: `optimisationDetailSchema`). */
export const optimisationHistoryItemSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  code: z.string(),
  commune: z.string(),
  tso: z.string(),
  tarif: z.enum(simulatorTarifs),
  dateEffet: z.string(),
  cjaActuelle: z.number(),
  /** The recommended CJA (MWh/j). */
  cjaOptimisee: z.number(),
  /** € HT per year saved with the recommended CJA. */
  economieAnnuelle: z.number(),
  pourcentageEconomie: z.number(),
  coutAvant: z.number(),
  coutApres: z.number(),
  seriesEstimated: z.boolean(),
  hasEstimates: z.boolean(),
  /** True when its request and answer were kept (since migration 0017): it can be reopened and recalculated. */
  detailKept: z.boolean(),
});
export type OptimisationHistoryItem = z.infer<typeof optimisationHistoryItemSchema>;
export const optimisationHistoryPageSchema = pageOf(optimisationHistoryItemSchema);
export type OptimisationHistoryPage = z.infer<typeof optimisationHistoryPageSchema>;

/**
 * `GET /api/optimisation/optimisations/:id`: the summary, and — for optimisations stored since migration 0017 — the
 * request (`input`: a body `POST /api/optimisation/` accepts as it is) and the whole answer (`result`), both null for
 * older ones (only their summary was kept; ADR 0064).
 */
export const optimisationDetailSchema = optimisationHistoryItemSchema.extend({
  input: optimisationBodySchema.nullable(),
  result: optimisationResponseSchema.nullable(),
});
export type OptimisationDetail = z.infer<typeof optimisationDetailSchema>;

/** One side of an optimisation recalculation: which entry, when, for which month, and its recommended CJA. */
const optimisationRecalculationSideSchema = z.object({
  optimisationId: z.string(),
  createdAt: z.iso.datetime(),
  dateEffet: z.string(),
  cjaActuelle: z.number(),
  cjaOptimisee: z.number(),
});

/**
 * `POST /api/optimisation/optimisations/:id/recalculate`: the new optimisation (a new history entry, its answer in
 * `result`) and what changed, line by line to the cent: the costs with the current CJA, with the recommended CJA,
 * the saving, then the yearly cost with the recommended CJA (`total`).
 */
export const optimisationRecalculationSchema = z.object({
  previous: optimisationRecalculationSideSchema,
  current: optimisationRecalculationSideSchema,
  result: optimisationResponseSchema,
  lines: z.array(recalculationLineSchema),
  /** True when at least one line differs by a cent or more. */
  changed: z.boolean(),
});
export type OptimisationRecalculation = z.infer<typeof optimisationRecalculationSchema>;

export const historyDeleteResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type HistoryDeleteResponse = z.infer<typeof historyDeleteResponseSchema>;

/** Where the history lives (docs/api.md). */
export const historyEndpoints = {
  simulations: '/api/simulator/simulations/',
  optimisations: '/api/optimisation/optimisations/',
} as const;
