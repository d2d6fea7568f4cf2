import { z } from 'zod';
import { pageOf } from './pagination.ts';
import { simulatorPointSchema } from './simulator.ts';

/**
 * `GET /api/simulator/?page=&pageSize=` (spec §7, usage not shown; ADR 0047): the root of the simulator API, as a
 * REST collection root answers — the caller's stored simulations, newest first, paginated (ADR 0020) — and the
 * simulator's endpoints, which the web app reads instead of building them: when the answer names no `simulate`
 * endpoint (or the route is missing), the simulator shows its configuration message (spec §8).
 */
export const simulatorEndpointsSchema = z.object({
  /** `GET`, with `{point}` one of PITD, LI, PIC: the options cascade. */
  options: z.string().meta({ examples: ['/api/simulator/options/{point}/'] }),
  /** `POST`: one simulation. */
  simulate: z.string().meta({ examples: ['/api/simulator/simulate/'] }),
  /** `GET`, with `{id}` a simulation: a fresh signed link to its PDF report. */
  pdfLink: z.string().meta({ examples: ['/api/simulator/simulations/{id}/pdf-link'] }),
});
export type SimulatorEndpoints = z.infer<typeof simulatorEndpointsSchema>;

/** The endpoints this server serves (the same paths as its routes). */
export const simulatorEndpoints: SimulatorEndpoints = {
  options: '/api/simulator/options/{point}/',
  simulate: '/api/simulator/simulate/',
  pdfLink: '/api/simulator/simulations/{id}/pdf-link',
};

/** One stored simulation in the list: what was asked and its fixed totals; the full result is not repeated. */
export const simulationSummarySchema = z.object({
  id: z.string().meta({ examples: ['6f1c2a4e-8b3d-4e5f-9a7b-2c1d0e3f4a5b'] }),
  createdAt: z.iso.datetime(),
  pointDeReseau: simulatorPointSchema,
  code: z
    .string()
    .nullable()
    .meta({ examples: ['ECH-PITD-0001'] }),
  commune: z
    .string()
    .nullable()
    .meta({ examples: ['Paris'] }),
  tarif: z
    .string()
    .nullable()
    .meta({ examples: ['T4'] }),
  profil: z
    .string()
    .nullable()
    .meta({ examples: ['P016'] }),
  /** YYYY-MM-DD: first day of the month of effect. */
  dateEffet: z.string().meta({ examples: ['2026-07-01'] }),
  /** `mensuel.totalFixe` and `annuel.totalFixe` of the result (€ HT); null if the stored result lacks them. */
  totalFixeMensuel: z.number().nullable(),
  totalFixeAnnuel: z.number().nullable(),
  usedSampleData: z.boolean(),
});
export type SimulationSummary = z.infer<typeof simulationSummarySchema>;

export const simulatorIndexResponseSchema = pageOf(simulationSummarySchema).extend({
  endpoints: simulatorEndpointsSchema,
});
export type SimulatorIndexResponse = z.infer<typeof simulatorIndexResponseSchema>;
