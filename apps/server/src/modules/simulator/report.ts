import type { SimulationResultDto, ValidatedSimulatorForm } from '@pilote/contracts';

// The stored simulation as its PDF is drawn from it. A file of its own so that the PDF report, task and renderer
// need not import the service that imports them (no import circle, issue #22, ADR 0054).

/** What `simulations.input` holds: the validated form and the month of effect. */
export interface StoredSimulationInput {
  form: ValidatedSimulatorForm;
  dateEffet: string;
}

export interface SimulationReport {
  id: string;
  createdAt: Date;
  input: StoredSimulationInput;
  result: SimulationResultDto;
}
