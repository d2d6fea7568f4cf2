/**
 * The account card (name, e-mail, sign-in methods), shown on the settings page of the plans feature.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */
export { AccountCard } from './components/account-card.tsx';
