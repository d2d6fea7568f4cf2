/**
 * The optimisation's results view, for a stored optimisation reopened from the history (issue #24 §3).
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { StoredOptimisationView } from './components/stored-optimisation-view.tsx';
