import {
  type OptimisationDetail,
  type OptimisationHistoryItem,
  type OptimisationRecalculation,
  type OptimisationResponse,
  organisationMessages,
  type SimulationDetail,
  type SimulationHistoryItem,
  type SimulationRecalculation,
} from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { HistoryPage } from './history-page.tsx';

const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function item(id: string, overrides: Partial<SimulationHistoryItem> = {}): SimulationHistoryItem {
  return {
    id,
    createdAt: '2026-11-20T09:30:00.000Z',
    pointDeReseau: 'PITD',
    code: 'GD1057',
    commune: 'Paris',
    gestionnaire: 'GRDF',
    tarif: 'T4',
    dateEffet: '2026-11-01',
    totalAnnuelHt: 45678.9,
    usedSampleData: false,
    ...overrides,
  };
}

const abonnement = {
  id: 'atrd.abonnement',
  category: 'abonnement' as const,
  kind: 'fixe' as const,
  label: 'Abonnement annuel T4',
  formula: '1 × 21 705,72 €/an',
  inputs: {},
  unitPrice: 21705.72,
  unit: '€/an',
  annualAmount: 21705.72,
  monthlyAmount: 1808.81,
  sourceIndices: [0],
  isEstimate: false,
};

const detail: SimulationDetail = {
  simulationId: 's-1',
  createdAt: '2026-11-20T09:30:00.000Z',
  input: { pointDeReseau: 'PITD', code: 'GD1057', commune: 'Paris', tso: 'NaTran', dso: 'GRDF', tarif: 'T4' },
  pdfUrl: '/api/simulator/simulations/s-1/pdf?exp=1&sig=x',
  pdfUrlExpiresAt: '2099-01-01T00:00:00.000Z',
  resultat: {
    dateEffet: '2026-11-01',
    mensuel: {
      abonnement: 1808.81,
      termeDistribution: 0,
      termeTransport: 0,
      compensationStockage: 0,
      ctaTso: 0,
      ctaDso: 0,
      ctaTotal: 0,
      totalFixe: 1808.81,
    },
    annuel: {
      abonnement: 21705.72,
      termeDistribution: 0,
      termeTransport: 0,
      compensationStockage: 0,
      ctaTso: 0,
      ctaDso: 0,
      ctaTotal: 0,
      totalFixe: 21705.72,
    },
    parMwh: { accise: 16.39, ticgn: 16.39, cee: 6.1, termeProportionnel: 1.18 },
    lignes: [abonnement],
    sources: [{ title: 'Délibération CRE', url: 'https://www.cre.fr/', publishedOn: null, status: 'official' }],
    warnings: [],
    gridDates: {
      atrd: '2026-07-01',
      atrt: '2026-04-01',
      stockage: '2026-04-01',
      cta: '2026-07-01',
      accise: '2026-02-01',
      cee: null,
    },
    usedSampleData: false,
    hasEstimates: false,
    referentiel: {
      ntr: 2,
      stationMeteo: null,
      zi: null,
      libelle: null,
      communeInsee: null,
      pitdDataset: null,
      ziDataset: null,
    },
  },
};

const recalculation: SimulationRecalculation = {
  previous: { simulationId: 's-1', createdAt: '2026-11-20T09:30:00.000Z', dateEffet: '2026-11-01' },
  current: { ...detail, simulationId: 's-new' },
  lines: [
    {
      id: 'atrd.abonnement',
      label: 'Abonnement annuel T4',
      unit: '€/an',
      ancien: 21705.72,
      nouveau: 23456.78,
      difference: 1751.06,
    },
    { id: 'total', label: 'Total annuel HT', unit: '€/an', ancien: 45678.9, nouveau: 47429.96, difference: 1751.06 },
  ],
  changed: true,
};

const costs = (distribution: number, total: number) => ({
  transport_fixe: 1000,
  transport_stockage: 200,
  transport_penalites: 50,
  distribution_fixe: distribution,
  total_annuel: total,
});
const breakdown = (distribution: number, total: number) => ({
  ...costs(distribution, total),
  details: {
    atrdCapaciteAnnuelle: distribution,
    atrdCapaciteMensuelle: 0,
    ctaCapacite: 0,
    transportCapaciteAnnuelle: 1000,
    transportCapaciteMensuelle: 0,
    penalitesDistribution: 0,
    penalitesTransport: 50,
    penalitesParMois: {},
    joursEnDepassement: 0,
    termeFixePoste: 0,
  },
});

/** A stored optimisation's answer (as `POST /api/optimisation/` returned it): CJA 120 → 95, 4 321,50 € saved. */
const optimisationResult: OptimisationResponse = {
  dateEffet: '2026-11-01',
  tarif: 'T4',
  cjaOptimisee: 95,
  cjaActuelle: 120,
  economieAnnuelle: 4321.5,
  pourcentageEconomie: 12.35,
  couts: { avant: costs(33750, 35000), apres: costs(29428.5, 30678.5) },
  capacitesMensuelles: null,
  params: [
    {
      id: 'atrd7.t4.r1',
      libelle: 'Terme de capacité T4 (≤ 500 MWh/j)',
      valeur: 288,
      unite: '€/MWh/j/an',
      statut: 'official',
      estimation: false,
      sources: [],
      notes: null,
    },
  ],
  warnings: [],
  hasEstimates: false,
  usedSampleData: false,
  series: {
    origine: 'mesures',
    estimation: false,
    message: 'Relevés du PCE 12345678901234 du 01/11/2025 au 31/10/2026.',
    source: {
      type: 'dataset',
      datasetId: 'ds-1',
      pce: '12345678901234',
      label: 'Usine',
      regle: 'annee-precedant-date-effet',
      debut: '2025-11-01',
      fin: '2026-10-31',
    },
    consoJournaliere: [
      { date: '2025-11-01', mwh: 100, qualite: 'mesure' },
      { date: '2025-11-02', mwh: 80, qualite: 'mesure' },
    ],
    joursMesures: 2,
    joursEstimes: 0,
    joursManquants: 0,
    maxJournalier: 100,
    totalMwh: 180,
  },
  details: { avant: breakdown(33750, 35000), apres: breakdown(29428.5, 30678.5) },
  referentiel: {
    pointDeReseau: 'PITD',
    code: 'GD1057',
    libelle: 'Paris',
    commune: 'Paris',
    communeInsee: '75056',
    tso: 'NaTran',
    dso: 'GRDF',
    ntr: 2,
    stationMeteo: 'PARIS-MONTSOURIS',
    pitdDataset: null,
    pointDataset: null,
  },
  stats: { candidats: 12 },
};

function optimisationItem(id: string, overrides: Partial<OptimisationHistoryItem> = {}): OptimisationHistoryItem {
  return {
    id,
    createdAt: '2026-11-21T10:00:00.000Z',
    code: 'GD1057',
    commune: 'Paris',
    tso: 'NaTran',
    tarif: 'T4',
    dateEffet: '2026-11-01',
    cjaActuelle: 120,
    cjaOptimisee: 95,
    economieAnnuelle: 4321.5,
    pourcentageEconomie: 12.35,
    coutAvant: 35000,
    coutApres: 30678.5,
    seriesEstimated: false,
    hasEstimates: false,
    detailKept: true,
    ...overrides,
  };
}

const optimisationDetail: OptimisationDetail = {
  ...optimisationItem('o-1'),
  input: { pointDeReseau: 'PITD', code: 'GD1057', commune: 'Paris', tso: 'NaTran', tarif: 'T4', assiette: 18000 },
  result: optimisationResult,
};

function page<T>(items: T[], total = items.length, pageNumber = 1) {
  return { items, total, page: pageNumber, pageSize: 10 };
}

function renderPage(handlers: Record<string, MockHandler>, url = '/private/historique') {
  const api = mockApi({
    'GET /api/optimisation/optimisations/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 10 } }),
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/private/historique', element: <HistoryPage /> },
      { path: '/private/gas/simulator', element: <p>Page du simulateur</p> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, api, router };
}

describe('HistoryPage', () => {
  it('says what to do next when nothing is stored, with a link to the simulator', async () => {
    const { user } = renderPage({ 'GET /api/simulator/simulations/': () => ({ body: page([]) }) });
    const empty = await screen.findByTestId('history-empty');
    expect(empty).toHaveTextContent('Lancez une simulation depuis le Simulateur');
    await user.click(within(empty).getByRole('link', { name: 'Lancer une simulation' }));
    expect(await screen.findByText('Page du simulateur')).toBeInTheDocument();
  });

  it('lists simulations with their distributor, option, period and total HT, and pages through them', async () => {
    const { user, api } = renderPage({
      'GET /api/simulator/simulations/': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { body: page([item('s-11', { code: 'GD2000' })], 11, 2) }
          : { body: page([item('s-1')], 11) },
    });
    const card = await screen.findByTestId('history-simulation');
    expect(card).toHaveTextContent('PITD · GD1057 · Paris');
    expect(card).toHaveTextContent('GRDF · Option T4 · novembre 2026');
    expect(nbsp(card.textContent)).toContain('45 678,90 € HT/an');
    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(await screen.findByText(/GD2000/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.searchParams.get('page') === '2')).toBe(true);
  });

  it('deletes only after confirmation', async () => {
    let items = [item('s-1')];
    const { user, api } = renderPage({
      'GET /api/simulator/simulations/': () => ({ body: page(items) }),
      'DELETE /api/simulator/simulations/s-1': () => {
        items = [];
        return { body: { id: 's-1', deleted: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Supprimer cette simulation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer cette simulation ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: /Supprimer cette simulation/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByTestId('history-empty')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('recalculates and shows the difference line by line, signed, to the cent', async () => {
    const { user } = renderPage({
      'GET /api/simulator/simulations/': () => ({ body: page([item('s-1')]) }),
      'POST /api/simulator/simulations/s-1/recalculate': () => ({ body: recalculation }),
    });
    await user.click(await screen.findByRole('button', { name: /Recalculer la simulation/ }));
    const card = await screen.findByTestId('history-recalculation');
    expect(card).toHaveTextContent('1 ligne change');
    const line = within(card).getByTestId('recalculation-line-atrd.abonnement');
    expect(nbsp(line.textContent)).toBe('Abonnement annuel T421 705,72 €23 456,78 €+1 751,06 €');
    expect(nbsp(within(card).getByTestId('recalculation-line-total').textContent)).toContain('+1 751,06 €');
  });

  it('reopens a stored simulation in the simulator’s results view, and goes back to the list', async () => {
    const { user } = renderPage({
      'GET /api/simulator/simulations/': () => ({ body: page([item('s-1')]) }),
      'GET /api/simulator/simulations/s-1': () => ({ body: detail }),
    });
    await user.click(await screen.findByRole('button', { name: /Rouvrir la simulation/ }));
    const results = await screen.findByTestId('simulation-results');
    expect(within(results).getByRole('heading', { name: 'Résultats de la simulation' })).toBeInTheDocument();
    expect(nbsp(results.textContent)).toContain('1 808,81');
    await user.click(screen.getByRole('button', { name: 'Retour à l’historique' }));
    await waitFor(() => expect(screen.getByTestId('history-simulation')).toBeInTheDocument());
  });

  it('moves between the tabs with the arrow keys and lists optimisations with their recommended CJA and savings', async () => {
    const { user } = renderPage({
      'GET /api/simulator/simulations/': () => ({ body: page([item('s-1')]) }),
      'GET /api/optimisation/optimisations/': () => ({
        body: {
          items: [
            {
              id: 'o-1',
              createdAt: '2026-11-21T10:00:00.000Z',
              code: 'GD1057',
              commune: 'Paris',
              tso: 'NaTran',
              tarif: 'T4',
              dateEffet: '2026-11-01',
              cjaActuelle: 120,
              cjaOptimisee: 100,
              economieAnnuelle: 1234.56,
              pourcentageEconomie: 3.2,
              coutAvant: 40000,
              coutApres: 38765.44,
              seriesEstimated: false,
              hasEstimates: false,
              detailKept: false,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        },
      }),
    });
    const simulationsTab = await screen.findByRole('tab', { name: 'Simulations' });
    simulationsTab.focus();
    await user.keyboard('{ArrowRight}');
    const optimisationsTab = screen.getByRole('tab', { name: 'Optimisations' });
    expect(optimisationsTab).toHaveAttribute('aria-selected', 'true');
    expect(optimisationsTab).toHaveFocus();
    const card = await screen.findByTestId('history-optimisation');
    expect(nbsp(card.textContent)).toContain('100 MWh/j');
    expect(nbsp(card.textContent)).toContain('1 234,56 €/an');
    // Stored before its detail was kept: the summary only, said so, and nothing to reopen or recalculate.
    expect(within(card).getByTestId('history-optimisation-summary-only')).toHaveTextContent('Détail non conservé');
    expect(within(card).queryByRole('button', { name: /Rouvrir/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Recalculer/ })).toBeNull();
  });

  it('reopens a stored optimisation in the optimisation’s own results view, and goes back to the optimisations', async () => {
    const { user, api } = renderPage(
      {
        'GET /api/optimisation/optimisations/': () => ({ body: page([optimisationItem('o-1')]) }),
        'GET /api/optimisation/optimisations/o-1': () => ({ body: optimisationDetail }),
      },
      '/private/historique?onglet=optimisations',
    );
    await user.click(await screen.findByRole('button', { name: 'Rouvrir l’optimisation GD1057 · Paris' }));
    expect(await screen.findByRole('heading', { name: 'Optimisation enregistrée' })).toBeInTheDocument();
    const results = await screen.findByTestId('optimisation-results');
    // The optimisation page's own KPI cards and avant/après table, from the stored answer.
    expect(nbsp(results.textContent)).toContain('4 321,50');
    expect(nbsp(results.textContent)).toContain('30 678,50');
    expect(results).toHaveTextContent(optimisationResult.series.message);
    expect(screen.getByRole('heading', { name: 'Consommation journalière' })).toBeInTheDocument();
    expect(screen.getByTestId('params-used')).toHaveTextContent('Paramètres utilisés (1)');
    expect(api.requests.some((request) => request.path === '/api/optimisation/optimisations/o-1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Retour à l’historique' }));
    await waitFor(() => expect(screen.getByTestId('history-optimisation')).toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Optimisations' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says an optimisation reopened without its detail shows its summary only', async () => {
    renderPage(
      {
        'GET /api/optimisation/optimisations/o-old': () => ({
          body: { ...optimisationItem('o-old', { detailKept: false }), input: null, result: null },
        }),
      },
      '/private/historique?optimisation=o-old',
    );
    expect(await screen.findByRole('heading', { name: 'Optimisation enregistrée' })).toBeInTheDocument();
    expect((await screen.findAllByText(/Détail non conservé/)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('optimisation-results')).toBeNull();
    expect(nbsp(screen.getByTestId('history-optimisation').textContent)).toContain('4 321,50 €/an');
  });

  it('recalculates an optimisation and shows the difference line by line and the new recommended CJA', async () => {
    const recalculated: OptimisationRecalculation = {
      previous: {
        optimisationId: 'o-1',
        createdAt: '2026-11-21T10:00:00.000Z',
        dateEffet: '2026-11-01',
        cjaActuelle: 120,
        cjaOptimisee: 95,
      },
      current: {
        optimisationId: 'o-new',
        createdAt: '2026-11-26T10:00:00.000Z',
        dateEffet: '2026-12-01',
        cjaActuelle: 120,
        cjaOptimisee: 96,
      },
      result: { ...optimisationResult, dateEffet: '2026-12-01', cjaOptimisee: 96 },
      lines: [
        {
          id: 'avant.distribution_fixe',
          label: 'CJA actuelle — distribution (termes de capacité et CTA)',
          unit: '€/an',
          ancien: 33750,
          nouveau: 34000.1,
          difference: 250.1,
        },
        {
          id: 'total',
          label: 'Coût annuel HT avec la CJA recommandée',
          unit: '€/an',
          ancien: 30678.5,
          nouveau: 30800,
          difference: 121.5,
        },
      ],
      changed: true,
    };
    const { user } = renderPage(
      {
        'GET /api/optimisation/optimisations/': () => ({ body: page([optimisationItem('o-1')]) }),
        'POST /api/optimisation/optimisations/o-1/recalculate': () => ({ body: recalculated }),
      },
      '/private/historique?onglet=optimisations',
    );
    await user.click(await screen.findByRole('button', { name: 'Recalculer l’optimisation GD1057 · Paris' }));
    const card = await screen.findByTestId('history-recalculation');
    expect(nbsp(card.textContent)).toContain('une nouvelle optimisation, ajoutée à l’historique');
    expect(nbsp(card.textContent)).toContain('CJA recommandée : 95 → 96 MWh/j');
    expect(card).toHaveTextContent('1 ligne change');
    const line = within(card).getByTestId('recalculation-line-avant.distribution_fixe');
    expect(nbsp(line.textContent)).toBe(
      'CJA actuelle — distribution (termes de capacité et CTA)33 750,00 €34 000,10 €+250,10 €',
    );
    expect(nbsp(within(card).getByTestId('recalculation-line-total').textContent)).toContain('+121,50 €');
  });

  it('shows a viewer of the active organisation no « Recalculer » nor « Supprimer », and says why (ADR 0066)', async () => {
    renderPage({
      'GET /api/organisations/active': () => ({
        body: {
          id: 'o-1',
          name: 'Laiterie Martin',
          siren: null,
          vatNumber: null,
          address: null,
          role: 'viewer',
          memberCount: 3,
          createdAt: '2026-11-20T09:30:00.000Z',
          updatedAt: '2026-11-20T09:30:00.000Z',
        },
      }),
      'GET /api/simulator/simulations/': () => ({ body: page([item('s-1')]) }),
    });
    expect(await screen.findByText(organisationMessages.viewerReadOnly)).toBeInTheDocument();
    const card = await screen.findByTestId('history-simulation');
    expect(within(card).getByRole('button', { name: /Rouvrir/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Recalculer/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });

  it('shows a member « Recalculer » and « Supprimer » without the viewer’s sentence', async () => {
    renderPage({
      'GET /api/organisations/active': () => ({
        body: {
          id: 'o-1',
          name: 'Laiterie Martin',
          siren: null,
          vatNumber: null,
          address: null,
          role: 'member',
          memberCount: 3,
          createdAt: '2026-11-20T09:30:00.000Z',
          updatedAt: '2026-11-20T09:30:00.000Z',
        },
      }),
      'GET /api/simulator/simulations/': () => ({ body: page([item('s-1')]) }),
    });
    const card = await screen.findByTestId('history-simulation');
    await waitFor(() => expect(within(card).getByRole('button', { name: /Recalculer/ })).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: /Supprimer/ })).toBeInTheDocument();
    expect(screen.queryByText(organisationMessages.viewerReadOnly)).not.toBeInTheDocument();
  });
});
