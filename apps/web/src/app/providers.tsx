import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { AppServicesContext } from './providers/app-services-context.ts';
import { ThemeProvider } from './providers/theme-provider.tsx';
import { ThemedToaster } from './providers/themed-toaster.tsx';

/**
 * Every provider above the router: theme, query client and toaster. The unit tests render the app inside it.
 * The browser entry (`main.tsx`) only mounts the theme: the query client and the toaster come with the lazy
 * `app-services-layout` of sign-in and the private area, so public pages never download them.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider>
      <AppServicesContext value={true}>
        <QueryClientProvider client={client}>
          {children}
          <ThemedToaster />
        </QueryClientProvider>
      </AppServicesContext>
    </ThemeProvider>
  );
}
