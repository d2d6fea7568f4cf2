/**
 * Organisations (issue #24 §1, ADR 0061): the header's switcher, the « Organisation » settings page and the page of
 * the invitation link.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder. `activeOrganisationQueryOptions` gives the active organisation (objects will belong to it).
 */
export { activeOrganisationQueryOptions, useActiveOrganisation } from './api/get-active-organisation.ts';
export { InvitationPage } from './components/invitation-page.tsx';
export { OrganisationSettingsPage } from './components/organisation-settings-page.tsx';
export { OrganisationSwitcher } from './components/organisation-switcher.tsx';
