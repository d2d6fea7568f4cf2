import type { Organisation, PortfolioRun } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { PortfolioOptimisation } from './portfolio-optimisation.tsx';

const base = '/api/dashboard/portfolio-optimisations';

function organisation(role: Organisation['role']): Organisation {
  return {
    id: 'org-1',
    name: 'Laiterie Martin',
    siren: null,
    vatNumber: null,
    address: null,
    role,
    memberCount: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

function run(overrides: Partial<PortfolioRun> = {}): PortfolioRun {
  return {
    id: 'run-1',
    organisationId: 'org-1',
    status: 'running',
    total: 10_000,
    done: 0,
    cancelRequested: false,
    message: null,
    dateEffet: '2026-11-01',
    sitesOptimised: 0,
    sitesSkipped: 0,
    currentCostEuros: 0,
    optimisedCostEuros: 0,
    savingsEuros: 0,
    createdBy: 'user-1',
    createdAt: '2026-11-27T08:00:00.000Z',
    updatedAt: '2026-11-27T08:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const ranked = page([
  {
    siteId: 'site-1',
    siteName: 'Usine 001',
    pce: '21427513900001',
    cjaActuelle: 150,
    cjaOptimisee: 98,
    currentCostEuros: 48_000,
    optimisedCostEuros: 40_000,
    savingsEuros: 8000,
    message: null,
  },
  {
    siteId: 'site-2',
    siteName: 'Usine 002',
    pce: '21427513900002',
    cjaActuelle: null,
    cjaOptimisee: null,
    currentCostEuros: null,
    optimisedCostEuros: null,
    savingsEuros: null,
    message: 'Option T1 : pas de capacité journalière souscrite à optimiser (options T4 et TP seulement).',
  },
]);

function renderPanel(role: Organisation['role'], handlers: Record<string, MockHandler>) {
  const api = mockApi({ 'GET /api/organisations/active': () => ({ body: organisation(role) }), ...handlers });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/private/gas/dashboard', element: <PortfolioOptimisation /> }], {
    initialEntries: ['/private/gas/dashboard'],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup({ delay: null }), api };
}

describe('« Optimiser tout le portefeuille » (issue #24 §4, ADR 0077)', () => {
  it('a member starts a run, follows its progress bar and cancels it; then sees the ranking', async () => {
    let latest: PortfolioRun | null = null;
    const { user } = renderPanel('member', {
      [`GET ${base}/`]: () => ({ body: page(latest ? [latest] : []) }),
      [`POST ${base}/`]: () => {
        latest = run({ done: 4000 });
        return { status: 202, body: run() };
      },
      [`POST ${base}/run-1/cancel`]: () => {
        latest = run({
          status: 'cancelled',
          done: 4200,
          cancelRequested: true,
          sitesOptimised: 4199,
          sitesSkipped: 1,
          currentCostEuros: 1_234_567.891,
          optimisedCostEuros: 1_000_000,
          savingsEuros: 234_567.89,
          finishedAt: '2026-11-27T08:00:05.000Z',
        });
        return { body: run({ done: 4000, cancelRequested: true }) };
      },
      [`GET ${base}/run-1/results`]: () => ({ body: ranked }),
    });
    await user.click(await screen.findByRole('button', { name: 'Optimiser tout le portefeuille' }));
    const bar = await screen.findByRole('progressbar', { name: 'Optimisation du portefeuille en cours…' });
    expect(bar).toHaveAttribute('aria-valuemax', '10000');
    // The next poll reads 4 000 done.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '4000'));
    expect(bar).toHaveAttribute('aria-valuetext', '4000 sites sur 10000 optimisés');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText(/Annulation demandée/)).toBeInTheDocument();
    expect(await screen.findByText(/Optimisation du portefeuille annulée/)).toBeInTheDocument();
    expect(screen.getByText('234 567,89 € / an')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Usine 001' })).toHaveAttribute(
      'href',
      '/private/sites/site-1',
    );
    expect(rows[1]).toHaveTextContent('8 000,00 €');
    expect(rows[2]).toHaveTextContent('Option T1');
  });

  it('a viewer sees the last run and its exports, without the start or cancel buttons', async () => {
    const done = run({ status: 'done', done: 2, total: 2, sitesOptimised: 1, sitesSkipped: 1, savingsEuros: 8000 });
    renderPanel('viewer', {
      [`GET ${base}/`]: () => ({ body: page([done]) }),
      [`GET ${base}/run-1/results`]: () => ({ body: ranked }),
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exporter (XLSX)' })).toHaveAttribute(
      'href',
      `${base}/run-1/export?format=xlsx`,
    );
    expect(screen.getByRole('link', { name: 'Rapport PDF' })).toHaveAttribute(
      'href',
      `${base}/run-1/export?format=pdf`,
    );
    expect(screen.queryByRole('button', { name: 'Optimiser tout le portefeuille' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
  });
});
