import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetWelcomeForTests } from '../app/layouts/private-layout.tsx';
import { resetAppQueryClientForTests } from '../app/providers/app-query-client.ts';
import { resetSplashForTests } from '../features/private-area/hooks/use-splash.ts';
import { clearAuthToken } from '../lib/auth-token.ts';
import { resetSessionHintForTests } from '../lib/session-hint.ts';
import { stubMatchMedia } from './match-media.ts';

// The web project shares one module registry and one jsdom between the files of a worker (isolate: false in
// vitest.config.ts): this file runs again before each test file, so each file starts with the module state a page
// load gives (the app's query client, the bearer token, the splash and welcome shown once per page, the session
// hint), as it did with a fresh module registry per file.
resetAppQueryClientForTests();
clearAuthToken();
resetSplashForTests();
resetWelcomeForTests();
resetSessionHintForTests();

// findBy*/waitFor give up after 4 s (testing-library's default is 1 s), below Vitest's 5 s per test: a wait that
// cannot end fails with testing-library's message (what was awaited, the DOM at that moment) rather than Vitest's
// bare « Test timed out in 5000ms », and never outlives the test it belongs to. 4 s is room for a route's lazy
// module met on its first import (tests that render a route import it once in a beforeAll: testing/preload-route.ts)
// and for a busy 2-core machine; a wait that needs more is a slow step to fix, not a cap to raise.
configure({ asyncUtilTimeout: 4_000 });

stubMatchMedia();
// jsdom does not implement scrolling.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });

afterEach(async () => {
  cleanup();
  // What a test started and the app does not await — a lazy page (`React.lazy`, a route's `lazy`) or a loader's
  // prefetch module — finishes loading inside the test's file: left pending at the end of the file's run, Vitest
  // closes the module channel under it and fails the file with `EnvironmentTeardownError` (« Cannot load
  // …/network-options/index.ts imported from …/lib/options-cascade.ts after the environment was torn down »), seen
  // on a busy machine where a test ends before the simulator's chunk has loaded (ADR 0088).
  await vi.dynamicImportSettled();
  // A test's fake timers never outlive it (the next file's would inherit them).
  vi.useRealTimers();
  stubMatchMedia();
  window.localStorage.clear();
  resetSessionHintForTests();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
