import type { UsageResponse } from '@pilote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionOf, testPricing, usageOf } from '../../../features/plans/testing/plan-fixtures.ts';
import type { MockHandler } from '../../../testing/mock-api.ts';
import { testUser } from '../../../testing/mock-api.ts';
import { openPrivatePage } from '../../../testing/open-private.ts';

afterEach(() => {
  vi.useRealTimers();
});

function plansApi(usage: UsageResponse, extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/account/usage/': () => ({ body: usage }),
    'GET /api/payments/pricing/': () => ({ body: testPricing }),
    ...extra,
  };
}

async function openSettings(
  usage: UsageResponse,
  extra: Record<string, MockHandler> = {},
  url = '/private/account/settings',
) {
  const app = await openPrivatePage(url, {
    user: { ...testUser, tier: usage.user.tier, role: usage.user.tier === 'admin' ? 'admin' : 'user' },
    handlers: plansApi(usage, extra),
  });
  await screen.findAllByTestId('usage-card');
  return app;
}

const toneOf = (card: HTMLElement) => card.querySelector('[data-tone]')?.getAttribute('data-tone');

describe('settings page (spec §2.6, §6, §9)', () => {
  it('shows the account, the period and the usage cards sorted by percentage, with the bar colours of §9', async () => {
    // free: simulations 20, optimisations 3, pdf_reports 5, invoice_audits 2, chatbot_messages 30, mandates 1.
    await openSettings(
      usageOf('free', { used: { simulations: 16, optimisations: 3, pdf_reports: 1, chatbot_messages: 23 } }),
    );
    const account = screen.getByTestId('account-card');
    expect(account).toHaveTextContent('Camille Martin');
    expect(account).toHaveTextContent('camille@exemple.fr');
    expect(within(account).getByTestId('tier-badge')).toHaveTextContent('Gratuit');
    const cycle = screen.getByTestId('cycle-card');
    expect(cycle).toHaveTextContent('1 novembre 2026');
    expect(cycle).toHaveTextContent('Fin30 novembre 2026');
    expect(cycle).toHaveTextContent('Prochaine réinitialisation1 décembre 2026');
    expect(within(cycle).getByTestId('days-left')).toHaveTextContent('8');

    const cards = screen.getAllByTestId('usage-card');
    expect(cards.map((card) => card.dataset.feature)).toEqual([
      'optimisations', // 100 %
      'simulations', // 80 %
      'chatbot_messages', // 76.7 %
      'pdf_reports', // 20 %
      'invoice_audits', // 0 % (Audits de factures)
      'mandates', // 0 % (Mandats)
      'monthly_capacities', // yes/no last
    ]);
    const [optimisations, simulations, chatbot] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(toneOf(optimisations)).toBe('danger');
    expect(within(optimisations).getByText('Limite atteinte')).toBeInTheDocument();
    expect(within(optimisations).getByRole('meter', { name: 'Optimisations CJA' })).toHaveAttribute('value', '100');
    expect(toneOf(simulations)).toBe('warning');
    expect(within(simulations).queryByText('Limite atteinte')).not.toBeInTheDocument();
    expect(simulations).toHaveTextContent('16 / 20');
    expect(toneOf(chatbot)).toBe('info');
    expect(cards[6]).toHaveTextContent('Interdit');
  });

  it("marks the current plan 'Actuel'; neither free nor the current plan can be chosen; no portal button on free", async () => {
    await openSettings(usageOf('free'));
    const plans = screen.getAllByTestId('plan-card');
    expect(plans.map((card) => card.dataset.plan)).toEqual(['free', 'basic', 'premium']);
    const [free, basic, premium] = plans as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(free).getByText('Actuel')).toBeInTheDocument();
    expect(within(free).getByRole('button')).toBeDisabled();
    expect(within(basic).queryByText('Actuel')).not.toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Choisir Basique' })).toBeEnabled();
    expect(within(premium).getByText('Populaire')).toBeInTheDocument();
    expect(premium).toHaveTextContent('79,00 € HT / mois');
    expect(premium).toHaveTextContent('TVA 20 % : 15,80 €');
    expect(premium).toHaveTextContent('TTC : 94,80 €');
    expect(screen.queryByRole('button', { name: "Gérer l'abonnement" })).not.toBeInTheDocument();
  });

  it("a premium subscriber: 'Actuel' on premium, nothing selectable, and 'Gérer l'abonnement' opens the portal", async () => {
    const { router, requests, user } = await openSettings(
      usageOf('premium', { subscription: subscriptionOf('premium'), can_manage_billing: true }),
      {
        'POST /api/payments/create-portal-session/': () => ({
          body: { url: '/private/account/billing/portal?session=ps_1' },
        }),
      },
    );
    const premium = screen.getAllByTestId('plan-card')[2] as HTMLElement;
    expect(within(premium).getByText('Actuel')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: /Choisir|Plan/ })) {
      expect(button).toBeDisabled();
    }
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Premium');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Renouvelé le 23 décembre 2026');

    await user.click(screen.getByRole('button', { name: "Gérer l'abonnement" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/billing/portal'));
    expect(router.state.location.search).toBe('?session=ps_1');
    expect(requests.find((request) => request.path === '/api/payments/create-portal-session/')?.body).toEqual({});
  });

  it('shows no portal button to a paid tier without a subscription to manage, nor during the trial', async () => {
    await openSettings(usageOf('business_trial', { trial_ends_at: '2026-12-07T16:00:00+00:00' }));
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Essai Business');
    expect(screen.getByTestId('account-card')).toHaveTextContent("Jusqu'au 7 décembre 2026");
    expect(screen.queryByRole('button', { name: "Gérer l'abonnement" })).not.toBeInTheDocument();
    expect(screen.queryByText('Actuel')).not.toBeInTheDocument();
  });

  it('shows an admin no plan cards and no portal button', async () => {
    await openSettings(usageOf('admin'));
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Administrateur');
    expect(screen.queryByRole('heading', { name: 'Plans' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('plan-card')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: "Gérer l'abonnement" })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('usage-card')[0]).toHaveTextContent('(illimité)');
  });

  it('choosing a plan creates a checkout session and goes to its page', async () => {
    const { router, requests, user } = await openSettings(usageOf('free'), {
      'POST /api/payments/create-checkout-session/': () => ({
        body: { url: '/private/account/billing/checkout?session=cs_1' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Choisir Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/billing/checkout'));
    expect(requests.find((request) => request.path === '/api/payments/create-checkout-session/')?.body).toEqual({
      plan: 'premium',
      interval: 'month',
    });
  });

  it('says so when the checkout session cannot be created', async () => {
    const { user } = await openSettings(usageOf('free'), {
      'POST /api/payments/create-checkout-session/': () => ({
        status: 503,
        body: { error: 'Le paiement n’est pas configuré.', code: 'BILLING_PROVIDER_ERROR' },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Choisir Basique' }));
    expect(await screen.findByText('Erreur lors de la création de la session de paiement')).toBeInTheDocument();
    expect(screen.getByText('Le paiement n’est pas configuré.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir Basique' })).toBeEnabled();
  });

  it('says so when the billing portal cannot be opened', async () => {
    const { user } = await openSettings(
      usageOf('basic', { subscription: subscriptionOf('basic'), can_manage_billing: true }),
      {
        'POST /api/payments/create-portal-session/': () => ({
          status: 502,
          body: { error: 'Indisponible', code: 'BILLING_PROVIDER_ERROR' },
        }),
      },
    );
    await user.click(screen.getByRole('button', { name: "Gérer l'abonnement" }));
    expect(await screen.findByText("Erreur lors de l'ouverture du portail de facturation")).toBeInTheDocument();
  });

  it.each([
    ['success', 'Paiement réussi ! Votre abonnement est activé.'],
    ['canceled', 'Paiement annulé.'],
  ])('?payment=%s shows its toast, then settings without the parameter', async (payment, message) => {
    const { router } = await openSettings(usageOf('free'), {}, `/private/account/settings?payment=${payment}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/private/account/settings');
  });

  it("tells 'Erreur : …' and 'Vérifiez votre session et réessayez.' when the usage cannot be read", async () => {
    await openPrivatePage('/private/account/settings', {
      handlers: {
        'GET /api/account/usage/': () => ({
          status: 401,
          body: { error: 'Authentification requise', code: 'UNAUTHENTICATED' },
        }),
        'GET /api/payments/pricing/': () => ({ body: testPricing }),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur : Authentification requise');
    expect(alert).toHaveTextContent('Vérifiez votre session et réessayez.');
  });

  it('the refresh button reads the usage again', async () => {
    let used = 1;
    const { user } = await openSettings(usageOf('free'), {
      'GET /api/account/usage/': () => ({ body: usageOf('free', { used: { simulations: used } }) }),
    });
    expect(screen.getByText('1 / 20')).toBeInTheDocument();
    used = 5;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    expect(await screen.findByText('5 / 20')).toBeInTheDocument();
  });

  it('yearly prices HT / TVA / TTC, a checkout for the yearly plan, and the invoices with their PDF (ADR 0078)', async () => {
    const { user, requests } = await openSettings(usageOf('free'), {
      'GET /api/organisations/active': () => ({
        body: {
          id: 'org-1',
          name: 'Martin Énergie',
          siren: '732829320',
          vatNumber: 'FR44732829320',
          address: {
            label: '8 Boulevard du Port 80000 Amiens',
            address: '8 Boulevard du Port',
            postal_code: '80000',
            city: 'Amiens',
            citycode: '80021',
          },
          role: 'owner',
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      }),
      'GET /api/payments/invoices/': () => ({
        body: {
          items: [
            {
              id: 'inv-1',
              number: 'F-2026-000007',
              issued_at: '2026-11-23T16:00:00.000Z',
              period_start: '2026-11-23T16:00:00.000Z',
              period_end: '2027-11-23T16:00:00.000Z',
              plan: 'basic',
              interval: 'year',
              provider: 'local',
              amount_ht_cents: 29000,
              vat_cents: 5800,
              amount_ttc_cents: 34800,
              vat_rate_basis_points: 2000,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        },
      }),
      'POST /api/payments/create-checkout-session/': () => ({
        body: { url: '/private/account/billing/checkout?session=cs_1' },
      }),
    });
    await user.click(screen.getByRole('radio', { name: 'Annuel (2 mois offerts)' }));
    const basic = screen.getAllByTestId('plan-card')[1] as HTMLElement;
    expect(basic).toHaveTextContent('290,00 € HT / an');
    expect(basic).toHaveTextContent('TVA 20 % : 58,00 €');
    expect(basic).toHaveTextContent('TTC : 348,00 €');
    const invoice = await screen.findByTestId('invoice');
    expect(invoice).toHaveTextContent('Facture F-2026-000007');
    expect(invoice).toHaveTextContent('290,00 € HT · TVA 58,00 € · 348,00 € TTC');
    expect(within(invoice).getByRole('link', { name: /Télécharger la facture F-2026-000007/ })).toHaveAttribute(
      'href',
      '/api/payments/invoices/inv-1/pdf',
    );
    await user.click(within(basic).getByRole('button', { name: 'Choisir Basique' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/payments/create-checkout-session/')?.body).toEqual({
        plan: 'basic',
        interval: 'year',
      }),
    );
  });

  it('a member sees the plans but cannot choose one (only owners and admins change the plan)', async () => {
    await openSettings(
      usageOf('free', {
        organisation: { id: 'org-1', name: 'Martin Énergie', role: 'member' },
        can_change_plan: false,
      }),
    );
    expect(screen.getByTestId('plan-managers-only')).toHaveTextContent(
      'Seuls les propriétaires et administrateurs de l’organisation peuvent changer son abonnement.',
    );
    for (const card of screen.getAllByTestId('plan-card')) {
      expect(within(card).getByRole('button')).toBeDisabled();
    }
  });
});
