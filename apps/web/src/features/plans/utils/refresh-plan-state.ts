import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/session.ts';
import { usageQueryKey } from '../../../lib/usage.ts';
import { localSessionQueryKey } from '../api/get-local-session.ts';

/** After anything that may change the tier: the usage, the session (its tier) and any demonstration session. */
export function refreshPlanState(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usageQueryKey }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: localSessionQueryKey }),
  ]);
}
