import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_SEARCH_DEBOUNCE_MS } from '../../../features/network-options/index.ts';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { sampleSimulateAnswer as simulateAnswer } from '../../../features/simulator/testing/sample-simulation.ts';
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

type Form = Awaited<ReturnType<typeof openSimulator>>['form'];

/**
 * An option of the code list, looked for in that list only: a role query over the whole form would also name every
 * `<option>` of its selects, again at each DOM change while the search answers.
 */
const codeOption = (form: Form, list: string, name: RegExp) =>
  within(form.getByRole('listbox', { name: list })).findByRole('option', { name });

/** The code search starts when the typing pauses (a debounce): the fake clock skips the pause instead of living it. */
async function skipSearchPause() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(CODE_SEARCH_DEBOUNCE_MS);
  });
}

/** Enters `text` in one go: for the fields whose keystrokes no test here is about. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/**
 * The entries of a PITD T4 simulation at VER-01 (Versailles): the code chosen from the list (the search as one
 * types is the cascade test's), the commune and DSO waited for, then the option, the profile, the month, the CJA and
 * the assiette.
 */
async function fillPitdT4(
  user: UserEvent,
  form: Form,
  entries: { profil: string; month: string; cja: string; assiette: string },
) {
  await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
  await user.click(form.getByRole('combobox', { name: 'Code PITD' }));
  await user.click(await codeOption(form, 'Code PITD', /VER-01/));
  await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Versailles'));
  await waitFor(() => expect(form.getByLabelText('Gestionnaire de distribution (DSO)')).toHaveValue('GRDF'));
  await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
  await user.selectOptions(form.getByLabelText('Profil de consommation'), entries.profil);
  await user.selectOptions(form.getByLabelText("Date d'effet"), entries.month);
  await enter(user, form.getByLabelText(/^CJA/), entries.cja);
  // T4 has no CAR: the assiette estimates the storage modulation, so it is required (ADR 0023).
  await enter(user, form.getByLabelText(/^Assiette/), entries.assiette);
}

const versaillesT4 = { profil: 'P016', month: 'février 2026', cja: '109', assiette: '15 466,8' };

// Whole-app journeys in jsdom (ADR 0040, addendum « jsdom journeys »), each checking one thing within Vitest's
// default 5 s: a step costs 30–60 ms of CPU (React's development render, jsdom's style computation behind role
// queries and user-event), so a test keeps to its own steps — the entries it does not test typed in one go, the
// results view's details checked on the view alone (features/simulator/components/simulation-results.test.tsx).
// Measured: 0.1–0.65 s of CPU per test (process.cpuUsage); wall 0.1–0.6 s on a quiet machine, ≤ 3.3 s beside two
// CPU burners at load 6–8 on 2 cores (the first test also pays the file's warm-up).
describe('/private/gas/simulator', () => {
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

  it('runs the cascade: the sample notice, T4 hides the CAR, a typed code search fills the commune, TSO and DSO', async () => {
    const { user, form, requests } = await openSimulator();
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    expect(await form.findByTestId('sample-data-notice')).toBeInTheDocument();
    expect(optionCalls(requests)[0]).toBe('?point=pitd');

    // Hide the CAR for T4, show the CJA.
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    expect(form.queryByLabelText(/^CAR/)).not.toBeInTheDocument();

    const code = form.getByRole('combobox', { name: 'Code PITD' });
    await user.type(code, 'zzz');
    await skipSearchPause();
    expect(await form.findByText('Aucun résultat')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'versailles');
    await skipSearchPause();
    await user.click(await codeOption(form, 'Code PITD', /VER-01/));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Versailles'));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de distribution (DSO)')).toHaveValue('GRDF'));
    expect(form.getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran');
    expect(optionCalls(requests)).toContain('?point=pitd&q=versailles');
  });

  it('simulates: posts the entries once and shows the results (monthly first) in place of the form', async () => {
    const simulate = vi.fn(() => ({ body: simulateAnswer }));
    const { user, form, requests } = await openSimulator({ 'POST /api/simulator/simulate/': simulate });
    await fillPitdT4(user, form, versaillesT4);
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    await screen.findByTestId('simulation-results');
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
    expect(screen.getByTestId('inputs-recap')).toHaveTextContent('février 2026');
  });

  it('goes back from the results keeping the entries (the CEE default from the result), then resets the form', async () => {
    const { user, form } = await openSimulator({ 'POST /api/simulator/simulate/': () => ({ body: simulateAnswer }) });
    await fillPitdT4(user, form, versaillesT4);
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    await user.click(await screen.findByRole('button', { name: 'Modifier les entrées' }));
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
    await user.click(await codeOption(form, 'Code PITD', /IDF-01/));
    await user.selectOptions(await form.findByLabelText('Commune'), 'Paris');
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T2');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P011');
    await user.selectOptions(form.getByLabelText("Date d'effet"), '2026-01');
    await enter(user, form.getByLabelText(/^CAR/), '500');
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
    await fillPitdT4(user, form, { profil: 'P011', month: '2026-01', cja: '50', assiette: '1000' });
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(
      await form.findByText("La commune « Paris » n'est pas rattachée au PITD « VER-01 ».", { selector: 'p' }),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Commune')).toHaveAttribute('aria-invalid', 'true');

    answer = () => ({ body: { ...simulateAnswer, pdfUrl: undefined } });
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    await screen.findByTestId('simulation-results');
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeDisabled();
  });

  it("options that fail to load: 'Erreur cascade PITD ({status}): {body}' under the form", async () => {
    const { user, form } = await openSimulator({
      'GET /api/simulator/options/pitd/': () => ({ status: 400, body: { error: 'Paramètre invalide', code: 'X' } }),
    });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    expect(await form.findByTestId('cascade-error')).toHaveTextContent('Erreur cascade PITD (400): Paramètre invalide');
  });

  it("'Soumission en cours...' while the simulation runs, then the results", async () => {
    let release: (() => void) | undefined;
    const { user, form } = await openSimulator({
      'POST /api/simulator/simulate/': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: simulateAnswer });
        }),
    });
    await fillPitdT4(user, form, { profil: 'P011', month: '2026-01', cja: '50', assiette: '1000' });
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    expect(await form.findByRole('button', { name: 'Soumission en cours...' })).toBeDisabled();
    release?.();
    await screen.findByTestId('simulation-results');
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toBeInTheDocument();
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
    await user.click(await codeOption(form, 'Code LI', /ECH-LI-0001/));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Dunkerque'));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran'));
    expect(optionCalls(requests)).toContain('?point=li&code=ECH-LI-0001');
    await user.selectOptions(form.getByLabelText('Option tarifaire'), 'TP');
    expect(form.queryByLabelText(/^Distance/)).not.toBeInTheDocument();
    await enter(user, form.getByLabelText(/^CJA/), '100');
    await enter(user, form.getByLabelText(/^Assiette/), '20000');
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
