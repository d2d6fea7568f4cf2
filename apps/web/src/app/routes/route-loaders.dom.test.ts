/**
 * Route loaders prefetch (ADR 0058): entering a route starts the session's query and the page's first queries in the
 * query client the pages read, before any component renders, and returns at once (the navigation does not wait).
 * Signed out, no page query is asked.
 */
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/session.ts';
import { usageQueryKey } from '../../lib/usage.ts';
import { mockApi, signedInAs } from '../../testing/mock-api.ts';
import { setAppQueryClientForTests } from '../providers/app-query-client.ts';
import { loader as loginLoader } from './login/login.tsx';
import { loader as settingsLoader } from './private/account-settings.tsx';
import { loader as energyLoader } from './private/energy-page.tsx';
import { loader as privateLoader } from './private/layout.tsx';

function argsFor(path: string, params: Record<string, string> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const url = new URL(path, 'http://localhost');
  setAppQueryClientForTests(queryClient);
  const args: LoaderFunctionArgs = { request: new Request(url), url, pattern: path, params, context: undefined };
  return { args, queryClient };
}

/** The API paths asked for, with their query string when there is one, sorted (the order of parallel requests varies). */
function asked(requests: { path: string; url: URL }[]): string[] {
  return requests.map((request) => request.path + request.url.search).sort();
}

describe('route loaders (ADR 0058)', () => {
  it('the private area and sign-in start the session query and return at once', async () => {
    for (const [loader, path] of [
      [privateLoader, '/private'],
      [loginLoader, '/login'],
    ] as const) {
      const api = mockApi(signedInAs());
      const { queryClient } = argsFor(path);
      expect(loader()).toBeNull();
      expect(queryClient.getQueryState(sessionQueryKey)?.fetchStatus).toBe('fetching');
      await vi.waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({ id: 'user-1' }));
      expect(asked(api.requests)).toEqual(['/api/auth/get-session']);
    }
  });

  it('settings: the usage and the pricing once the session has a user', async () => {
    const api = mockApi(signedInAs());
    const { queryClient } = argsFor('/private/account/settings');
    expect(settingsLoader()).toBeNull();
    await vi.waitFor(() =>
      expect(asked(api.requests)).toEqual(['/api/account/usage/', '/api/auth/get-session', '/api/payments/pricing/']),
    );
    expect(queryClient.getQueryState(usageQueryKey)).toBeDefined();
  });

  it('signed out, a page asks for nothing but the session', async () => {
    const api = mockApi();
    const { queryClient } = argsFor('/private/account/settings');
    settingsLoader();
    await vi.waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked(api.requests)).toEqual(['/api/auth/get-session']);
  });

  it('the gas simulator: its configuration; the gas optimiser: the usage and both dataset lists', async () => {
    const simulator = mockApi(signedInAs());
    const { args: simulatorArgs } = argsFor('/private/gas/simulator', { energy: 'gas', page: 'simulator' });
    expect(energyLoader(simulatorArgs)).toBeNull();
    await vi.waitFor(() =>
      expect(asked(simulator.requests)).toEqual(['/api/auth/get-session', '/api/simulator/?page=1&pageSize=1']),
    );

    const optimisation = mockApi(signedInAs());
    const { args } = argsFor('/private/gas/optimisation', { energy: 'gas', page: 'optimisation' });
    expect(energyLoader(args)).toBeNull();
    await vi.waitFor(() =>
      expect(asked(optimisation.requests)).toEqual([
        '/api/account/usage/',
        '/api/auth/get-session',
        '/api/consumption-data/?page=1&pageSize=100',
        '/api/consumption-data/?page=1&pageSize=20',
      ]),
    );
  });

  it('a dashboard prefetches nothing of its own; an unknown page still redirects', async () => {
    const api = mockApi(signedInAs());
    const { args } = argsFor('/private/gas/dashboard', { energy: 'gas', page: 'dashboard' });
    expect(energyLoader(args)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual([]);
    const redirect = energyLoader(argsFor('/private/gas/nope', { energy: 'gas', page: 'nope' }).args);
    expect(redirect).toBeInstanceOf(Response);
  });
});
