/**
 * A mandate's facts and status badge, shown by the admin panel's mandates section.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { MandateFacts } from './components/mandate-facts.tsx';
export { MandateStatusBadge } from './components/mandate-status-badge.tsx';
