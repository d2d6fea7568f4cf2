import { Flame, Zap } from 'lucide-react';
import { BrandMark } from '../../../components/layout/brand-mark.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { SplashPhase } from '../utils/splash-controller.ts';

/**
 * Spec §2.4: gas and electricity animations take turns while authentication loads; 'Passer' appears after 3 s.
 * With reduced motion both marks are shown still and the splash closes without fading.
 */
export function SplashScreen({
  phase,
  canSkip,
  onSkip,
  reducedMotion,
}: {
  phase: SplashPhase;
  canSkip: boolean;
  onSkip: () => void;
  reducedMotion: boolean;
}) {
  if (phase === 'done') {
    return null;
  }
  return (
    <div
      data-testid="splash-screen"
      data-phase={phase}
      className={cn(
        'fixed inset-0 z-[60] flex flex-col items-center justify-center gap-6 bg-background px-6 text-center',
        reducedMotion ? '' : 'transition-opacity duration-900 ease-out',
        phase === 'fading' ? 'pointer-events-none opacity-0' : 'opacity-100',
      )}
    >
      {reducedMotion ? (
        <div className="flex items-center gap-6" aria-hidden="true">
          <Flame className="size-16 text-gas" />
          <Zap className="size-16 text-elec" />
        </div>
      ) : (
        <div className="relative size-24" aria-hidden="true">
          <Flame className="absolute inset-0 size-24 animate-splash-first text-gas" />
          <Zap className="absolute inset-0 size-24 animate-splash-second text-elec" />
        </div>
      )}
      <BrandMark />
      <p role="status" className="text-sm text-muted-foreground">
        Préparation de votre espace…
      </p>
      <div className="h-10">
        {canSkip ? (
          <Button variant="outline" onClick={onSkip}>
            Passer
          </Button>
        ) : null}
      </div>
    </div>
  );
}
