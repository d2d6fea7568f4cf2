/**
 * The revision and environment actually served (`/runtime-info.json`), read by the user menu.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { useRuntimeInfo } from './api/get-runtime-info.ts';
