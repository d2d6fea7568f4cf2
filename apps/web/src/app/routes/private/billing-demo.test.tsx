import { planCatalogue } from '@pilote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localSessionOf, subscriptionOf, testPricing, usageOf } from '../../../features/plans/testing/plan-fixtures.ts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { openPrivatePage } from '../../../testing/open-private.ts';

afterEach(() => {
  vi.useRealTimers();
});

const settingsApi: Record<string, MockHandler> = {
  'GET /api/account/usage/': () => ({ body: usageOf('free') }),
  'GET /api/payments/pricing/': () => ({ body: testPricing }),
};

describe('demonstration checkout (local provider, ADR 0027)', () => {
  it('is labelled as a demonstration, shows the plan, pays and returns to settings with the success toast', async () => {
    const { user, router, requests } = await openPrivatePage('/private/account/billing/checkout?session=cs_1', {
      handlers: {
        ...settingsApi,
        'GET /api/payments/local/sessions/cs_1': () => ({ body: localSessionOf({ id: 'cs_1' }) }),
        'POST /api/payments/local/sessions/cs_1/confirm': () => ({
          body: {
            url: '/private/account/settings?payment=success',
            subscription: subscriptionOf('premium'),
            tier: 'premium',
          },
        }),
      },
    });
    expect(await screen.findByTestId('demo-payment-banner')).toHaveTextContent('Paiement de démonstration');
    expect(document.title).toContain('Paiement de démonstration');
    expect(await screen.findByTestId('plan-summary')).toHaveTextContent('Plan Premium');
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('TTC : 94,80 €');
    await user.click(screen.getByRole('button', { name: /^Payer 94,80\s€ TTC \(démonstration\)$/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/payments/local/sessions/cs_1/confirm')).toBe(true),
    );
    expect(await screen.findByText('Paiement réussi ! Votre abonnement est activé.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/settings'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("'Annuler' goes back to settings with the canceled toast", async () => {
    const { user, router } = await openPrivatePage('/private/account/billing/checkout?session=cs_1', {
      handlers: {
        ...settingsApi,
        'GET /api/payments/local/sessions/cs_1': () => ({ body: localSessionOf({ id: 'cs_1' }) }),
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Annuler' }));
    expect(await screen.findByText('Paiement annulé.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says when the session is someone else's or unknown (404)", async () => {
    await openPrivatePage('/private/account/billing/checkout?session=other', {
      handlers: {
        'GET /api/payments/local/sessions/other': () => ({
          status: 404,
          body: { error: 'Session de paiement introuvable.', code: 'NOT_FOUND' },
        }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Session de paiement introuvable.');
    expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument();
  });
});

describe('demonstration billing portal (local provider, ADR 0027)', () => {
  it('cancels at period end, then ends the period: back to settings on the free plan', async () => {
    let subscription = subscriptionOf('premium');
    const { user, router } = await openPrivatePage('/private/account/billing/portal?session=ps_1', {
      user: {
        id: 'user-1',
        name: 'Camille Martin',
        email: 'camille@exemple.fr',
        emailVerified: true,
        image: null,
        role: 'user',
        tier: 'premium',
      },
      handlers: {
        ...settingsApi,
        'GET /api/payments/local/sessions/ps_1': () => ({
          body: localSessionOf({
            id: 'ps_1',
            kind: 'portal',
            plan: planCatalogue.premium,
            cancel_url: '/private/account/settings',
            return_url: '/private/account/settings',
            subscription,
          }),
        }),
        'POST /api/payments/local/portal/ps_1/cancel': () => {
          subscription = { ...subscription, cancel_at_period_end: true };
          return { body: { url: '/private/account/settings', subscription, tier: 'premium' } };
        },
        'POST /api/payments/local/portal/ps_1/end-period': () => {
          subscription = { ...subscription, status: 'canceled' };
          return { body: { url: '/private/account/settings', subscription: null, tier: 'free' } };
        },
      },
    });
    expect(await screen.findByTestId('demo-payment-banner')).toHaveTextContent('Paiement de démonstration');
    expect(await screen.findByTestId('portal-status')).toHaveTextContent('Actif');
    await user.click(screen.getByRole('button', { name: "Résilier l'abonnement" }));
    expect(
      await screen.findByText(
        "Abonnement résilié : il reste actif jusqu'au 23 décembre 2026, puis retour au plan Gratuit.",
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('portal-status')).toHaveTextContent('Résilié à la fin de la période'),
    );
    expect(screen.getByRole('button', { name: 'Annuler la résiliation' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terminer la période maintenant' }));
    expect(
      await screen.findByText('Période terminée : votre abonnement a pris fin, vous êtes revenu au plan Gratuit.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/settings'));
  });
});

describe('trial page', () => {
  it('starts the 14-day trial in one click and goes to settings', async () => {
    const { user, router, requests } = await openPrivatePage('/private/account/trial', {
      handlers: {
        ...settingsApi,
        'POST /api/account/trial/': () => ({
          body: { tier: 'business_trial', trial_ends_at: '2026-12-07T16:00:00+00:00' },
        }),
      },
    });
    const summary = await screen.findByTestId('plan-summary');
    expect(summary).toHaveTextContent('Plan Essai gratuit');
    await user.click(within(summary).getByRole('button', { name: "Démarrer l'essai gratuit" }));
    expect(await screen.findByText("Essai gratuit activé jusqu'au 7 décembre 2026.")).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/account/trial/')?.body).toEqual({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/settings'));
  });

  it('says the trial is used up when it is no longer available', async () => {
    await openPrivatePage('/private/account/trial', {
      handlers: {
        'GET /api/account/usage/': () => ({ body: usageOf('free', { trial_available: false }) }),
        'GET /api/payments/pricing/': () => ({ body: testPricing }),
      },
    });
    expect(
      await screen.findByText('L’essai gratuit n’est disponible qu’une fois, depuis le plan Gratuit.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Démarrer l'essai gratuit" })).not.toBeInTheDocument();
  });
});
