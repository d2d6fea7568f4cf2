/**
 * The user's consumption datasets: the panel of the optimisation page and the list its form chooses from.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { DATASET_CHOICES, useConsumptionDatasets } from './api/get-consumption-datasets.ts';
export { ConsumptionDataPanel } from './components/consumption-data-panel.tsx';
