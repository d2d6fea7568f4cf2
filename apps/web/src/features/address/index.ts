/**
 * The address search field (Base Adresse Nationale), used by the simulator and the mandate form.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { AddressAutocomplete } from './components/address-autocomplete.tsx';
