import { pricingQueryOptions } from '../../../features/plans/api/get-pricing.ts';
import { TrialPage } from '../../../features/plans/components/trial-page.tsx';
import { usageQueryOptions } from '../../../lib/usage.ts';
import { prefetchWhenSignedIn, onlyWhenEntered as shouldRevalidate } from '../../providers/route-query-client.ts';

/** The usage and the trial offer start loading as the route is entered (ADR 0058). */
export function loader() {
  prefetchWhenSignedIn((queryClient) => {
    void queryClient.prefetchQuery(usageQueryOptions());
    void queryClient.prefetchQuery(pricingQueryOptions());
  });
  return null;
}

export { shouldRevalidate, TrialPage as Component };
