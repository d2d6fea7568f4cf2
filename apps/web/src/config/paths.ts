/** Every URL of the app, in one place: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  tariffs: { path: '/tarifs-energie', getHref: () => '/tarifs-energie' },
  glossary: { path: '/glossaire', getHref: () => '/glossaire' },
  faq: { path: '/faq', getHref: () => '/faq' },
  cjaOptimisation: { path: '/optimisation-cja', getHref: () => '/optimisation-cja' },
  energyBudgets: { path: '/budgets-energie', getHref: () => '/budgets-energie' },
  invoiceAudit: { path: '/controle-factures', getHref: () => '/controle-factures' },
  blog: { path: '/blog', getHref: () => '/blog' },
  blogPost: { path: '/blog/:slug', getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  security: { path: '/security', getHref: () => '/security' },
  login: {
    path: '/login',
    getHref: ({ signup = false }: { signup?: boolean } = {}) => (signup ? '/login?signup=true' : '/login'),
  },
  /** The other modes of /login (spec §2.2): forgot password, change of e-mail (signed in). */
  loginForgotPassword: { path: '/login', getHref: () => '/login?mode=forgot-password' },
  loginChangeEmail: { path: '/login', getHref: () => '/login?mode=change-email' },
  /** Where the link of the password-reset mail lands (better-auth redirects here with `?token=` or `?error=`). */
  loginResetPassword: { path: '/login/reset-password', getHref: () => '/login/reset-password' },
  /** Where the e-mail verification link lands (better-auth redirects here, with `?error=` on failure). */
  loginEmailVerified: {
    path: '/login/email-verified',
    getHref: ({ change = false }: { change?: boolean } = {}) =>
      change ? '/login/email-verified?change=true' : '/login/email-verified',
  },
  private: { path: '/private', getHref: () => '/private' },
  privateEnergyPage: {
    path: '/private/:energy/:page',
    getHref: (energy: string, page = 'dashboard') =>
      `/private/${encodeURIComponent(energy)}/${encodeURIComponent(page)}`,
  },
  privateEnergy: { path: '/private/:energy', getHref: (energy: string) => `/private/${encodeURIComponent(energy)}` },
  /** Past simulations and optimisations (issue #24 §3); `?simulation=<id>` reopens one. */
  history: { path: '/private/historique', getHref: () => '/private/historique' },
  /** The active organisation's sites (issue #24 §2): list, import, export; a site's page; its form. */
  sites: { path: '/private/sites', getHref: () => '/private/sites' },
  siteNew: { path: '/private/sites/nouveau', getHref: () => '/private/sites/nouveau' },
  site: { path: '/private/sites/:id', getHref: (id: string) => `/private/sites/${encodeURIComponent(id)}` },
  siteEdit: {
    path: '/private/sites/:id/modifier',
    getHref: (id: string) => `/private/sites/${encodeURIComponent(id)}/modifier`,
  },
  /** The active organisation: identity, members, invitations (issue #24 §1). */
  organisation: { path: '/private/organisation', getHref: () => '/private/organisation' },
  /** Where the invitation mail leads (`?token=`); signed out, it sends to /login and back. */
  invitation: { path: '/invitation', getHref: () => '/invitation' },
  account: { path: '/private/account', getHref: () => '/private/account' },
  accountSettings: { path: '/private/account/settings', getHref: () => '/private/account/settings' },
  accountMandates: { path: '/private/account/mandats', getHref: () => '/private/account/mandats' },
  accountAbout: { path: '/private/account/about', getHref: () => '/private/account/about' },
  /** Starts the 14-day business trial (the public « Essai gratuit » call to action leads here, ADR 0029). */
  accountTrial: { path: '/private/account/trial', getHref: () => '/private/account/trial' },
  /** The local billing provider's pages (demonstration payment, `?session=<id>`; the server builds those URLs). */
  billingCheckout: { path: '/private/account/billing/checkout', getHref: () => '/private/account/billing/checkout' },
  billingPortal: { path: '/private/account/billing/portal', getHref: () => '/private/account/billing/portal' },
  admin: { path: '/private/admin', getHref: () => '/private/admin' },
} as const;

/** Default private page (spec §2.3: the default commodity is gas). */
export const DEFAULT_PRIVATE_HREF = '/private/gas/dashboard';
