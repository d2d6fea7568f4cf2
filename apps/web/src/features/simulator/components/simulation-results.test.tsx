/**
 * The simulator's results view on its own (spec §2.8): the monthly / annual figures, each line's sources, the notices
 * and the PDF link, with the answer read as the page reads it (`readSimulationResult`). The page's journeys
 * (`app/routes/private/gas-simulator.test.tsx`) check that a simulation shows this view; what the view shows is
 * checked here, without rendering the whole app or filling the form again.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { sampleSimulateAnswer } from '../testing/sample-simulation.ts';
import { emptySimulatorValues, type SimulatorFormValues } from '../utils/form-values.ts';
import { readSimulationResult } from '../utils/read-result.ts';
import { pdfNavigation, SimulationResults } from './simulation-results.tsx';

/** The entries of the page's T4 journey, as the form hands them to the results. */
const values: SimulatorFormValues = {
  ...emptySimulatorValues,
  pointDeReseau: 'PITD',
  code: 'VER-01',
  commune: 'Versailles',
  tso: 'NaTran',
  dso: 'GRDF',
  tarif: 'T4',
  profil: 'P016',
  cja: '109',
  assiette: '15 466,8',
  dateEffetMonth: '2026-02',
};

function renderResults(answer: unknown = sampleSimulateAnswer, handlers: Record<string, MockHandler> = {}) {
  const api = mockApi(handlers);
  const onEdit = vi.fn();
  render(
    <AppProviders>
      <SimulationResults reading={readSimulationResult(answer)} values={values} onEdit={onEdit} />
    </AppProviders>,
  );
  return { ...api, onEdit, user: userEvent.setup({ delay: null }), results: screen.getByTestId('simulation-results') };
}

describe('simulation results', () => {
  it('monthly figures first, then annual ones (the CTA DSO derived from its monthly value)', async () => {
    const { user } = renderResults();
    const card = within(screen.getByTestId('results-card'));
    expect(screen.getByRole('button', { name: 'Mensuel (€/mois)' })).toHaveAttribute('aria-pressed', 'true');
    expect(card.getByRole('row', { name: /CTA DSO/ })).toHaveTextContent(/920,36\s€/);
    expect(card.getByRole('row', { name: /Abonnement/ })).toHaveTextContent(/1\s808,81\s€/);
    await user.click(screen.getByRole('button', { name: 'Annuel (€/an)' }));
    expect(card.getByRole('row', { name: /Abonnement/ })).toHaveTextContent(/21\s705,72\s€/);
    expect(card.getByRole('row', { name: /Terme de distribution/ })).toHaveTextContent(/31\s392,00\s€/);
    // CTA DSO annual derived from the monthly value.
    expect(card.getByRole('row', { name: /CTA DSO/ })).toHaveTextContent(/11\s044,32\s€/);
  });

  it('each line shows its own sources, the estimate legend, the sample notice, the PDF link and the entries', () => {
    const { results } = renderResults();
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
  });

  it('an expired PDF link is renewed on click', async () => {
    const { user, requests } = renderResults(
      { ...sampleSimulateAnswer, pdfUrlExpiresAt: '2020-01-01T00:00:00.000Z' },
      {
        'GET /api/simulator/simulations/sim-1/pdf-link': () => ({
          body: {
            pdfUrl: '/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf',
            pdfUrlExpiresAt: '2099-01-01T00:00:00.000Z',
          },
        }),
      },
    );
    const open = vi.spyOn(pdfNavigation, 'open').mockImplementation(() => undefined);
    await user.click(screen.getByRole('link', { name: 'Télécharger le PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf'));
    expect(requests.some((request) => request.path === '/api/simulator/simulations/sim-1/pdf-link')).toBe(true);
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute(
      'href',
      '/api/simulator/simulations/sim-1/pdf?exp=2&sig=neuf',
    );
  });
});
