import { QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { getAppQueryClient } from '../providers/app-query-client.ts';
import { AppServicesContext } from '../providers/app-services-context.ts';
import { ThemedToaster } from '../providers/themed-toaster.tsx';

/**
 * Pathless layout of sign-in and the private area (lazy): provides the query client and the toaster, which the
 * public pages do not need. One instance spans /login and /private/*, so a toast survives the redirect after
 * sign-in and the cache is shared. Inside `AppProviders` (unit tests) they already exist: nothing to add.
 */
function AppServicesLayout() {
  const alreadyProvided = useContext(AppServicesContext);
  if (alreadyProvided) {
    return <Outlet />;
  }
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      <Outlet />
      <ThemedToaster />
    </QueryClientProvider>
  );
}

export { AppServicesLayout as Component };
