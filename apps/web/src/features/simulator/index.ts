/**
 * The simulator's results view, for a stored simulation reopened from the history (issue #24 §3).
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { StoredSimulationView } from './components/stored-simulation-view.tsx';
