import { Alert } from './alert.tsx';

/** The server's (provider's) message after a failed call, read at once. */
export function FormError({ error }: { error: unknown }) {
  if (!error) {
    return null;
  }
  const message = error instanceof Error ? error.message : 'Une erreur est survenue.';
  return <Alert tone="error">{message}</Alert>;
}
