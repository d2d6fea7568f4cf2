import type { Organisation, Site, SiteImportPreview } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { SiteFormPage } from './site-form.tsx';
import { SitePage } from './site-page.tsx';
import { SitesPage } from './sites-page.tsx';

function organisation(role: Organisation['role']): Organisation {
  return {
    id: 'org-1',
    name: 'Laiterie Martin',
    siren: null,
    vatNumber: null,
    address: null,
    role,
    memberCount: 2,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

function site(n: number, overrides: Partial<Site> = {}): Site {
  return {
    id: `site-${n}`,
    name: `Usine ${String(n).padStart(3, '0')}`,
    pce: `214275139${String(n).padStart(5, '0')}`,
    address: {
      label: '8 Boulevard du Port 80000 Amiens',
      address: '8 Boulevard du Port',
      postal_code: '80000',
      city: 'Amiens',
      citycode: '80021',
    },
    pointType: 'PITD',
    pointCode: 'GD1057',
    option: 'T4',
    profile: 'P016',
    car: 15466.8,
    cja: 109,
    ntr: null,
    supplier: 'Engie',
    contractEndDate: '2027-09-30',
    tags: ['Nord'],
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

function renderAt(url: string, handlers: Record<string, MockHandler>, role: Organisation['role'] = 'owner') {
  const api = mockApi({ 'GET /api/organisations/active': () => ({ body: organisation(role) }), ...handlers });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/private/sites', element: <SitesPage /> },
      { path: '/private/sites/nouveau', element: <SiteFormPage id={null} /> },
      { path: '/private/sites/:id', element: <SitePage id="site-1" /> },
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

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };

describe('the sites list', () => {
  beforeEach(() => {
    // The filters' <search> landmark is HTML that jsdom does not know yet (Chromium does): React says so once.
    allowConsoleError('The tag <search> is unrecognized in this browser');
  });

  it('says what to do next when there is no site, and hides writing for a viewer', async () => {
    renderAt('/private/sites', { 'GET /api/sites/': () => ({ body: emptyPage }) });
    const empty = await screen.findByTestId('sites-vide');
    expect(empty).toHaveTextContent('Aucun site pour l’instant');
    expect(within(empty).getByRole('button', { name: 'Importer des sites' })).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'Créer un site' })).toHaveAttribute(
      'href',
      '/private/sites/nouveau',
    );
  });

  it('shows a viewer the list without the writing buttons', async () => {
    renderAt('/private/sites', { 'GET /api/sites/': () => ({ body: emptyPage }) }, 'viewer');
    expect(await screen.findByTestId('sites-vide')).toHaveTextContent('n’ont encore ajouté aucun site');
    expect(screen.queryByRole('button', { name: /Importer/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nouveau site' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Exporter en XLSX' })).toHaveAttribute(
      'href',
      '/api/sites/export/?format=xlsx',
    );
  });

  it('asks the server for each page, sort and filter', async () => {
    const { user, api } = renderAt('/private/sites', {
      'GET /api/sites/': (request) => ({
        body: {
          items: [site(Number(request.url.searchParams.get('page') ?? '1'))],
          total: 45,
          page: Number(request.url.searchParams.get('page') ?? '1'),
          pageSize: 20,
        },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Usine 001' })).toHaveAttribute('href', '/private/sites/site-1');
    expect(screen.getByRole('navigation', { name: 'Pages des sites' })).toHaveTextContent(
      'Page 1 sur 3 · 45 résultats',
    );
    await user.click(screen.getByRole('button', { name: /Suivant/ }));
    expect(await screen.findByRole('link', { name: 'Usine 002' })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Option tarifaire'), 'T4');
    await user.selectOptions(screen.getByLabelText('Trier par'), '-pce');
    await user.click(screen.getAllByRole('button', { name: 'Filtrer sur l’étiquette Nord' })[0] as HTMLElement);
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/api/sites/').at(-1)?.url.searchParams;
      expect(last?.get('option')).toBe('T4');
      expect(last?.get('sort')).toBe('-pce');
      expect(last?.get('tag')).toBe('Nord');
      expect(last?.get('page')).toBe('1');
    });
  });

  it('keeps two changes made before the list renders again: the tag cleared, then a sort chosen', async () => {
    const { api } = renderAt('/private/sites?tag=Nord', { 'GET /api/sites/': () => ({ body: emptyPage }) });
    const tag = await screen.findByRole('textbox', { name: 'Étiquette' });
    expect(tag).toHaveValue('Nord');
    // Both events in one act: no render between them (a browser's two quick inputs).
    act(() => {
      fireEvent.change(tag, { target: { value: '' } });
      fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: '-name' } });
    });
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/api/sites/').at(-1)?.url.searchParams;
      expect(last?.get('sort')).toBe('-name');
      expect(last?.has('tag')).toBe(false);
    });
    expect(tag).toHaveValue('');
  });

  it('previews an import with its errors, then imports the valid rows', async () => {
    const preview: SiteImportPreview = {
      format: 'csv',
      rowCount: 3,
      validCount: 2,
      invalidCount: 1,
      errors: [{ line: 3, column: 'PCE', message: 'Le PCE doit comporter 14 chiffres.' }],
      rows: [
        { line: 2, site: { ...site(1), id: undefined } as never },
        { line: 4, site: { ...site(2), id: undefined } as never },
      ],
    };
    const { user, api } = renderAt('/private/sites', {
      'GET /api/sites/': () => ({ body: emptyPage }),
      'POST /api/sites/import/': () => ({ body: preview }),
      'POST /api/sites/import/confirm': () => ({ status: 201, body: { created: 2, skipped: 1 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Importer des sites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des sites' });
    const csv = new File(['Nom;PCE\nUsine 001;21427513900001\n'], 'sites.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Fichier de sites'), csv);
    const shown = await within(dialog).findByTestId('apercu-import');
    expect(shown).toHaveTextContent('3 lignes lues : 2 sites valides, 1 ligne en erreur.');
    expect(within(shown).getByRole('table', { name: 'Lignes en erreur (non importées)' })).toHaveTextContent(
      '3PCELe PCE doit comporter 14 chiffres.',
    );
    const sent = api.requests.find((r) => r.path === '/api/sites/import/')?.body as {
      fileName: string;
      content: string;
    };
    expect(sent.fileName).toBe('sites.csv');
    expect(atob(sent.content)).toBe('Nom;PCE\nUsine 001;21427513900001\n');
    expect(api.requests.some((r) => r.path === '/api/sites/import/confirm')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Importer 2 sites' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2 sites importés.')).toBeVisible();
    expect(api.requests.find((r) => r.path === '/api/sites/import/confirm')?.body).toEqual(sent);
  });
});

describe('a site', () => {
  it('checks the form with the contract and shows every error at once', async () => {
    const { user, api } = renderAt('/private/sites/nouveau', {});
    await user.type(await screen.findByLabelText('PCE'), '123');
    await user.type(screen.getByLabelText('CAR (MWh/an)'), 'beaucoup');
    await user.click(screen.getByRole('button', { name: 'Créer le site' }));
    expect(await screen.findByText('Veuillez renseigner le nom du site.')).toBeVisible();
    expect(screen.getByText('Le PCE doit comporter 14 chiffres.')).toBeVisible();
    expect(screen.getByText('La CAR doit être un nombre positif (MWh/an).')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Nom du site')).toHaveFocus());
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/sites/')).toBe(false);
  });

  it('shows its data, results with links that reopen them, and unknown amounts as unknown', async () => {
    renderAt('/private/sites/site-1', {
      'GET /api/sites/site-1': () => ({ body: site(1) }),
      'GET /api/sites/site-1/activity': () => ({
        body: {
          consumption: null,
          mandates: [],
          simulations: [
            {
              id: 'sim-1',
              createdAt: '2026-11-20T09:30:00.000Z',
              pointDeReseau: 'PITD',
              code: 'GD1057',
              commune: 'Paris',
              gestionnaire: 'GRDF',
              tarif: 'T4',
              dateEffet: '2026-11-01',
              totalAnnuelHt: 45678.9,
              usedSampleData: false,
            },
          ],
          optimisations: [],
          audits: [],
          optimisationSavings: null,
          recoverable: null,
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Usine 001' })).toBeVisible();
    const simulations = await screen.findByRole('list', { name: 'Simulations du site' });
    expect(within(simulations).getByRole('link', { name: 'Rouvrir la simulation' })).toHaveAttribute(
      'href',
      '/private/historique?simulation=sim-1',
    );
    expect(screen.getByRole('link', { name: 'Simuler ce site' })).toHaveAttribute(
      'href',
      '/private/gas/simulator?site=site-1',
    );
    expect(screen.getByText('Économie trouvée par l’optimiseur').nextSibling).toHaveTextContent('Inconnue');
    expect(screen.getByText('Montant récupérable (audits)').nextSibling).toHaveTextContent('Inconnu');
    expect(screen.getByText(/Aucun relevé de consommation pour ce PCE/)).toBeVisible();
  });
});
