import { useEffect, useRef, useState } from 'react';
import { createSplashController, type SplashController, type SplashState } from '../utils/splash-controller.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

const DONE: SplashState = { phase: 'done', canSkip: false };
const VISIBLE: SplashState = { phase: 'visible', canSkip: false };

/** The splash is shown once per page load ("at start", spec §2.4). */
let shownThisPage = false;

/** For tests: the next private area mount shows the splash again. */
export function resetSplashForTests(): void {
  shownThisPage = false;
}

/** Drives the splash screen while `ready` (authentication) is pending. */
export function useSplash({ ready }: { ready: boolean }): SplashState & { skip: () => void } {
  const reducedMotion = usePrefersReducedMotion();
  const reducedMotionAtStart = useRef(reducedMotion);
  const [state, setState] = useState<SplashState>(() => (shownThisPage ? DONE : VISIBLE));
  const controller = useRef<SplashController | null>(null);
  const startsDone = useRef(state.phase === 'done');

  useEffect(() => {
    if (startsDone.current) {
      return;
    }
    const created = createSplashController({
      reducedMotion: reducedMotionAtStart.current,
      onChange: (next) => {
        if (next.phase === 'done') {
          shownThisPage = true;
        }
        setState(next);
      },
    });
    controller.current = created;
    setState(created.getState());
    return () => {
      created.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) {
      controller.current?.markReady();
    }
  }, [ready]);

  return { ...state, skip: () => controller.current?.skip() };
}
