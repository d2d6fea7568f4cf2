import type { AdminUser, AdminUserPlanResponse, UserTier } from '@pilote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { usageFeaturesOf } from '../../../features/plans/testing/plan-fixtures.ts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { testUser } from '../../../testing/mock-api.ts';
import { openPrivatePage } from '../../../testing/open-private.ts';

beforeEach(() => {
  // The users panel's <search> landmark is HTML that jsdom does not know yet (Chromium does): React says so once.
  allowConsoleError('The tag <search> is unrecognized in this browser');
});
afterEach(() => {
  vi.useRealTimers();
});

const customer: AdminUser = {
  id: 'user-9',
  name: 'Dominique Client',
  email: 'dominique@exemple.fr',
  emailVerified: true,
  role: 'user',
  tier: 'free',
  organisation: { id: 'org-9', name: 'Client SAS' },
  createdAt: '2026-10-01T08:00:00.000Z',
};

function planOf(tier: UserTier, used: Record<string, number>): AdminUserPlanResponse {
  return {
    user: { id: customer.id, name: customer.name, email: customer.email, tier },
    organisation: { id: 'org-9', name: 'Client SAS', tier },
    period: {
      start: '2026-11-01T00:00:00+01:00',
      end: '2026-12-01T00:00:00+01:00',
      next_reset: '2026-12-01T00:00:00+01:00',
      days_left: 8,
    },
    features: usageFeaturesOf(tier, used),
    subscription: null,
    trial_ends_at: null,
  };
}

function adminHandlers(state: { tier: UserTier; used: Record<string, number> }): Record<string, MockHandler> {
  const empty = { items: [], total: 0, page: 1, pageSize: 20 };
  return {
    'GET /api/admin/users': () => ({
      body: { items: [{ ...customer, tier: state.tier }], total: 1, page: 1, pageSize: 20 },
    }),
    'GET /api/admin/outbox': () => ({ body: empty }),
    'GET /api/admin/contact-messages': () => ({ body: empty }),
    'GET /api/admin/users/user-9/plan': () => ({ body: planOf(state.tier, state.used) }),
    'GET /api/admin/users/user-9/plan-events': () => ({
      body: {
        items: [
          {
            id: 'ev-1',
            kind: 'tier_change',
            source: 'admin',
            from_tier: 'basic',
            to_tier: 'free',
            feature: null,
            actor: { id: 'admin-1', email: 'admin@exemple.fr' },
            created_at: '2026-11-20T09:30:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 10,
      },
    }),
    'PATCH /api/admin/users/user-9/tier': ({ body }) => {
      state.tier = (body as { tier: UserTier }).tier;
      return { body: planOf(state.tier, state.used) };
    },
    'POST /api/admin/users/user-9/usage/reset': ({ body }) => {
      state.used = { ...state.used, [(body as { feature: string }).feature]: 0 };
      return { body: planOf(state.tier, state.used) };
    },
  };
}

describe("admin panel: a user's plan (issue 12)", () => {
  it('shows French tier names, and lets an admin change the tier and reset a counter', async () => {
    const state: { tier: UserTier; used: Record<string, number> } = { tier: 'free', used: { simulations: 20 } };
    const { user, requests } = await openPrivatePage('/private/admin', {
      user: { ...testUser, role: 'admin', tier: 'admin' },
      handlers: adminHandlers(state),
    });
    const row = (await screen.findByText('dominique@exemple.fr')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Gratuit');
    expect(row).not.toHaveTextContent(/\bfree\b/);

    await user.click(
      within(row).getByRole('button', { name: 'Abonnement de l’organisation active de dominique@exemple.fr' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Abonnement de l’organisation active de Dominique Client',
    });
    expect(await within(dialog).findByTestId('admin-user-tier')).toHaveTextContent('Gratuit');
    // What is changed is said: the user's active organisation's plan (ADR 0078), for all its members.
    expect(within(dialog).getByTestId('admin-plan-scope')).toHaveTextContent(
      'L’abonnement appartient à l’organisation active de Dominique Client, Client SAS : son niveau, son utilisation et son historique valent pour tous ses membres.',
    );
    expect(dialog).toHaveTextContent('du 1 novembre 2026 au 30 novembre 2026');
    const simulations = within(dialog).getAllByTestId('admin-usage-row')[0] as HTMLElement;
    expect(simulations).toHaveTextContent('Simulations tarifaires');
    expect(simulations).toHaveTextContent('Limite atteinte');
    expect(within(dialog).getByTestId('plan-event')).toHaveTextContent('Niveau : Basique → Gratuit');
    expect(within(dialog).getByTestId('plan-event')).toHaveTextContent('admin@exemple.fr');

    await user.click(within(simulations).getByRole('button', { name: 'Remettre à zéro : Simulations tarifaires' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/admin/users/user-9/usage/reset')?.body).toEqual({
        feature: 'simulations',
      }),
    );
    expect(await screen.findByText('Compteur remis à zéro : Simulations tarifaires.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('admin-usage-row')[0]).not.toHaveTextContent('Limite atteinte'),
    );

    await user.selectOptions(within(dialog).getByLabelText('Changer le niveau de l’organisation'), 'premium');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le niveau de l’organisation' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH' && r.path === '/api/admin/users/user-9/tier')?.body).toEqual({
        tier: 'premium',
      }),
    );
    expect(await screen.findByText('Niveau de l’organisation Client SAS : Premium.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('admin-user-tier')).toHaveTextContent('Premium'));
  });

  it('toasts the saved tier even when the refreshed plan re-renders the form before the other lists come back', async () => {
    const state: { tier: UserTier; used: Record<string, number> } = { tier: 'free', used: {} };
    const handlers = adminHandlers(state);
    const historyAnswer = handlers['GET /api/admin/users/user-9/plan-events'] as MockHandler;
    // After the save, the history's refetch waits until the dialog shows the new tier (the plan's refetch is back).
    let releaseHistory: (() => void) | undefined;
    let saved = false;
    handlers['GET /api/admin/users/user-9/plan-events'] = async (request) => {
      if (saved) {
        await new Promise<void>((resolve) => {
          releaseHistory = resolve;
        });
      }
      return historyAnswer(request);
    };
    const patchAnswer = handlers['PATCH /api/admin/users/user-9/tier'] as MockHandler;
    handlers['PATCH /api/admin/users/user-9/tier'] = (request) => {
      saved = true;
      return patchAnswer(request);
    };
    const { user } = await openPrivatePage('/private/admin', {
      user: { ...testUser, role: 'admin', tier: 'admin' },
      handlers,
    });
    const row = (await screen.findByText('dominique@exemple.fr')).closest('tr') as HTMLElement;
    await user.click(
      within(row).getByRole('button', { name: 'Abonnement de l’organisation active de dominique@exemple.fr' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Abonnement de l’organisation active de Dominique Client',
    });
    await user.selectOptions(await within(dialog).findByLabelText('Changer le niveau de l’organisation'), 'basic');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le niveau de l’organisation' }));

    await waitFor(() => expect(within(dialog).getByTestId('admin-user-tier')).toHaveTextContent('Basique'));
    await waitFor(() => expect(releaseHistory).toBeDefined());
    releaseHistory?.();
    expect(await screen.findByText('Niveau de l’organisation Client SAS : Basique.')).toBeInTheDocument();
  });

  it('lets staff read the plan, without changing the tier or resetting counters', async () => {
    const state: { tier: UserTier; used: Record<string, number> } = { tier: 'basic', used: { simulations: 3 } };
    const { user } = await openPrivatePage('/private/admin', {
      user: { ...testUser, role: 'staff' },
      handlers: adminHandlers(state),
    });
    const row = (await screen.findByText('dominique@exemple.fr')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Basique');
    await user.click(
      within(row).getByRole('button', { name: 'Abonnement de l’organisation active de dominique@exemple.fr' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Abonnement de l’organisation active de Dominique Client',
    });
    expect(await within(dialog).findByTestId('admin-user-tier')).toHaveTextContent('Basique');
    expect(within(dialog).queryByLabelText('Changer le niveau de l’organisation')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remettre à zéro/ })).not.toBeInTheDocument();
  });
});
