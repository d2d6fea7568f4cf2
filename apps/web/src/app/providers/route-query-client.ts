import type { AccountUser } from '@pilote/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type RouterContextProvider } from 'react-router';
import { sessionQueryOptions } from '../../lib/session.ts';
import { getAppQueryClient } from './app-query-client.ts';

/**
 * The query client the route loaders fill (ADR 0058). The unit tests' router sets it (`renderApp`: the client of
 * `AppProviders`); in the browser nothing is set and the loaders use the app's one client, the one
 * `app-services-layout` provides to the pages.
 */
export const queryClientContext = createContext<QueryClient | null>(null);

export function routeQueryClient(context: Readonly<RouterContextProvider>): QueryClient {
  return context.get(queryClientContext) ?? getAppQueryClient();
}

/**
 * A loader starts the session's query (unless cached and fresh) and returns at once: the route renders as before
 * (splash screen, guard) and its `useSession()` finds the request already under way.
 */
export function prefetchSession(context: Readonly<RouterContextProvider>): void {
  void routeQueryClient(context).prefetchQuery(sessionQueryOptions());
}

/**
 * Starts a page's first queries once the session has a user, without holding the navigation: the page's components
 * then find them under way or answered. Signed out (the guard sends the visitor to /login) or when the session
 * cannot be read, nothing is asked, so no page query answers 401 for nothing.
 */
export function prefetchWhenSignedIn(
  context: Readonly<RouterContextProvider>,
  prefetch: (queryClient: QueryClient, user: AccountUser) => void | Promise<void>,
): void {
  const queryClient = routeQueryClient(context);
  void queryClient
    .ensureQueryData(sessionQueryOptions())
    .then((user) => (user ? prefetch(queryClient, user) : undefined))
    .catch(() => undefined);
}
