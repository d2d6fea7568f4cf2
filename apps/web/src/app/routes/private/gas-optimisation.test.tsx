import type { ConsumptionDatasetSummary, SimulatorOptionsResponse } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOptimisationResponse } from '../../../features/optimisation/testing/sample-response.ts';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { type MockAnswer, type MockHandler, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

// uPlot draws on a canvas, which jsdom lacks: the chart chunk is replaced here and covered by Chromium tests.
vi.mock(
  '../../../features/optimisation/components/daily-chart.tsx',
  () => import('../../../testing/daily-chart-stub.tsx'),
);

beforeAll(() =>
  preloadRoute(
    '/private/gas/optimisation',
    () => import('../../../features/optimisation/components/optimisation-page.tsx'),
  ),
);
beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const paris = { commune: 'Paris', communeInsee: '75056', tso: 'NaTran', dso: 'GRDF' };

function options(url: URL): SimulatorOptionsResponse {
  const code = url.searchParams.get('code');
  const q = url.searchParams.get('q') ?? '';
  const codes = [
    { code: 'ECH-PITD-0001', libelle: 'ÉCHANTILLON Paris (NaTran, NTR 2)' },
    { code: 'ECH-PITD-0004', libelle: 'ÉCHANTILLON Bordeaux (Teréga, NTR 1)' },
  ].filter((c) => `${c.code} ${c.libelle}`.toLowerCase().includes(q.toLowerCase()));
  return {
    point: 'PITD',
    codes,
    truncated: false,
    tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
    profils: ['P011', 'P016'],
    months: ['2025-07'],
    tso: code ? ['NaTran'] : ['NaTran', 'Teréga'],
    dso: code ? ['GRDF'] : [],
    pitdCommunesIndex: code === 'ECH-PITD-0001' ? [{ code, communes: [paris] }] : [],
    usedSampleData: true,
    referenceData: null,
    message: null,
  };
}

const dataset: ConsumptionDatasetSummary = {
  id: 'ds-1',
  pce: '12345678901234',
  label: null,
  sourceFormat: 'simple',
  sourceFileName: 'releves.csv',
  unit: 'kWh',
  conversionCoefficient: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  debut: '2025-01-01',
  fin: '2025-12-31',
  jours: 365,
  totalKwh: 1_234_567,
  totalMwh: 1234.567,
  maxJournalierKwh: 9000,
  qualite: { mesure: 360, estime: 3, manquant: 2 },
  anneeComplete: true,
};

/** The API's paginated answer (`?page=&pageSize=`, 20 by default) over a list of datasets. */
function pageOf(items: ConsumptionDatasetSummary[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const pageSize = Number(url.searchParams.get('pageSize') ?? '20');
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

async function openOptimisation(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    ...signedInAs(),
    'GET /api/simulator/options/pitd/': ({ url }) => ({ body: options(url) }),
    'GET /api/consumption-data/': ({ url }) => ({ body: pageOf([dataset], url) }),
    ...extra,
  });
  const app = renderApp('/private/gas/optimisation');
  expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  await waitFor(() => expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument());
  const form = await screen.findByRole('form', { name: 'Optimisation – Paramètres' });
  return { ...app, ...api, form };
}

async function fillPitd(user: ReturnType<typeof renderApp>['user'], form: HTMLElement) {
  await user.selectOptions(within(form).getByLabelText('Point de réseau'), 'PITD');
  const code = within(form).getByRole('combobox', { name: 'Code PITD' });
  await user.click(code);
  // Pasted (typing the search is the « Aucun résultat » test's); the option is looked up in the form, not the app.
  await user.paste('paris');
  await user.click(await within(form).findByRole('option', { name: /ECH-PITD-0001/ }));
  // The single commune, its TSO and the single month are chosen by themselves.
  await waitFor(() => expect(within(form).getByLabelText('Commune')).toHaveValue('Paris'));
  await waitFor(() => expect(within(form).getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran'));
  expect(within(form).getByLabelText('Date d’effet')).toHaveValue('2025-07');
  await user.selectOptions(within(form).getByLabelText('Option tarifaire'), 'T4');
  await user.selectOptions(within(form).getByLabelText('Profil de consommation'), 'P016');
}

/** Clicks `field` and pastes `text`: one input event, where typing sends one per character (each renders the form). */
async function pasteInto(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('/private/gas/optimisation (spec §2.9, §4, §5)', () => {
  it('shows the form, the consumption panel and the empty chart', async () => {
    await openOptimisation();
    expect(document.title).toBe('Optimisation · Espace Gaz · Pilote Énergie');
    expect(screen.getByRole('heading', { level: 1, name: 'Optimisation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Optimisation – Paramètres' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Validez le formulaire pour afficher le graphique.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mes données de consommation/ })).toBeInTheDocument();
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
  });

  it('validation errors are toasts, in the spec order; PITD tariffs are T4 and TP', async () => {
    const { user, form, requests } = await openOptimisation();
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(await screen.findByText('Veuillez sélectionner le point de réseau.')).toBeInTheDocument();
    await fillPitd(user, form);
    const tarifs = within(within(form).getByLabelText('Option tarifaire')).getAllByRole('option');
    expect(tarifs.map((o) => o.textContent)).toEqual(['Choisir…', 'T4', 'TP']);
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(await screen.findByText("Veuillez indiquer l'assiette.")).toBeInTheDocument();
    expect(within(form).getByLabelText('Assiette (MWh/an)')).toHaveFocus();
    expect(requests.some((r) => r.path === '/api/optimisation/')).toBe(false);
  });

  it('monthly capacities, once switched on, are all required and numbers (toasts)', async () => {
    const { user, form, requests } = await openOptimisation();
    await fillPitd(user, form);
    await pasteInto(user, within(form).getByLabelText('Assiette (MWh/an)'), '20000');
    await user.click(within(form).getByRole('switch', { name: /Capacités mensuelles/ }));
    expect(within(form).getAllByLabelText(/^M\d+ \(/)).toHaveLength(12);
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(
      await screen.findByText("Veuillez remplir toutes les capacités mensuelles ou désactiver l'option."),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('M1 (janvier)'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(await screen.findByText('Toutes les capacités doivent être des nombres valides.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/optimisation/')).toBe(false);
  });

  it('submits, shows the results, collapses the form; reset clears everything', async () => {
    let release: (() => void) | undefined;
    const { user, form, requests } = await openOptimisation({
      'POST /api/optimisation/': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: sampleOptimisationResponse() });
        }),
    });
    await fillPitd(user, form);
    await pasteInto(user, within(form).getByLabelText('Assiette (MWh/an)'), '20 000');
    // The newest dataset covering a year is the default series.
    expect(within(form).getByLabelText('Consommation journalière utilisée')).toHaveValue('ds-1');
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(await within(form).findByRole('button', { name: 'Calcul en cours…' })).toBeDisabled();
    release?.();
    expect(await screen.findByText('Optimisation réussie')).toBeInTheDocument();
    const post = requests.find((r) => r.path === '/api/optimisation/');
    expect(post?.body).toEqual({
      pointDeReseau: 'PITD',
      code: 'ECH-PITD-0001',
      commune: 'Paris',
      tarif: 'T4',
      tso: 'NaTran',
      profil: 'P016',
      assiette: 20000,
      cjsInterruptible: 0,
      cpl: 0,
      dateEffetMonth: '2025-07',
      datasetId: 'ds-1',
    });
    expect(post?.headers.get('X-CSRFToken')).toBe('csrf-test');
    expect(screen.getByRole('button', { name: 'Optimisation – Paramètres' })).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, the form keeps its values but is hidden.
    expect(screen.queryByRole('form', { name: 'Optimisation – Paramètres' })).toBeNull();
    expect(form).not.toBeVisible();

    const kpis = screen.getByTestId('kpi-cards');
    const text = (kpis.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('CJA optimisée95 MWh/j');
    expect(text).toContain('CJA actuelle120 MWh/j');
    expect(text).toContain('4 321,50 €');
    expect(text).toContain('12,3 %');
    const table = screen.getByTestId('cost-table');
    for (const label of [
      'Transport – termes de capacité',
      'Transport – compensation stockage',
      'Pénalités de dépassement',
      'Distribution – terme de capacité (CTA incluse)',
      'Total annuel',
    ]) {
      expect(within(table).getByRole('rowheader', { name: label })).toBeInTheDocument();
    }
    expect(await screen.findByTestId('daily-chart')).toHaveTextContent('4 jours');
    expect(screen.getByTestId('series-banner')).toHaveTextContent('Relevés du PCE');
    const params = screen.getByTestId('params-used');
    expect(within(params).getByText('Estimation')).toBeInTheDocument();
    expect(within(params).getByText('Officiel')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Réinitialiser le formulaire' }));
    expect(screen.queryByTestId('kpi-cards')).not.toBeInTheDocument();
    expect(screen.getByText('Validez le formulaire pour afficher le graphique.')).toBeInTheDocument();
    const fresh = screen.getByRole('form', { name: 'Optimisation – Paramètres' });
    expect(within(fresh).getByLabelText('Point de réseau')).toHaveValue('');
  });

  it('labels an estimated typical year clearly', async () => {
    const estimated = sampleOptimisationResponse();
    estimated.series = {
      ...estimated.series,
      estimation: true,
      origine: 'synthese',
      message: 'ESTIMATION — année type.',
    };
    const { user, form } = await openOptimisation({
      'GET /api/consumption-data/': ({ url }) => ({ body: pageOf([], url) }),
      'POST /api/optimisation/': () => ({ body: estimated }),
    });
    await fillPitd(user, form);
    await pasteInto(user, within(form).getByLabelText('Assiette (MWh/an)'), '1000');
    expect(within(form).getByLabelText('Consommation journalière utilisée')).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
    expect(await screen.findByTestId('estimated-series-banner')).toHaveTextContent('Année type estimée');
  });

  it('a failed optimisation shows an error toast and keeps the form open, for each kind of failure', async () => {
    const failures: [MockAnswer, string][] = [
      [{ status: 400, body: { error: 'Capacité M2 invalide', code: 'VALIDATION_FAILED' } }, 'Capacité M2 invalide'],
      [new Response('<html>Bad gateway</html>', { status: 502 }), 'HTTP 502: <html>Bad gateway</html>'],
      [new Response('pas du JSON', { status: 200 }), 'Réponse non-JSON inattendue'],
      [{ status: 200, body: { nope: true } }, "Échec de l'optimisation"],
    ];
    let answer: MockAnswer = { status: 500 };
    // One page and one filled form, submitted once per failure (the form stays filled and open after each): the
    // whole-app render and the filled cascade, about 0.5 s of CPU, are paid once instead of four times.
    const { user, form, requests } = await openOptimisation({ 'POST /api/optimisation/': () => answer });
    await fillPitd(user, form);
    await pasteInto(user, within(form).getByLabelText('Assiette (MWh/an)'), '1000');
    const toggle = screen.getByRole('button', { name: 'Optimisation – Paramètres' });
    for (const [index, [failure, message]] of failures.entries()) {
      answer = failure;
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Optimiser la CJA' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(requests.filter((r) => r.path === '/api/optimisation/')).toHaveLength(index + 1);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
  });

  it("an empty code search says 'Aucun résultat'", async () => {
    const { user, form } = await openOptimisation();
    await user.selectOptions(within(form).getByLabelText('Point de réseau'), 'PITD');
    const code = within(form).getByRole('combobox', { name: 'Code PITD' });
    await user.type(code, 'zzz');
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
  });
});

describe('consumption data panel', () => {
  it('lists datasets, shows a line-numbered import error verbatim, deletes with confirmation', async () => {
    let items = [dataset];
    const { user, requests } = await openOptimisation({
      'GET /api/consumption-data/': ({ url }) => ({ body: pageOf(items, url) }),
      'POST /api/consumption-data/': () => ({
        status: 400,
        body: {
          error: 'Ligne 3 : valeur « douze » illisible (attendu un nombre de kWh).',
          code: 'VALIDATION_FAILED',
          details: [{ path: '/csv', message: 'Ligne 3 : valeur « douze » illisible (attendu un nombre de kWh).' }],
        },
      }),
      'DELETE /api/consumption-data/ds-1/': () => {
        items = [];
        return { body: { id: 'ds-1', deleted: true } };
      },
    });
    await user.click(screen.getByRole('button', { name: /Mes données de consommation/ }));
    const table = await screen.findByTestId('consumption-datasets');
    expect(within(table).getByText('12345678901234')).toBeInTheDocument();
    expect(table.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 234,57');
    expect(within(table).getByText('360 mesurés · 3 estimés · 2 manquants')).toBeInTheDocument();

    const importForm = screen.getByRole('form', { name: 'Importer des relevés' });
    await user.type(within(importForm).getByLabelText(/PCE/), '12345678901234');
    await user.click(within(importForm).getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Veuillez joindre le fichier de consommation (CSV).')).toBeInTheDocument();
    const file = new File(['date;kWh\n2025-01-01;12\n2025-01-02;douze\n'], 'releves.csv', { type: 'text/csv' });
    await user.upload(within(importForm).getByLabelText('Fichier de relevés (CSV)'), file);
    await user.click(within(importForm).getByRole('button', { name: 'Importer' }));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'Ligne 3 : valeur « douze » illisible (attendu un nombre de kWh).',
    );
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/consumption-data/');
    expect(post?.body).toMatchObject({ pce: '12345678901234', format: 'auto', fileName: 'releves.csv' });

    await user.click(within(table).getByRole('button', { name: /Supprimer le jeu de données du PCE 12345678901234/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce jeu de données ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Jeu de données supprimé.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun jeu de données importé pour l’instant.')).toBeInTheDocument();
  });

  it('pages the dataset table with previous/next buttons; the optimisation form offers the newest 100', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      ...dataset,
      id: `ds-${i + 1}`,
      pce: String(10_000_000_000_000 + i + 1),
    }));
    const { user, requests } = await openOptimisation({
      'GET /api/consumption-data/': ({ url }) => ({ body: pageOf(many, url) }),
    });
    const listCalls = () =>
      requests.filter((r) => r.method === 'GET' && r.path === '/api/consumption-data/').map((r) => r.url.search);
    // The form's choice list: one page at the maximum size.
    await waitFor(() => expect(listCalls()).toContain('?page=1&pageSize=100'));

    await user.click(screen.getByRole('button', { name: /Mes données de consommation/ }));
    expect(screen.getByRole('button', { name: /Mes données de consommation/ })).toHaveTextContent('(45 jeux)');
    const table = await screen.findByTestId('consumption-datasets');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('10000000000001')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages des jeux de données' });
    expect(pager).toHaveTextContent('Page 1 sur 3 · 45 résultats');
    expect(within(pager).getByRole('button', { name: 'Précédent' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 sur 3'));
    expect(listCalls()).toContain('?page=2&pageSize=20');
    expect(within(screen.getByTestId('consumption-datasets')).getByText('10000000000021')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 3 sur 3'));
    expect(within(screen.getByTestId('consumption-datasets')).getAllByRole('row')).toHaveLength(6);
    expect(within(pager).getByRole('button', { name: 'Suivant' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Précédent' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 sur 3'));
  });
});
