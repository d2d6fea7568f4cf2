import type { NormalisedInvoiceDto, Organisation, Site } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockHandler, mockApi } from '../../../testing/mock-api.ts';
import { type SiteDraft, siteDraftFromInvoice, siteDraftFromMandate } from '../lib/site-draft.ts';
import { CreateSiteLink } from './create-site-link.tsx';
import { SiteFormPage } from './site-form.tsx';

/** « Créer le site » from an audited invoice or a mandate (issue #24 §2, ADR 0079). */

const organisation = (role: Organisation['role']): Organisation => ({
  id: 'org-1',
  name: 'Laiterie Martin',
  siren: null,
  vatNumber: null,
  address: null,
  role,
  memberCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const invoice: NormalisedInvoiceDto = {
  format: 'pdf',
  layout: 'fournisseur-pdf',
  supplier: 'Engie',
  invoiceNumber: 'F-2026-001',
  issuedOn: '2026-10-05',
  point: { pointDeReseau: 'PITD', code: 'GD1057', pce: '21427513900001' },
  tso: 'NaTran',
  period: { firstDay: '2026-09-01', lastDay: '2026-09-30' },
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  ntr: 2,
  consumptionMwh: null,
  lines: [],
  vat: [],
  totals: { totalHt: 1000, totalTva: 200, totalTtc: 1200 },
};

const created: Site = {
  id: 'site-9',
  name: 'Engie — 21427513900001',
  pce: '21427513900001',
  address: null,
  pointType: 'PITD',
  pointCode: 'GD1057',
  option: 'T4',
  profile: null,
  car: 15466.8,
  cja: 109,
  ntr: 2,
  supplier: 'Engie',
  contractEndDate: null,
  tags: [],
  createdAt: '2026-11-27T09:30:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
};

function renderForm(draft: SiteDraft, handlers: Record<string, MockHandler>, role: Organisation['role'] = 'member') {
  const api = mockApi({ 'GET /api/organisations/active': () => ({ body: organisation(role) }), ...handlers });
  const router = createMemoryRouter(
    [
      {
        path: '/private/sites/nouveau',
        element: (
          <>
            <CreateSiteLink draft={draft} />
            <SiteFormPage id={null} />
          </>
        ),
      },
      { path: '/private/sites/:id', element: <p>Page du site</p> },
    ],
    { initialEntries: [{ pathname: '/private/sites/nouveau', state: { siteDraft: draft } }] },
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router, user: userEvent.setup({ delay: null }) };
}

describe('« Créer le site » from an object', () => {
  it('pre-fills the form from the audited invoice, creates the site, then attaches the audit to it', async () => {
    const draft = siteDraftFromInvoice('audit-1', invoice);
    const { api, router, user } = renderForm(draft, {
      'POST /api/sites/': () => ({ status: 201, body: created }),
      'PUT /api/sites/site-9/audits/audit-1': () => ({ body: { siteId: 'site-9', auditId: 'audit-1' } }),
    });
    expect(await screen.findByText(/Pré-rempli depuis la facture n° F-2026-001 de Engie/)).toBeVisible();
    expect(screen.getByLabelText('PCE')).toHaveValue('21427513900001');
    expect(screen.getByLabelText('Fournisseur')).toHaveValue('Engie');
    expect(screen.getByLabelText('Option tarifaire')).toHaveValue('T4');
    expect(screen.getByLabelText('CAR (MWh/an)')).toHaveValue('15466,8');
    expect(screen.getByLabelText('CJA (MWh/j)')).toHaveValue('109');
    expect(screen.getByLabelText('NTR')).toHaveValue('2');
    expect(screen.getByLabelText('Code du point')).toHaveValue('GD1057');
    expect(screen.getByRole('link', { name: 'Créer le site' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Créer le site' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/sites/site-9'));
    const paths = api.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(['POST /api/sites/', 'PUT /api/sites/site-9/audits/audit-1']);
    expect(api.requests.find((r) => r.path === '/api/sites/')?.body).toMatchObject({
      pce: '21427513900001',
      option: 'T4',
      car: 15466.8,
      ntr: 2,
      supplier: 'Engie',
    });
  });

  it('pre-fills the PCE and the address search from a mandate; a viewer is not offered the button', async () => {
    const draft = siteDraftFromMandate({
      manager_display: 'GRDF',
      delivery_point_number: '21427513900002',
      delivery_point_address: '8 Boulevard du Port',
      delivery_point_postal_code: '80000',
      delivery_point_city: 'Amiens',
    });
    renderForm(draft, {}, 'viewer');
    expect(await screen.findByText(/Pré-rempli depuis le mandat GRDF/)).toBeVisible();
    expect(screen.getByLabelText('PCE')).toHaveValue('21427513900002');
    expect(screen.getByLabelText('Nom du site')).toHaveValue('8 Boulevard du Port, Amiens');
    expect(screen.getByRole('combobox', { name: 'Adresse' })).toHaveValue('8 Boulevard du Port 80000 Amiens');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Créer le site' })).toBeNull());
  });
});
