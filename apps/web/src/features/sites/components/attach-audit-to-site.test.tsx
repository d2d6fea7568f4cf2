import type { Organisation, Site } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { type MockRequest, mockApi } from '../../../testing/mock-api.ts';
import { ATTACH_PAGE_SIZE, AttachAuditToSite } from './attach-audit-to-site.tsx';

/** 30 sites, « Usine 001 » … « Usine 030 »: more than one page of the picker. */
const SITES: Site[] = Array.from({ length: 30 }, (_, index) => {
  const n = index + 1;
  return {
    id: `site-${n}`,
    name: `Usine ${String(n).padStart(3, '0')}`,
    pce: `214275139${String(n).padStart(5, '0')}`,
    address: null,
    pointType: 'PITD',
    pointCode: 'GD1057',
    option: 'T4',
    profile: 'P016',
    car: 15466.8,
    cja: 109,
    ntr: null,
    supplier: null,
    contractEndDate: null,
    tags: [],
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
  };
});

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

/** The server's list: filtered by `q` (name or PCE contains), paged by `page` / `pageSize`. */
function sitesPage({ url }: MockRequest) {
  const q = url.searchParams.get('q') ?? '';
  const page = Number(url.searchParams.get('page'));
  const pageSize = Number(url.searchParams.get('pageSize'));
  const matching = SITES.filter((site) => site.name.includes(q) || site.pce.includes(q));
  return {
    body: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize },
  };
}

function renderPicker(role: Organisation['role']) {
  const api = mockApi({
    'GET /api/organisations/active': () => ({ body: organisation(role) }),
    'GET /api/sites/': sitesPage,
    'PUT /api/sites/site-1/audits/audit-1': () => ({ body: { siteId: 'site-1', auditId: 'audit-1' } }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/private/audit', element: <AttachAuditToSite auditId="audit-1" current={null} /> },
      { path: '/private/sites/:id', element: <p>Page du site</p> },
    ],
    { initialEntries: ['/private/audit'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup({ delay: null }), api };
}

describe('« Rattacher à un site existant » on an audited invoice', () => {
  it('pages the organisation’s sites on the server', async () => {
    const { user, api } = renderPicker('member');
    await user.click(await screen.findByRole('button', { name: 'Rattacher à un site existant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rattacher l’audit à un site' });
    const list = await within(dialog).findByRole('list', { name: 'Sites' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(ATTACH_PAGE_SIZE);
    const pages = within(dialog).getByRole('navigation', { name: 'Pages des sites' });
    expect(pages).toHaveTextContent('Page 1 sur 4 · 30 résultats');
    await user.click(within(pages).getByRole('button', { name: 'Suivant' }));
    expect(await within(dialog).findByText('Usine 009')).toBeInTheDocument();
    expect(api.requests.findLast((request) => request.path === '/api/sites/')?.url.searchParams.get('page')).toBe('2');
  });

  it('searches them by name or PCE on the server', async () => {
    const { user, api } = renderPicker('member');
    await user.click(await screen.findByRole('button', { name: 'Rattacher à un site existant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rattacher l’audit à un site' });
    const pages = await within(dialog).findByRole('navigation', { name: 'Pages des sites' });
    await user.click(within(dialog).getByLabelText('Rechercher un site'));
    await user.paste('017');
    await waitFor(() => expect(pages).toHaveTextContent('Page 1 sur 1 · 1 résultat'));
    const searched = api.requests.findLast((request) => request.path === '/api/sites/');
    expect(searched?.url.searchParams.get('q')).toBe('017');
    expect(searched?.url.searchParams.get('page')).toBe('1');
  });

  it('attaches the audit to the site chosen and names it', async () => {
    const { user, api } = renderPicker('member');
    await user.click(await screen.findByRole('button', { name: 'Rattacher à un site existant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rattacher l’audit à un site' });
    await user.click(await within(dialog).findByRole('button', { name: 'Rattacher au site Usine 001' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/sites/site-1/audits/audit-1');
    expect(await screen.findByText('Audit rattaché au site Usine 001.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usine 001' })).toHaveAttribute('href', '/private/sites/site-1');
    expect(screen.getByRole('button', { name: 'Rattacher à un autre site' })).toBeInTheDocument();
  });

  it('is not offered to a viewer', async () => {
    const { api } = renderPicker('viewer');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/organisations/active')).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('audit-site')).toBeEmptyDOMElement());
    expect(screen.queryByRole('button', { name: /Rattacher/ })).not.toBeInTheDocument();
  });
});
