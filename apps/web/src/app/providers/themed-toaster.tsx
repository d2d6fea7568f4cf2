import { Toaster } from 'sonner';
import { useTheme } from './use-theme.ts';

/** sonner's toaster in the current theme (top-centre, 4 s; ADR 0007). */
export function ThemedToaster() {
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
