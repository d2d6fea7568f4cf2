import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { pdfNavigation } from '../../../features/simulator/components/simulation-results.tsx';
import { type MockHandler, type MockRequest, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

beforeAll(() =>
  preloadRoute('/private/gas/simulator', () => import('../../../features/simulator/components/simulator-page.tsx')),
);
beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const communes = {
  'IDF-01': [
    { commune: 'Paris', communeInsee: '75056', tso: 'NaTran', dso: 'GRDF' },
    { commune: 'Boulogne-Billancourt', communeInsee: '92012', tso: 'NaTran', dso: 'GRDF' },
  ],
  'VER-01': [{ commune: 'Versailles', communeInsee: '78646', tso: 'NaTran', dso: 'GRDF' }],
} as const;

/** A small options server: the PITD cascade over two codes. */
function pitdOptions(request: MockRequest): { body: SimulatorOptionsResponse } {
  const query = Object.fromEntries(request.url.searchParams);
  const code = query.code as keyof typeof communes | undefined;
  const rows = code ? (communes[code] ?? []) : [];
  const all = [
    { code: 'IDF-01', libelle: 'Paris et Boulogne (NaTran, NTR 2)' },
    { code: 'VER-01', libelle: 'Versailles (NaTran, NTR 1)' },
  ];
  const q = query.q?.toLowerCase();
  return {
    body: {
      point: 'PITD',
      codes: q ? all.filter((item) => `${item.code} ${item.libelle}`.toLowerCase().includes(q)) : all,
      truncated: false,
      tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
      profils: ['P011', 'P016'],
      months: ['2026-01', '2026-02'],
      tso: code ? ['NaTran'] : ['NaTran', 'Teréga'],
      dso: code ? ['GRDF'] : [],
      pitdCommunesIndex: code ? [{ code, communes: [...rows] }] : [],
      usedSampleData: true,
      referenceData: null,
      message: null,
    },
  };
}

const simulateAnswer = {
  simulationId: 'sim-1',
  resultat: {
    mensuel: { abonnement: 1808.81, termeDistribution: 2616, ctaDso: 920.36 },
    annuel: { abonnement: 21705.72, termeDistribution: 31392 },
    parMwh: { accise: 16.39, cee: 6.1, termeProportionnel: 1.18 },
    lignes: [
      {
        id: 'atrd.abonnement',
        label: 'Abonnement distribution (ATRD7 GRDF, option T4)',
        formula: '21 705,72 €/an',
        unitPrice: 21705.72,
        unit: '€/an',
        annualAmount: 21705.72,
        monthlyAmount: 1808.81,
        sourceIndices: [0],
        isEstimate: false,
      },
      {
        id: 'atrd.capacite',
        label: 'Terme de capacité journalière (ATRD7 GRDF, option T4)',
        formula: '109 MWh/j × 288,00 €/MWh/j/an',
        unitPrice: 288,
        unit: '€/MWh/j/an',
        annualAmount: 31392,
        monthlyAmount: 2616,
        sourceIndices: [0, 2],
        isEstimate: false,
      },
      {
        id: 'cee',
        label: 'CEE',
        formula: '6,10 €/MWh',
        unitPrice: 6.1,
        unit: '€/MWh',
        annualAmount: null,
        monthlyAmount: null,
        sourceIndices: [1],
        isEstimate: true,
      },
    ],
    // Each source once (ADR 0041); lines point to theirs.
    sources: [
      { title: 'Délibération CRE n° 2025-122', url: 'https://www.cre.fr/d', publishedOn: null, status: 'secondary' },
      { title: 'Estimation interne', url: 'docs/x.md', publishedOn: null, status: 'estimate' },
      {
        title: 'Délibération CRE n° 2024-40',
        url: 'https://www.cre.fr/c',
        publishedOn: '2024-02-08',
        status: 'official',
      },
    ],
    warnings: ['Compensation stockage estimée.'],
    gridDates: { atrd: '2025-07-01' },
    usedSampleData: true,
    hasEstimates: true,
  },
  pdfUrl: '/api/simulator/simulations/sim-1/pdf?exp=1&sig=s',
};

async function openSimulator(handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({ ...signedInAs(), 'GET /api/simulator/options/pitd/': pitdOptions, ...handlers });
  const app = renderApp('/private/gas/simulator');
  expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  const form = await screen.findByRole('form', { name: 'Données Client' });
  return { ...app, ...api, form: within(form) };
}

const optionCalls = (requests: MockRequest[]) =>
  requests.filter((request) => request.path.startsWith('/api/simulator/options/')).map((request) => request.url.search);

// Whole-app journeys in jsdom (ADR 0040, addendum « jsdom journeys »): with the lazy chunks preloaded above, the
// slowest test here costs 2.4 s of CPU (process.cpuUsage), 4.1 s of wall time with one Vitest worker at load 7–8:
// React's development render and jsdom's style computation behind role queries and user-event, not a wait.
describe('/private/gas/simulator', { timeout: 10_000 }, () => {
  it('validates on submit with the spec messages, focuses the first invalid field, clears an error on change', async () => {
    const { user, form } = await openSimulator();
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    const point = form.getByLabelText('Point de réseau');
    expect(point).toHaveFocus();
    expect(point).toHaveAttribute('aria-invalid', 'true');
    const message = form.getByText('Veuillez indiquer le point de réseau.');
    expect(point.getAttribute('aria-describedby')).toContain(message.id);

    await user.selectOptions(point, 'PITD');
    expect(form.queryByText('Veuillez indiquer le point de réseau.')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(form.getByText('Veuillez indiquer le code PITD.')).toBeInTheDocument();
    expect(form.getByText('Veuillez sélectionner le TSO.')).toBeInTheDocument();
    expect(form.getByText("Veuillez sélectionner la date d'effet.")).toBeInTheDocument();
    expect(form.getByText('Veuillez indiquer la CAR.')).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: 'Code PITD' })).toHaveFocus();

    await user.type(form.getByLabelText(/^CAR/), '12');
    expect(form.queryByText('Veuillez indiquer la CAR.')).not.toBeInTheDocument();
    expect(form.getByText('Veuillez indiquer le code PITD.')).toBeInTheDocument();
  });

  it('runs the cascade, simulates, shows the results (monthly, then annual) and goes back keeping the entries', async () => {
    const simulate = vi.fn(() => ({ body: simulateAnswer }));
    const { user, form, requests } = await openSimulator({ 'POST /api/simulator/simulate/': simulate });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    expect(await form.findByTestId('sample-data-notice')).toBeInTheDocument();
    expect(optionCalls(requests)[0]).toBe('?point=pitd');

    // Hide the CAR for T4, show the CJA.
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    expect(form.queryByLabelText(/^CAR/)).not.toBeInTheDocument();

    const code = form.getByRole('combobox', { name: 'Code PITD' });
    await user.type(code, 'zzz');
    expect(await form.findByText('Aucun résultat')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'versailles');
    await user.click(await form.findByRole('option', { name: /VER-01/ }));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Versailles'));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de distribution (DSO)')).toHaveValue('GRDF'));
    expect(form.getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran');
    expect(optionCalls(requests)).toContain('?point=pitd&q=versailles');

    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P016');
    await user.selectOptions(form.getByLabelText("Date d'effet"), 'février 2026');
    await user.type(form.getByLabelText(/^CJA/), '109');
    // T4 has no CAR: the assiette estimates the storage modulation, so it is required (ADR 0023).
    await user.type(form.getByLabelText(/^Assiette/), '15 466,8');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    const results = await screen.findByTestId('simulation-results');
    expect(simulate).toHaveBeenCalledTimes(1);
    const posted = requests.find((request) => request.method === 'POST' && request.path === '/api/simulator/simulate/');
    expect(posted?.body).toEqual({
      pointDeReseau: 'PITD',
      code: 'VER-01',
      commune: 'Versailles',
      tso: 'NaTran',
      dso: 'GRDF',
      tarif: 'T4',
      profil: 'P016',
      cjaMwhj: '109',
      assiette: '15 466,8',
      dateEffetMonth: '2026-02',
      honeypot: '',
    });
    expect(screen.queryByRole('form', { name: 'Données Client' })).not.toBeInTheDocument();
    const card = within(screen.getByTestId('results-card'));
    expect(screen.getByRole('button', { name: 'Mensuel (€/mois)' })).toHaveAttribute('aria-pressed', 'true');
    expect(card.getByRole('row', { name: /CTA DSO/ })).toHaveTextContent(/920,36\s€/);
    expect(card.getByRole('row', { name: /Abonnement/ })).toHaveTextContent(/1\s808,81\s€/);
    await user.click(screen.getByRole('button', { name: 'Annuel (€/an)' }));
    expect(card.getByRole('row', { name: /Abonnement/ })).toHaveTextContent(/21\s705,72\s€/);
    expect(card.getByRole('row', { name: /Terme de distribution/ })).toHaveTextContent(/31\s392,00\s€/);
    // CTA DSO annual derived from the monthly value.
    expect(card.getByRole('row', { name: /CTA DSO/ })).toHaveTextContent(/11\s044,32\s€/);
    // Each line shows its own sources, resolved from the result's shared list (ADR 0041).
    const sourcesOf = (lineId: string) => {
      const row = results.querySelector(`tr[data-line="${lineId}"]`) as HTMLElement;
      return within(within(row).getByTestId('line-source'));
    };
    const abonnement = sourcesOf('atrd.abonnement');
    expect(abonnement.getByRole('link', { name: 'Délibération CRE n° 2025-122' })).toHaveAttribute(
      'href',
      'https://www.cre.fr/d',
    );
    expect(abonnement.getAllByRole('link')).toHaveLength(1);
    expect(abonnement.queryByText('1 autre source')).not.toBeInTheDocument();
    const capacite = sourcesOf('atrd.capacite');
    expect(capacite.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Délibération CRE n° 2025-122', 'https://www.cre.fr/d'],
      ['Délibération CRE n° 2024-40', 'https://www.cre.fr/c'],
    ]);
    expect(capacite.getByText('1 autre source')).toBeInTheDocument();
    expect(capacite.getByText('(08/02/2024)', { exact: false })).toBeInTheDocument();
    const cee = sourcesOf('cee');
    expect(cee.getByText('Estimation interne')).toBeInTheDocument();
    expect(cee.queryByRole('link')).not.toBeInTheDocument();
    expect(cee.getByText('— estimation', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('estimate-legend')).toBeInTheDocument();
    expect(screen.getByTestId('result-sample-notice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute(
      'href',
      '/api/simulator/simulations/sim-1/pdf?exp=1&sig=s',
    );
    expect(screen.getByTestId('inputs-recap')).toHaveTextContent('février 2026');

    await user.click(screen.getByRole('button', { name: 'Modifier les entrées' }));
    const again = within(await screen.findByRole('form', { name: 'Données Client' }));
    expect(again.getByRole('combobox', { name: 'Code PITD' })).toHaveValue('VER-01');
    expect(again.getByLabelText(/^CJA/)).toHaveValue('109');
    expect(again.getByLabelText('Coût CEE (€/MWh)')).toHaveAttribute('placeholder', '6,10 (estimation)');

    await user.click(again.getByRole('button', { name: 'Réinitialiser le formulaire' }));
    expect(again.getByLabelText('Point de réseau')).toHaveValue('');
    expect(again.getByRole('combobox', { name: 'Code du point' })).toHaveValue('');
  });

  it("an unsupported point: toast, 'Point non supporté' card, back to the form", async () => {
    const message = "Ce point n'est pas encore supporté : combinaison TSO/DSO Teréga/Régaz-Bordeaux.";
    const { user, form } = await openSimulator({
      'POST /api/simulator/simulate/': () => ({ status: 400, body: { error: message, code: 'UNSUPPORTED_POINT' } }),
    });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    const code = form.getByRole('combobox', { name: 'Code PITD' });
    await user.click(code);
    await user.click(await form.findByRole('option', { name: /IDF-01/ }));
    await user.selectOptions(await form.findByLabelText('Commune'), 'Paris');
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T2');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P011');
    await user.selectOptions(form.getByLabelText("Date d'effet"), '2026-01');
    await user.type(form.getByLabelText(/^CAR/), '500');
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de distribution (DSO)')).toHaveValue('GRDF'));
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    expect(await screen.findByText("Ce point n'est pas encore supporté")).toBeInTheDocument();
    const card = within(await screen.findByTestId('unsupported-point'));
    expect(card.getByText('Point non supporté')).toBeInTheDocument();
    expect(card.getByText(message)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Revenir au formulaire' }));
    const again = within(await screen.findByRole('form', { name: 'Données Client' }));
    expect(again.getByLabelText('Commune')).toHaveValue('Paris');
  });

  it('another error: a toast, the server message on its field; the PDF button is disabled without a link', async () => {
    let answer: MockHandler = () => ({
      status: 400,
      body: {
        error: "La commune « Paris » n'est pas rattachée au PITD « VER-01 ».",
        code: 'VALIDATION_FAILED',
        details: [{ path: '/commune', message: 'x' }],
      },
    });
    const { user, form } = await openSimulator({ 'POST /api/simulator/simulate/': (request) => answer(request) });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    await user.click(form.getByRole('combobox', { name: 'Code PITD' }));
    await user.click(await form.findByRole('option', { name: /VER-01/ }));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Versailles'));
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P011');
    await user.selectOptions(form.getByLabelText("Date d'effet"), '2026-01');
    await user.type(form.getByLabelText(/^CJA/), '50');
    await user.type(form.getByLabelText(/^Assiette/), '1000');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(
      await form.findByText("La commune « Paris » n'est pas rattachée au PITD « VER-01 ».", { selector: 'p' }),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Commune')).toHaveAttribute('aria-invalid', 'true');

    answer = () => ({ body: { ...simulateAnswer, pdfUrl: undefined } });
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await screen.findByRole('button', { name: 'Télécharger le PDF' })).toBeDisabled();
  });

  it("options that fail to load: 'Erreur cascade PITD ({status}): {body}' under the form", async () => {
    const { user, form } = await openSimulator({
      'GET /api/simulator/options/pitd/': () => ({ status: 400, body: { error: 'Paramètre invalide', code: 'X' } }),
    });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    expect(await form.findByTestId('cascade-error')).toHaveTextContent('Erreur cascade PITD (400): Paramètre invalide');
  });

  it("'Soumission en cours...' while the simulation runs; an expired PDF link is renewed on click", async () => {
    let release: (() => void) | undefined;
    const { user, form, requests } = await openSimulator({
      'POST /api/simulator/simulate/': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { ...simulateAnswer, pdfUrlExpiresAt: '2020-01-01T00:00:00.000Z' } });
        }),
      'GET /api/simulator/simulations/sim-1/pdf-link': () => ({
        body: {
          pdfUrl: '/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf',
          pdfUrlExpiresAt: '2099-01-01T00:00:00.000Z',
        },
      }),
    });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    await user.click(form.getByRole('combobox', { name: 'Code PITD' }));
    await user.click(await form.findByRole('option', { name: /VER-01/ }));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de distribution (DSO)')).toHaveValue('GRDF'));
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P011');
    await user.selectOptions(form.getByLabelText("Date d'effet"), '2026-01');
    await user.type(form.getByLabelText(/^CJA/), '50');
    await user.type(form.getByLabelText(/^Assiette/), '1000');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await form.findByRole('button', { name: 'Soumission en cours...' })).toBeDisabled();
    release?.();

    const open = vi.spyOn(pdfNavigation, 'open').mockImplementation(() => undefined);
    const link = await screen.findByRole('link', { name: 'Télécharger le PDF' });
    await user.click(link);
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf'));
    expect(requests.some((request) => request.path === '/api/simulator/simulations/sim-1/pdf-link')).toBe(true);
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute(
      'href',
      '/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf',
    );
  });

  it('LI: the cascade over the point table (code → commune and TSO), the sample notice, the transport lines', async () => {
    const liOptions = (request: MockRequest): { body: SimulatorOptionsResponse } => {
      const code = request.url.searchParams.get('code');
      return {
        body: {
          point: 'LI',
          codes: [{ code: 'ECH-LI-0001', libelle: 'ÉCHANTILLON Dunkerque (NaTran, NTR 1)' }],
          truncated: false,
          tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
          profils: ['P011'],
          months: ['2026-10', '2026-11'],
          tso: code ? ['NaTran'] : ['NaTran', 'Teréga'],
          dso: [],
          liCommunesIndex: code ? [{ code, communes: ['Dunkerque'] }] : [],
          usedSampleData: true,
          referenceData: null,
          pointTable: {
            kind: 'li',
            isSample: true,
            origin: 'package',
            version: null,
            sourceFileName: null,
            importedAt: null,
            rowCount: 4,
            description: 'Échantillon',
          },
          message: 'Table des points LI d’échantillon en service (codes fictifs) : les résultats sont indicatifs.',
        },
      };
    };
    const answer = {
      ...simulateAnswer,
      resultat: {
        ...simulateAnswer.resultat,
        mensuel: { termeTransport: 2853.92, ctaTso: 134.42 },
        annuel: { termeTransport: 34247.06, ctaTso: 1613.04 },
        lignes: [
          {
            id: 'atrt.poste',
            label: 'Terme fixe par poste de livraison (NaTran, ATRT8)',
            formula: '1 poste × 7 611,06 €/an',
            unitPrice: 7611.06,
            unit: '€/an',
            annualAmount: 7611.06,
            monthlyAmount: 634.26,
            sourceIndices: [0],
            isEstimate: false,
          },
        ],
        sources: [{ title: 'Délibération CRE n° 2026-28', url: 'https://www.cre.fr/a', status: 'official' }],
      },
    };
    const { user, form, requests } = await openSimulator({
      'GET /api/simulator/options/li/': liOptions,
      'POST /api/simulator/simulate/': () => ({ body: answer }),
    });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'LI');
    expect(await form.findByText(/Table des points LI d’échantillon en service/)).toBeInTheDocument();
    expect(await form.findByTestId('sample-data-notice')).toHaveTextContent('points LI');
    expect(form.queryByLabelText(/^CAR/)).not.toBeInTheDocument();
    expect(form.queryByLabelText(/^Gestionnaire de distribution/)).not.toBeInTheDocument();
    const code = form.getByRole('combobox', { name: 'Code LI' });
    await user.type(code, 'dunk');
    await user.click(await form.findByRole('option', { name: /ECH-LI-0001/ }));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Dunkerque'));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran'));
    expect(optionCalls(requests)).toContain('?point=li&code=ECH-LI-0001');
    await user.selectOptions(form.getByLabelText('Option tarifaire'), 'TP');
    expect(form.queryByLabelText(/^Distance/)).not.toBeInTheDocument();
    await user.type(form.getByLabelText(/^CJA/), '100');
    await user.type(form.getByLabelText(/^Assiette/), '20000');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    const results = await screen.findByTestId('simulation-results');
    const posted = requests.find((request) => request.method === 'POST' && request.path === '/api/simulator/simulate/');
    expect(posted?.body).toMatchObject({
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      commune: 'Dunkerque',
      tso: 'NaTran',
      tarif: 'TP',
      profil: 'P011',
      cja: '100',
      assiette: '20000',
    });
    expect(posted?.body).not.toHaveProperty('distanceM');
    const card = within(screen.getByTestId('results-card'));
    expect(card.getByRole('row', { name: /Terme de transport/ })).toHaveTextContent(/2\s853,92\s€/);
    expect(within(results).getByRole('link', { name: 'Délibération CRE n° 2026-28' })).toBeInTheDocument();
  });

  it('the honeypot is hidden from everyone and out of the tab order', async () => {
    const { container } = await openSimulator();
    const honeypot = container.querySelector('input[name="honeypot"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot).toHaveAttribute('aria-hidden', 'true');
    expect(honeypot?.parentElement).toHaveClass('sr-only');
  });
});
