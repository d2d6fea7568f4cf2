/** Spec §9: minimum 1.2 s, 'Passer' after 3 s, forced close at 5 s, 0.9 s fade-out. */
export const splashTimings = { minMs: 1200, skipAfterMs: 3000, maxMs: 5000, fadeMs: 900 } as const;

export type SplashPhase = 'visible' | 'fading' | 'done';
export type SplashState = { phase: SplashPhase; canSkip: boolean };

export type SplashController = {
  /** The work behind the splash (authentication) is finished. */
  markReady: () => void;
  /** The 'Passer' button. */
  skip: () => void;
  getState: () => SplashState;
  dispose: () => void;
};

/**
 * The splash's clock. It closes when the work is ready and the minimum time has passed, when the user skips
 * (possible after 3 s), or at 5 s whatever happens; closing fades out for 0.9 s (no fade with reduced motion).
 */
export function createSplashController({
  onChange,
  reducedMotion = false,
  timings = splashTimings,
}: {
  onChange: (state: SplashState) => void;
  reducedMotion?: boolean;
  timings?: { minMs: number; skipAfterMs: number; maxMs: number; fadeMs: number };
}): SplashController {
  let state: SplashState = { phase: 'visible', canSkip: false };
  let ready = false;
  let minElapsed = false;
  const timers: ReturnType<typeof setTimeout>[] = [];

  const set = (next: Partial<SplashState>) => {
    state = { ...state, ...next };
    onChange(state);
  };
  const finish = () => {
    if (state.phase !== 'done') {
      set({ phase: 'done', canSkip: false });
    }
  };
  const close = () => {
    if (state.phase !== 'visible') {
      return;
    }
    const fadeMs = reducedMotion ? 0 : timings.fadeMs;
    if (fadeMs === 0) {
      finish();
      return;
    }
    set({ phase: 'fading', canSkip: false });
    timers.push(setTimeout(finish, fadeMs));
  };

  timers.push(
    setTimeout(() => {
      minElapsed = true;
      if (ready) {
        close();
      }
    }, timings.minMs),
    setTimeout(() => {
      if (state.phase === 'visible') {
        set({ canSkip: true });
      }
    }, timings.skipAfterMs),
    setTimeout(close, timings.maxMs),
  );

  return {
    markReady: () => {
      ready = true;
      if (minElapsed) {
        close();
      }
    },
    skip: () => {
      if (state.canSkip) {
        close();
      }
    },
    getState: () => state,
    dispose: () => {
      for (const timer of timers) {
        clearTimeout(timer);
      }
    },
  };
}
