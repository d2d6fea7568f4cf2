import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import { isApiClientError } from './api-error.ts';

const MAX_QUERY_RETRIES = 2;

/** Client errors (4xx) will not change by asking again; network and server errors get two more tries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiClientError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < MAX_QUERY_RETRIES;
}

export const queryDefaults = {
  queries: {
    staleTime: 60 * 1000,
    gcTime: 5 * 60 * 1000,
    retry: shouldRetryQuery,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
