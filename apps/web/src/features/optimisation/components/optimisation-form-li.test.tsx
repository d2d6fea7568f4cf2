/**
 * LI / PIC points in the optimisation form (issue #23 §3, ADR 0052): the network-options cascade over the LI table,
 * every ATRD option offered, the help saying the ATRT8 annex of NTR per site has no reachable copy, the request
 * sent; and the results naming the LI sample table. The form alone (no whole-app render).
 */
import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockRequest, mockApi } from '../../../testing/mock-api.ts';
import { sampleOptimisationResponse } from '../testing/sample-response.ts';
import type { OptimisationRequest } from '../utils/optimisation-form.ts';
import { OptimisationForm } from './optimisation-form.tsx';
import { OptimisationSummary } from './optimisation-results.tsx';

function liOptions({ url }: MockRequest): { body: SimulatorOptionsResponse } {
  const code = url.searchParams.get('code');
  return {
    body: {
      point: 'LI',
      codes: [{ code: 'ECH-LI-0001', libelle: 'ÉCHANTILLON Dunkerque (NaTran, NTR 1)' }],
      truncated: false,
      tarifs: ['T1', 'T2', 'T3', 'T4', 'TP'],
      profils: ['P011', 'P016'],
      months: ['2026-02'],
      tso: ['NaTran'],
      dso: [],
      liCommunesIndex: code === 'ECH-LI-0001' ? [{ code, communes: ['Dunkerque'] }] : [],
      usedSampleData: true,
      referenceData: null,
      message: null,
    },
  };
}

function renderInApp(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('optimisation form: LI / PIC points (ADR 0052)', () => {
  it('cascades over the LI table, offers every option, shows the NTR help and sends the LI request', async () => {
    mockApi({
      'GET /api/simulator/options/li/': liOptions,
      'GET /api/consumption-data/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 100 } }),
    });
    const onSubmit = vi.fn<(request: OptimisationRequest) => void>();
    renderInApp(<OptimisationForm pending={false} importedDatasetId={null} onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    const form = within(screen.getByRole('form', { name: 'Optimisation – Paramètres' }));

    await user.selectOptions(form.getByLabelText('Point de réseau'), 'LI');
    await user.click(form.getByRole('combobox', { name: 'Code LI' }));
    await user.click(await screen.findByRole('option', { name: /ECH-LI-0001/ }));
    await waitFor(() => expect(form.getByLabelText('Commune')).toHaveValue('Dunkerque'));
    await waitFor(() => expect(form.getByLabelText('Gestionnaire de transport (TSO)')).toHaveValue('NaTran'));
    expect(form.getByText(/n’a pas de copie accessible/)).toBeInTheDocument();
    const tarifs = within(form.getByLabelText('Option tarifaire')).getAllByRole('option');
    expect(tarifs.map((o) => o.textContent)).toEqual(['Choisir…', 'T1', 'T2', 'T3', 'T4', 'TP']);
    await user.selectOptions(form.getByLabelText('Option tarifaire'), 'T2');
    await user.selectOptions(form.getByLabelText('Profil de consommation'), 'P016');
    await user.type(form.getByLabelText('Assiette (MWh/an)'), '50000');
    await user.click(form.getByRole('button', { name: 'Optimiser la CJA' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      commune: 'Dunkerque',
      tso: 'NaTran',
      tarif: 'T2',
      profil: 'P016',
      assiette: 50000,
    });
  });

  it('the results name the LI sample table', () => {
    const li = sampleOptimisationResponse({ tarif: 'T2', usedSampleData: true });
    const pitdDataset = li.referentiel.pitdDataset;
    li.referentiel = {
      ...li.referentiel,
      pointDeReseau: 'LI',
      code: 'ECH-LI-0001',
      dso: '',
      pitdDataset: null,
      pointDataset: pitdDataset ? { ...pitdDataset, kind: 'li', description: 'Échantillon LI' } : null,
    };
    render(<OptimisationSummary result={li} />);
    expect(screen.getByText(/Table des points LI d’échantillon \(Échantillon LI\)/)).toBeInTheDocument();
  });
});
