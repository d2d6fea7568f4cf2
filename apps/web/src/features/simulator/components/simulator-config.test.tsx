/**
 * The simulator's configuration message (spec §8): `GET /api/simulator/` answering 404, or naming no `simulate`
 * endpoint, shows « Configuration manquante » and nothing is posted; a network or server failure of that call says
 * nothing of the kind.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { type MockHandler, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { SIMULATOR_CONFIG_MESSAGE, simulatorConfigOf } from '../api/get-simulator-config.ts';

beforeAll(() => preloadRoute('/private/gas/simulator', () => import('./simulator-page.tsx')));
beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openSimulator(index: MockHandler) {
  const api = mockApi({ ...signedInAs(), 'GET /api/simulator/': index });
  const app = renderApp('/private/gas/simulator');
  expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  const form = await screen.findByRole('form', { name: 'Données Client' });
  return { ...app, ...api, form: within(form) };
}

const page = { items: [], total: 0, page: 1, pageSize: 1 };

describe('simulator: missing endpoint configuration (spec §8)', () => {
  it('a 404 of the simulator root shows the configuration message, and submitting posts nothing', async () => {
    const { user, form, requests } = await openSimulator(() => ({
      status: 404,
      body: { error: 'Ressource introuvable', code: 'NOT_FOUND' },
    }));
    const banner = await screen.findByTestId('simulateur-configuration');
    expect(banner).toHaveAttribute('role', 'alert');
    expect(within(banner).getByText(SIMULATOR_CONFIG_MESSAGE)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await screen.findAllByText(SIMULATOR_CONFIG_MESSAGE)).toHaveLength(2);
    expect(requests.some((r) => r.path === '/api/simulator/simulate/')).toBe(false);
  });

  it('an answer naming no simulate endpoint shows it too', async () => {
    await openSimulator(() => ({ body: { ...page, endpoints: { options: '/api/simulator/options/{point}/' } } }));
    expect(await screen.findByTestId('simulateur-configuration')).toHaveTextContent(SIMULATOR_CONFIG_MESSAGE);
  });

  it('a server failure of that call says nothing about the configuration', async () => {
    const { requests } = await openSimulator(() => ({ status: 503, body: { error: 'Service indisponible' } }));
    // The call and its two retries (1 s, then 2 s apart: spec §9) all answered 503 before checking.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/simulator/')).toHaveLength(3));
    expect(screen.queryByTestId('simulateur-configuration')).not.toBeInTheDocument();
  });
});

describe('simulatorConfigOf', () => {
  it('reads the answer, the 404 and the other failures', () => {
    const endpoints = { options: 'o', simulate: '/api/simulator/simulate/', pdfLink: 'p' };
    expect(simulatorConfigOf({ isSuccess: true, data: { ...page, endpoints } })).toBe('ok');
    expect(simulatorConfigOf({ isSuccess: true, data: { ...page, endpoints: { ...endpoints, simulate: '' } } })).toBe(
      'missing',
    );
    expect(simulatorConfigOf({ isSuccess: true, data: page })).toBe('missing');
    expect(simulatorConfigOf({ isSuccess: false, error: new TypeError('Failed to fetch') })).toBe('unknown');
    expect(simulatorConfigOf({ isSuccess: false })).toBe('unknown');
  });
});
