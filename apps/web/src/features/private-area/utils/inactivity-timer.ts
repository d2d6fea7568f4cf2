/** Spec §9: sign out after 300000 ms (5 min) without activity. */
export const INACTIVITY_TIMEOUT_MS = 300_000;

/** What counts as activity (spec §9): a mouse move, a key press, the tab becoming visible again. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown'] as const;

export type InactivityTimer = { reset: () => void; stop: () => void };

/**
 * Calls `onTimeout` once after `timeoutMs` without activity on `target` (window) or its document becoming
 * visible. Every activity starts the count again. `stop()` removes the listeners and the timer.
 */
export function startInactivityTimer({
  onTimeout,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
  target = window,
  doc = document,
}: {
  onTimeout: () => void;
  timeoutMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}): InactivityTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const reset = () => {
    if (stopped) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      stop();
      onTimeout();
    }, timeoutMs);
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible') {
      reset();
    }
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) {
      target.removeEventListener(type, reset);
    }
    doc.removeEventListener('visibilitychange', onVisibilityChange);
  };

  for (const type of ACTIVITY_EVENTS) {
    target.addEventListener(type, reset, { passive: true });
  }
  doc.addEventListener('visibilitychange', onVisibilityChange);
  reset();
  return { reset, stop };
}
