/** Shown while the first route's code loads (only on a direct visit to a lazy page; appears after a short delay). */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <p className="animate-delayed-appear text-muted-foreground">Chargement…</p>
    </div>
  );
}
