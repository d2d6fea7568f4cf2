import type { SimulatorServiceDependencies } from './context.ts';
import { createSimulatorOptions } from './options.ts';
import { createSimulationPdfs } from './pdf-downloads.ts';
import { createSimulate } from './simulate.ts';

export type { SimulatorServiceDependencies } from './context.ts';
export { samplePointTableMessage } from './options.ts';
export type { SimulationReport, StoredSimulationInput } from './report.ts';

/**
 * The simulator's service, one object for the routes, composed of its use cases (ADR 0060): the form's options
 * cascade (`options.ts`), a simulation (`simulate.ts`) and its PDF report (`pdf-downloads.ts`).
 */
export function createSimulatorService({ now = () => new Date(), ...dependencies }: SimulatorServiceDependencies) {
  const context = { ...dependencies, now };
  return {
    ...createSimulatorOptions(context),
    ...createSimulate(context),
    ...createSimulationPdfs(context),
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;
