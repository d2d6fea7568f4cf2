import { useEffect, useRef } from 'react';
import { INACTIVITY_TIMEOUT_MS, startInactivityTimer } from '../utils/inactivity-timer.ts';

/** Calls `onTimeout` after 5 minutes without a mouse move, a key press or the tab becoming visible. */
export function useInactivityLogout({
  enabled,
  onTimeout,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
}: {
  enabled: boolean;
  onTimeout: () => void;
  timeoutMs?: number;
}): void {
  const callback = useRef(onTimeout);
  useEffect(() => {
    callback.current = onTimeout;
  });

  useEffect(() => {
    if (!enabled) {
      return;
    }
    const timer = startInactivityTimer({ timeoutMs, onTimeout: () => callback.current() });
    return () => timer.stop();
  }, [enabled, timeoutMs]);
}
