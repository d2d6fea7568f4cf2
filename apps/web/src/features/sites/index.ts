/**
 * Sites of the organisation (issue #24 §2, ADR 0068): the list, a site's page and its form; and, for the simulator's
 * and the optimisation's forms, the site of `?site=<id>` (pre-fill, result saved to it).
 *
 * The public entry of this feature (ADR 0058): another feature imports only what is exported here, never a file
 * under this folder.
 */

export { AttachAuditToSite } from './components/attach-audit-to-site.tsx';
export { CreateSiteLink } from './components/create-site-link.tsx';
export { SiteFormPage } from './components/site-form.tsx';
export { SitePage } from './components/site-page.tsx';
export { SitesPage } from './components/sites-page.tsx';
export { useSiteParam } from './hooks/use-site-param.ts';
export { type SiteDraft, siteDraftFromInvoice, siteDraftFromMandate } from './lib/site-draft.ts';
