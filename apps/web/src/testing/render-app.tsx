import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setAppQueryClientForTests } from '../app/providers/app-query-client.ts';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';

/** Renders the whole app (real routes, providers and layouts) at `url`, in memory. */
export function renderApp(url = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The route loaders prefetch into the app's client: this one, which the pages read (ADR 0058).
  setAppQueryClientForTests(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
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
