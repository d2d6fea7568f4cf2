import type { Dashboard } from '@pilote/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPrivatePage } from '../../../testing/open-private.ts';

const figures: Dashboard = {
  organisationId: 'org-1',
  today: '2026-11-26',
  sites: { count: 1234 },
  networkCost: { annualEuros: 246_908.47, sitesWithResult: 3 },
  savings: { annualEuros: 1235, sitesOptimised: 2 },
  audits: { done: 2, anomalies: 3, recoverableEuros: 1291.88 },
  mandates: { active: 3, expiringSoon: 2 },
  data: { missing: 2, stale: 1 },
};

const empty: Dashboard = {
  ...figures,
  sites: { count: 0 },
  networkCost: { annualEuros: 0, sitesWithResult: 0 },
  savings: { annualEuros: 0, sitesOptimised: 0 },
  audits: { done: 0, anomalies: 0, recoverableEuros: 0 },
  mandates: { active: 0, expiringSoon: 0 },
  data: { missing: 0, stale: 0 },
};

/** No portfolio run yet (ADR 0077): the panel below the figures shows its button only. */
const noRun = {
  'GET /api/dashboard/portfolio-optimisations/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 1 } }),
};

/** A figure's card: a link whose accessible name starts with the figure's title. */
function card(key: string): HTMLElement {
  const link = document.querySelector<HTMLElement>(`a[data-figure="${key}"]`);
  expect(link).not.toBeNull();
  return link as HTMLElement;
}

describe('dashboard figures (issue #24 §4, ADR 0074)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows each figure below the welcome line, each a link to its filtered list', async () => {
    await openPrivatePage('/private/gas/dashboard', {
      handlers: { 'GET /api/dashboard/': () => ({ body: figures }), ...noRun },
    });
    expect(await screen.findByText('Bonjour Camille Martin')).toBeInTheDocument();
    await screen.findByText('Votre portefeuille');
    expect(card('sites').textContent).toMatch(/^Sites : 1\s234\. Voir la liste des sites$/);
    expect(card('sites')).toHaveAttribute('href', '/private/sites');
    expect(card('sites')).toHaveTextContent('1 234');
    expect(card('cost')).toHaveTextContent('246 908,47 €');
    expect(card('cost')).toHaveTextContent('Selon le dernier résultat de 3 sites');
    expect(card('savings')).toHaveTextContent('1 235,00 € / an');
    const anomalies = card('anomalies');
    expect(anomalies).toHaveTextContent('3 anomalies');
    expect(anomalies).toHaveTextContent('1 291,88 € récupérables sur 2 factures contrôlées');
    expect(anomalies).toHaveAttribute('href', '/private/gas/audit');
    expect(card('mandates')).toHaveAttribute('href', '/private/account/mandats');
    const data = card('data');
    expect(within(data).getByText('3')).toBeInTheDocument();
    expect(data).toHaveAttribute('href', '/private/sites?data=missing-or-stale');
  });

  it('says what to do next when the organisation has nothing yet', async () => {
    await openPrivatePage('/private/gas/dashboard', {
      handlers: { 'GET /api/dashboard/': () => ({ body: empty }), ...noRun },
    });
    await screen.findByText('Votre portefeuille');
    expect(card('sites')).toHaveTextContent('Importez vos sites');
    expect(card('anomalies')).toHaveTextContent('déposez une facture');
    expect(card('mandates')).toHaveTextContent('signez un mandat');
    expect(card('cost')).toHaveTextContent('—');
  });

  it('tells when the figures could not be read', async () => {
    await openPrivatePage('/private/gas/dashboard', {
      handlers: {
        'GET /api/dashboard/': () => ({ status: 500, body: { error: 'x', code: 'INTERNAL' } }),
        ...noRun,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Les chiffres du portefeuille n’ont pas pu être chargés',
    );
  });
});
