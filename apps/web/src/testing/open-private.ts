import type { AccountUser } from '@pilote/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { resetWelcomeForTests } from '../app/layouts/private-layout.tsx';
import { resetSplashForTests } from '../features/private-area/hooks/use-splash.ts';
import { type MockHandler, mockApi, signedInAs, testUser } from './mock-api.ts';
import { renderApp } from './render-app.tsx';

/** Tests of other features reset the splash through here, not through the private area's files (ADR 0058). */
export { resetSplashForTests };

/**
 * Renders a private page signed in as `user` (mocked API, fake timers that still advance) and waits past the
 * splash screen. The caller restores real timers after the test (`afterEach(() => vi.useRealTimers())`).
 */
export async function openPrivatePage(
  url: string,
  { user = testUser, handlers = {} }: { user?: AccountUser; handlers?: Record<string, MockHandler> } = {},
) {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = mockApi({ ...signedInAs(user), ...handlers });
  const app = renderApp(url);
  expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  await waitFor(() => expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument());
  return { ...app, ...api };
}
