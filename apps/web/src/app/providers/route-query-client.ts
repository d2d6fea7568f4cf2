import type { AccountUser } from '@pilote/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../lib/session.ts';
import { getAppQueryClient } from './app-query-client.ts';

/*
 * Route loaders that prefetch (ADR 0058). They fill the app's one query client (`getAppQueryClient()`), the one
 * `app-services-layout` provides to the pages; the unit tests' `renderApp` sets its own client as that one. Not the
 * router context: a router given `getContext` awaits it on every navigation, so even a search change (`?section=`)
 * would no longer apply at once.
 */

/**
 * A loader starts the session's query (unless cached and fresh) and returns at once: the route renders as before
 * (splash screen, guard) and its `useSession()` finds the request already under way.
 */
export function prefetchSession(): void {
  void getAppQueryClient().prefetchQuery(sessionQueryOptions());
}

/**
 * Starts a page's first queries once the session has a user, without holding the navigation: the page's components
 * then find them under way or answered. Signed out (the guard sends the visitor to /login) or when the session
 * cannot be read, nothing is asked, so no page query answers 401 for nothing.
 */
export function prefetchWhenSignedIn(
  prefetch: (queryClient: QueryClient, user: AccountUser) => void | Promise<void>,
): void {
  const queryClient = getAppQueryClient();
  void queryClient
    .ensureQueryData(sessionQueryOptions())
    .then((user) => (user ? prefetch(queryClient, user) : undefined))
    .catch(() => undefined);
}

/**
 * The `shouldRevalidate` of a route whose loader only prefetches: it runs when the route is entered, not again when
 * the search changes under it (`?section=`, `?payment=`), so such a navigation stays as immediate as before the
 * loader existed (no loader to wait for). The queries refresh themselves by their own stale times.
 */
export function onlyWhenEntered(): boolean {
  return false;
}
