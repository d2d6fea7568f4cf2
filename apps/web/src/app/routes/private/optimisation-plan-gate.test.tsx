import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { usageOf } from '../../../features/plans/testing/plan-fixtures.ts';
import { openPrivatePage } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';

// uPlot draws on a canvas, which jsdom lacks: the chart chunk is replaced here and covered by Chromium tests.
vi.mock(
  '../../../features/optimisation/components/daily-chart.tsx',
  () => import('../../../testing/daily-chart-stub.tsx'),
);

// The route's chunks are loaded (and transformed) once, in a hook, not inside the first test's 5 s: under two CPU
// burners that import alone passed the limit (issue #21 §3, ADR 0082), as gas-optimisation.test.tsx already does.
beforeAll(() =>
  preloadRoute(
    '/private/gas/optimisation',
    () => import('../../../features/optimisation/components/optimisation-page.tsx'),
  ),
);

afterEach(() => {
  vi.useRealTimers();
});

async function openOptimisation(usage: ReturnType<typeof usageOf>) {
  const app = await openPrivatePage('/private/gas/optimisation', {
    handlers: {
      'GET /api/account/usage/': () => ({ body: usage }),
      'GET /api/consumption-data/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    },
  });
  const form = await screen.findByRole('form', { name: 'Optimisation – Paramètres' });
  return { ...app, form };
}

describe("optimisation submit and the user's plan (spec §6 'Passez au plan supérieur')", () => {
  it('is disabled, titled and explained when the optimisations quota is used up', async () => {
    const { form } = await openOptimisation(usageOf('free', { used: { optimisations: 3 } }));
    const submit = within(form).getByRole('button', { name: 'Optimiser la CJA' });
    await vi.waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('title', 'Passez au plan supérieur');
    expect(submit).toHaveAccessibleDescription(/limite d'optimisations de votre plan/);
    expect(within(form).getByRole('link', { name: 'Voir les plans' })).toHaveAttribute(
      'href',
      '/private/account/settings',
    );
  });

  it('blocks monthly capacities on a plan without them, and only while they are switched on', async () => {
    const { form, user } = await openOptimisation(usageOf('free', { used: { optimisations: 1 } }));
    const submit = within(form).getByRole('button', { name: 'Optimiser la CJA' });
    expect(submit).not.toHaveAttribute('title');
    await user.click(within(form).getByRole('switch', { name: /Capacités mensuelles/ }));
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('title', 'Passez au plan supérieur');
    expect(screen.getByTestId('upgrade-hint')).toHaveTextContent('Les capacités mensuelles ne sont pas incluses');
    await user.click(within(form).getByRole('switch', { name: /Capacités mensuelles/ }));
    expect(submit).toBeEnabled();
  });

  it('lets a premium user use monthly capacities', async () => {
    const { form, user } = await openOptimisation(usageOf('premium'));
    await user.click(within(form).getByRole('switch', { name: /Capacités mensuelles/ }));
    const submit = within(form).getByRole('button', { name: 'Optimiser la CJA' });
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('title');
  });
});
