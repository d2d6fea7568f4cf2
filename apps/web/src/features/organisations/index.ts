/**
 * Organisations (issue #24 §1, ADR 0061): the header's switcher, the « Organisation » settings page and the page of
 * the invitation link.
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder. `activeOrganisationQueryOptions` gives the active organisation (objects belong to it, ADR 0066);
 * `useObjectPermissions`, `CreateGuard` and `ReadOnlyNotice` hide or disable what a viewer may not do.
 */
export { activeOrganisationQueryOptions, useActiveOrganisation } from './api/get-active-organisation.ts';
export { useUpdateOrganisation } from './api/save-organisation.ts';
export { IdentityForm } from './components/identity-form.tsx';
export { InvitationPage } from './components/invitation-page.tsx';
export { CreateGuard, ReadOnlyNotice, useObjectPermissions } from './components/object-permissions.tsx';
export { OrganisationSettingsPage } from './components/organisation-settings-page.tsx';
export { OrganisationSwitcher } from './components/organisation-switcher.tsx';
