/**
 * The débit normalisé field of the simulator (TDN, ADR 0026): asked for a PITD in T1–T3 from July 2026 only,
 * optional, checked with the server's French message, sent as `debitNormalise`, and its line shown as an estimate.
 */
import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { type MockHandler, type MockRequest, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

beforeAll(() => preloadRoute('/private/gas/simulator', () => import('./simulator-page.tsx')));
beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const LABEL = 'Débit normalisé du compteur (Nm³/h)';

function pitdOptions(request: MockRequest): { body: SimulatorOptionsResponse } {
  const code = request.url.searchParams.get('code');
  return {
    body: {
      point: 'PITD',
      codes: [{ code: 'LYO-01', libelle: 'Lyon (NaTran, NTR 1)' }],
      truncated: false,
      tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
      profils: ['P016'],
      months: ['2026-06', '2026-09'],
      tso: ['NaTran'],
      dso: code ? ['GRDF'] : [],
      pitdCommunesIndex: code
        ? [{ code, communes: [{ commune: 'Lyon', communeInsee: '69123', tso: 'NaTran', dso: 'GRDF' }] }]
        : [],
      usedSampleData: false,
      referenceData: null,
      message: null,
    },
  };
}

const tdnLine = {
  id: 'atrd.tdn',
  category: 'termeDistribution',
  kind: 'fixe',
  label: 'Terme de débit normalisé (ATRD7 GRDF, option T3)',
  formula: '(163,36 − 40) Nm³/h × 5,41 €/Nm³/h/an',
  inputs: { debitNormalise: 163.36, seuil: 40 },
  unitPrice: 5.41,
  unit: '€/Nm³/h/an',
  annualAmount: 667.38,
  monthlyAmount: 55.61,
  sourceIndices: [0],
  isEstimate: true,
};

const answer = {
  simulationId: 'sim-tdn',
  resultat: {
    mensuel: { abonnement: 146.72, termeDistribution: 55.61 },
    annuel: { abonnement: 1760.64, termeDistribution: 667.38 },
    parMwh: { accise: 16.39, cee: 6.1, termeProportionnel: 7.15 },
    lignes: [tdnLine],
    sources: [
      {
        title: 'Délibération CRE n° 2024-40 — grille de référence',
        url: 'https://www.cre.fr/2024-40',
        publishedOn: null,
        status: 'estimate',
      },
    ],
    warnings: [],
    gridDates: { atrd: '2026-07-01' },
    usedSampleData: false,
    hasEstimates: true,
  },
  pdfUrl: '/api/simulator/simulations/sim-tdn/pdf?exp=1&sig=s',
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

describe('simulator: débit normalisé (TDN)', () => {
  it('is asked for T1–T3 from July 2026 only, with its unit and help', async () => {
    const { user, form } = await openSimulator();
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    await user.selectOptions(await form.findByLabelText('Option tarifaire ATRD'), 'T3');
    await user.selectOptions(form.getByLabelText("Date d'effet"), 'septembre 2026');
    const field = form.getByLabelText(LABEL);
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).not.toBeRequired();
    const hint = document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(hint?.textContent).toContain('Facultatif : débit du compteur (m³/h) × (1 + pression de livraison en bar)');
    expect(hint?.textContent).toContain('au-delà de 40 Nm³/h');

    await user.selectOptions(form.getByLabelText("Date d'effet"), 'juin 2026');
    expect(form.queryByLabelText(LABEL)).not.toBeInTheDocument();
    await user.selectOptions(form.getByLabelText("Date d'effet"), 'septembre 2026');
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    expect(form.queryByLabelText(LABEL)).not.toBeInTheDocument();
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T1');
    expect(form.getByLabelText(LABEL)).toBeInTheDocument();
  });

  it('refuses text with the server’s message, then sends the value and shows the estimated TDN line', async () => {
    const simulate = vi.fn(() => ({ body: answer }));
    const { user, form, requests } = await openSimulator({ 'POST /api/simulator/simulate/': simulate });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    await user.type(form.getByRole('combobox', { name: 'Code PITD' }), 'lyo');
    await user.click(await form.findByRole('option', { name: /LYO-01/ }));
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T3');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P016');
    await user.selectOptions(form.getByLabelText("Date d'effet"), 'septembre 2026');
    await user.type(form.getByLabelText(/^CAR/), '500');
    await user.type(form.getByLabelText(LABEL), 'beaucoup');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));

    const field = form.getByLabelText(LABEL);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(
      form.getByText('Valeur numérique invalide pour le champ « débit normalisé (Nm³/h) » : « beaucoup ».'),
    ).toBeInTheDocument();
    expect(simulate).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '163,36');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    const results = within(await screen.findByTestId('simulation-results'));
    const posted = requests.find((request) => request.method === 'POST' && request.path === '/api/simulator/simulate/');
    expect(posted?.body).toMatchObject({ tarif: 'T3', dateEffetMonth: '2026-09', debitNormalise: '163,36' });
    const row = results.getByRole('row', { name: /Terme de débit normalisé/ });
    expect(row).toHaveTextContent('(163,36 − 40) Nm³/h × 5,41 €/Nm³/h/an');
    expect(row).toHaveTextContent('Estimation*');
    expect(row).toHaveAttribute('data-estimate', 'true');
    expect(screen.getByTestId('inputs-recap')).toHaveTextContent('Débit normalisé163,36 Nm³/h');
  });

  it('is not sent once hidden (option changed to T4)', async () => {
    const simulate = vi.fn(() => ({ body: answer }));
    const { user, form, requests } = await openSimulator({ 'POST /api/simulator/simulate/': simulate });
    await user.selectOptions(form.getByLabelText('Point de réseau'), 'PITD');
    await user.type(form.getByRole('combobox', { name: 'Code PITD' }), 'lyo');
    await user.click(await form.findByRole('option', { name: /LYO-01/ }));
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T3');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P016');
    await user.selectOptions(form.getByLabelText("Date d'effet"), 'septembre 2026');
    await user.type(form.getByLabelText(LABEL), '163,36');
    await user.selectOptions(form.getByLabelText('Option tarifaire ATRD'), 'T4');
    await user.type(form.getByLabelText(/^CJA/), '109');
    await user.type(form.getByLabelText(/^Assiette/), '15000');
    await user.click(form.getByRole('button', { name: 'Lancer la simulation' }));
    await screen.findByTestId('simulation-results');
    const posted = requests.find((request) => request.method === 'POST' && request.path === '/api/simulator/simulate/');
    expect(posted?.body).not.toHaveProperty('debitNormalise');
    expect(posted?.body).toMatchObject({ tarif: 'T4' });
  });
});
