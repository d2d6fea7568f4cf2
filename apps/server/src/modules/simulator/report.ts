import { type SimulationResultDto, validatedSimulatorFormSchema } from '@pilote/contracts';
import { z } from 'zod';

// The stored simulation as its PDF is drawn from it. A file of its own so that the PDF report, task and renderer
// need not import the service that imports them (no import circle, issue #22, ADR 0054).

/** What `simulations.input` holds: the validated form and the month of effect (parsed on read, ADR 0060). */
export const storedSimulationInputSchema = z.object({ form: validatedSimulatorFormSchema, dateEffet: z.string() });
export type StoredSimulationInput = z.infer<typeof storedSimulationInputSchema>;

export interface SimulationReport {
  id: string;
  createdAt: Date;
  input: StoredSimulationInput;
  result: SimulationResultDto;
}
