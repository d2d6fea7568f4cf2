/** Query keys of the organisations feature: every change invalidates the whole feature (small lists). */
export const organisationsKey = ['organisations'] as const;
export const activeOrganisationKey = ['organisations', 'active'] as const;
