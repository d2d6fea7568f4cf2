import { pricingQueryOptions } from '../../../features/plans/api/get-pricing.ts';
import { SettingsPage } from '../../../features/plans/components/settings-page.tsx';
import { usageQueryOptions } from '../../../lib/usage.ts';
import { prefetchWhenSignedIn, onlyWhenEntered as shouldRevalidate } from '../../providers/route-query-client.ts';

/** The usage and the plans start loading as the route is entered (ADR 0058). */
export function loader() {
  prefetchWhenSignedIn((queryClient) => {
    void queryClient.prefetchQuery(usageQueryOptions());
    void queryClient.prefetchQuery(pricingQueryOptions());
  });
  return null;
}

/** `/private/account/settings` (Paramètres): usage and plans (spec §2.6). */
export { SettingsPage as Component, shouldRevalidate };
