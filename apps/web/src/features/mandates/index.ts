/**
 * A mandate's facts and status badge, shown by the admin panel's mandates section; « Utiliser les données du PCE … »
 * for the optimiser and the simulator (ADR 0072).
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { MandateFacts } from './components/mandate-facts.tsx';
export { MandateStatusBadge } from './components/mandate-status-badge.tsx';
export { formNumber, PceDataPicker } from './components/pce-data-picker.tsx';
