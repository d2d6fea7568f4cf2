import { vi } from 'vitest';

/** jsdom has no matchMedia: a stub answering "light" (tests override it with `stubMatchMedia`). */
export function stubMatchMedia(prefersDark = false) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = vi.fn((query: string) => ({
    matches: query.includes('dark') ? prefersDark : false,
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    matchMedia,
    /** Simulates the operating system switching theme. */
    setPrefersDark(next: boolean) {
      prefersDark = next;
      for (const listener of listeners) {
        listener({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
      }
    },
  };
}
