import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_TIMEOUT_MS, startInactivityTimer } from './inactivity-timer.ts';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('inactivity timer (spec §9: 300000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('fires once after exactly 5 minutes without activity', () => {
    const onTimeout = vi.fn();
    startInactivityTimer({ onTimeout });
    expect(INACTIVITY_TIMEOUT_MS).toBe(300_000);

    vi.advanceTimersByTime(299_999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(600_000);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it.each([
    ['a mouse move', () => window.dispatchEvent(new MouseEvent('mousemove'))],
    ['a key press', () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))],
    ['the tab becoming visible', () => setVisibility('visible')],
  ])('%s starts the count again', (_name, act) => {
    const onTimeout = vi.fn();
    startInactivityTimer({ onTimeout });

    vi.advanceTimersByTime(240_000);
    act();
    vi.advanceTimersByTime(240_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('the tab becoming hidden does not count as activity', () => {
    const onTimeout = vi.fn();
    startInactivityTimer({ onTimeout });
    vi.advanceTimersByTime(240_000);
    setVisibility('hidden');
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('stop() removes the timer and the listeners', () => {
    const onTimeout = vi.fn();
    const timer = startInactivityTimer({ onTimeout });
    timer.stop();
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(600_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
