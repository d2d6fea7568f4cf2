import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';

let appQueryClient: QueryClient | undefined;

/** The browser's one query client, created on first use (the first visit to sign-in or the private area). */
export function getAppQueryClient(): QueryClient {
  appQueryClient ??= createQueryClient();
  return appQueryClient;
}

/** Tests: the client of `AppProviders` that `renderApp` creates is the app's, so the route loaders fill it. */
export function setAppQueryClientForTests(queryClient: QueryClient): void {
  appQueryClient = queryClient;
}

/** Tests: forget the client (and its cache), as a page load would; the web tests share modules between files. */
export function resetAppQueryClientForTests(): void {
  appQueryClient?.clear();
  appQueryClient = undefined;
}
