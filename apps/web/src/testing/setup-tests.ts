import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { stubMatchMedia } from './match-media.ts';

stubMatchMedia();
// jsdom does not implement scrolling.
Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });

afterEach(() => {
  cleanup();
  stubMatchMedia();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
