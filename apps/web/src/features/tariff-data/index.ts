/**
 * The stored tariff values the engine lays over the packaged ones, read by the public tariffs page.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { usePublicStoredTariffValues } from './api/get-stored-tariff-values.ts';
