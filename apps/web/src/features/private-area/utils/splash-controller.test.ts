import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSplashController, type SplashState, splashTimings } from './splash-controller.ts';

function start(options: { reducedMotion?: boolean } = {}) {
  const states: SplashState[] = [];
  const controller = createSplashController({ onChange: (state) => states.push(state), ...options });
  return { controller, states, phase: () => controller.getState().phase };
}

describe('splash screen timings (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec values', () => {
    expect(splashTimings).toEqual({ minMs: 1200, skipAfterMs: 3000, maxMs: 5000, fadeMs: 900 });
  });

  it('stays at least 1.2 s even when authentication is ready at once, then fades out for 0.9 s', () => {
    const { controller, phase } = start();
    controller.markReady();
    vi.advanceTimersByTime(1199);
    expect(phase()).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('fading');
    vi.advanceTimersByTime(899);
    expect(phase()).toBe('fading');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('done');
  });

  it('closes as soon as authentication is ready after the minimum', () => {
    const { controller, phase } = start();
    vi.advanceTimersByTime(2000);
    expect(phase()).toBe('visible');
    controller.markReady();
    expect(phase()).toBe('fading');
  });

  it("offers 'Passer' after 3 s, not before, and skipping closes it", () => {
    const { controller, phase } = start();
    vi.advanceTimersByTime(2999);
    controller.skip();
    expect(controller.getState()).toEqual({ phase: 'visible', canSkip: false });
    vi.advanceTimersByTime(1);
    expect(controller.getState().canSkip).toBe(true);
    controller.skip();
    expect(phase()).toBe('fading');
    vi.advanceTimersByTime(900);
    expect(phase()).toBe('done');
  });

  it('is closed at 5 s even when authentication is still pending', () => {
    const { phase } = start();
    vi.advanceTimersByTime(4999);
    expect(phase()).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(phase()).toBe('fading');
    vi.advanceTimersByTime(900);
    expect(phase()).toBe('done');
  });

  it('does not fade with reduced motion', () => {
    const { controller, phase } = start({ reducedMotion: true });
    controller.markReady();
    vi.advanceTimersByTime(1200);
    expect(phase()).toBe('done');
  });

  it('dispose() stops every timer', () => {
    const { controller, states } = start();
    controller.dispose();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
  });
});
