import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { ThemeProvider } from './providers/theme-provider.tsx';
import { useTheme } from './providers/use-theme.ts';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      duration={4000}
      theme={resolvedTheme}
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />
  );
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
