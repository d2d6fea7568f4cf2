import { Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';

const WELCOME_VISIBLE_MS = 6000;

/** The welcome animation of spec §2.3 once a user is present; it leaves by itself after a few seconds. */
export function WelcomeBanner({ name, onDone }: { name: string; onDone: () => void }) {
  const [isVisible, setIsVisible] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setIsVisible(false), WELCOME_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!isVisible) {
      onDone();
    }
  }, [isVisible, onDone]);

  if (!isVisible) {
    return null;
  }
  return (
    <div
      role="status"
      data-testid="welcome-banner"
      className="mb-6 flex animate-welcome items-center gap-3 rounded-xl border border-border bg-accent px-4 py-3 text-accent-foreground motion-reduce:animate-none"
    >
      <Sparkles aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 text-sm font-medium wrap-anywhere">Bienvenue, {name} !</p>
      <button
        type="button"
        onClick={() => setIsVisible(false)}
        aria-label="Fermer le message de bienvenue"
        className="inline-flex size-8 items-center justify-center rounded-md hover:bg-background/40"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
