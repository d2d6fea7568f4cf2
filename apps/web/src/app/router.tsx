/**
 * Routes (spec §2.1). The public layout and the landing page are in the entry bundle; every other page is a lazy
 * route module loaded on first visit. A route module exports its page as `Component` (and, when it needs one, a
 * `loader`), which is the shape React Router's `lazy` expects.
 */
import { useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider, redirect } from 'react-router';
import { DEFAULT_PRIVATE_HREF, paths } from '../config/paths.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { AppLoading } from './routes/app-loading.tsx';
import { LandingPage } from './routes/landing.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // Errors of public pages render inside the layout, so the header and footer stay usable.
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, Component: LandingPage },
              { path: paths.tariffs.path, lazy: () => import('./routes/public/tariffs.tsx') },
              { path: paths.glossary.path, lazy: () => import('./routes/public/glossary.tsx') },
              { path: paths.faq.path, lazy: () => import('./routes/public/faq.tsx') },
              { path: paths.cjaOptimisation.path, lazy: () => import('./routes/public/cja-optimisation.tsx') },
              { path: paths.energyBudgets.path, lazy: () => import('./routes/public/energy-budgets.tsx') },
              { path: paths.invoiceAudit.path, lazy: () => import('./routes/public/invoice-audit.tsx') },
              { path: paths.blog.path, lazy: () => import('./routes/public/blog.tsx') },
              { path: paths.blogPost.path, lazy: () => import('./routes/public/blog-post.tsx') },
              { path: paths.about.path, lazy: () => import('./routes/public/about.tsx') },
              { path: paths.contact.path, lazy: () => import('./routes/public/contact.tsx') },
              { path: paths.privacy.path, lazy: () => import('./routes/public/privacy.tsx') },
              { path: paths.terms.path, lazy: () => import('./routes/public/terms.tsx') },
              { path: paths.security.path, lazy: () => import('./routes/public/security.tsx') },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
      {
        // Sign-in and the private area need server state (TanStack Query) and toasts: this lazy layout brings them,
        // so the public pages never download them.
        lazy: () => import('./layouts/app-services-layout.tsx'),
        children: [
          { path: paths.login.path, lazy: () => import('./routes/login/login.tsx') },
          { path: paths.loginResetPassword.path, lazy: () => import('./routes/login/reset-password.tsx') },
          { path: paths.loginEmailVerified.path, lazy: () => import('./routes/login/email-verified.tsx') },
          { path: paths.invitation.path, lazy: () => import('./routes/invitation.tsx') },
          {
            // Private area (spec §2.3): the layout guards every child; each page is its own chunk.
            path: paths.private.path,
            lazy: () => import('./routes/private/layout.tsx'),
            children: [
              { index: true, loader: () => redirect(DEFAULT_PRIVATE_HREF), element: null },
              { path: paths.account.path, loader: () => redirect(paths.accountSettings.getHref()), element: null },
              { path: paths.accountSettings.path, lazy: () => import('./routes/private/account-settings.tsx') },
              { path: paths.accountMandates.path, lazy: () => import('./routes/private/account-mandates.tsx') },
              { path: paths.accountAbout.path, lazy: () => import('./routes/private/account-about.tsx') },
              { path: paths.accountTrial.path, lazy: () => import('./routes/private/account-trial.tsx') },
              { path: paths.billingCheckout.path, lazy: () => import('./routes/private/billing-checkout.tsx') },
              { path: paths.billingPortal.path, lazy: () => import('./routes/private/billing-portal.tsx') },
              { path: paths.admin.path, lazy: () => import('./routes/private/admin.tsx') },
              { path: paths.history.path, lazy: () => import('./routes/private/history.tsx') },
              { path: paths.sites.path, lazy: () => import('./routes/private/sites.tsx') },
              { path: paths.siteNew.path, lazy: () => import('./routes/private/site-form.tsx') },
              { path: paths.site.path, lazy: () => import('./routes/private/site.tsx') },
              { path: paths.siteEdit.path, lazy: () => import('./routes/private/site-form.tsx') },
              { path: paths.organisation.path, lazy: () => import('./routes/private/organisation.tsx') },
              { path: paths.privateEnergyPage.path, lazy: () => import('./routes/private/energy-page.tsx') },
              // `/private/elec` → its dashboard; anything else unknown → the default dashboard.
              {
                path: paths.privateEnergy.path,
                loader: ({ params }) =>
                  redirect(params.energy === 'elec' ? paths.privateEnergyPage.getHref('elec') : DEFAULT_PRIVATE_HREF),
                element: null,
              },
              { path: `${paths.private.path}/*`, loader: () => redirect(DEFAULT_PRIVATE_HREF), element: null },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
