import { useEffect } from 'react';
import { type ApiClientError, isApiClientError } from './api-error.ts';

/**
 * The 403 of an admin query (the role was withdrawn meanwhile): handed once to `onForbidden`, which sends the
 * user back to the dashboard. Returns it so the panel shows no generic error for it.
 */
export function useForbiddenError(error: unknown, onForbidden: (error: Error) => void): ApiClientError | null {
  const forbidden = isApiClientError(error) && error.status === 403 ? error : null;
  useEffect(() => {
    if (forbidden) {
      onForbidden(forbidden);
    }
  }, [forbidden, onForbidden]);
  return forbidden;
}
