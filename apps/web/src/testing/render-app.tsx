import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterContextProvider, RouterProvider } from 'react-router';
import { queryClientContext } from '../app/providers/route-query-client.ts';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';

/** Renders the whole app (real routes, providers and layouts) at `url`, in memory. */
export function renderApp(url = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The route loaders prefetch into this client, the one the pages read (ADR 0058).
  const router = createMemoryRouter(routes, {
    initialEntries: [url],
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
  });
  // No pause between keystrokes (the default waits a macrotask after each): typed text arrives as fast as jsdom
  // handles it, so a form journey does not need a longer test timeout.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, user, queryClient };
}
