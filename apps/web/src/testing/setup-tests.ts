import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionHintForTests } from '../lib/session-hint.ts';
import { stubMatchMedia } from './match-media.ts';

// Route tests wait for lazy route modules, which Vite transforms on first import: seconds on a busy 2-core CI
// machine, far past testing-library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 10_000 });

stubMatchMedia();
// jsdom does not implement scrolling.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  stubMatchMedia();
  window.localStorage.clear();
  resetSessionHintForTests();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
