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
  private: { path: '/private/*', getHref: () => '/private' },
} as const;
