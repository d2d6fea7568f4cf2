/**
 * The options cascade of the network (codes, communes, PITD choice): its query, its fields and the helpers
 * that read an answer, shared by the simulator, the optimisation form and the mandate form.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export {
  NETWORK_OPTIONS_GC_MS,
  NETWORK_OPTIONS_STALE_MS,
  type NetworkOptionsParams,
  shouldRetryOptions,
  useNetworkOptions,
} from './api/get-network-options.ts';
export { CODE_SEARCH_DEBOUNCE_MS, CodeCombobox } from './components/code-combobox.tsx';
export { CommunePitdChoice } from './components/commune-pitd-choice.tsx';
export { communesOf, pickListed } from './utils/communes.ts';
