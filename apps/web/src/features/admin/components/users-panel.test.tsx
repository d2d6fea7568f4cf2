import type { AdminUser } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { mockApi } from '../../../testing/mock-api.ts';
import { UsersPanel } from './users-panel.tsx';

beforeEach(() => {
  // The panel's <search> landmark is HTML that jsdom does not know yet (Chromium does): React says so once.
  allowConsoleError('The tag <search> is unrecognized in this browser');
});

function listed(user: Partial<AdminUser> & Pick<AdminUser, 'id' | 'email'>): AdminUser {
  return {
    name: user.email.split('@')[0] ?? user.email,
    emailVerified: true,
    role: 'user',
    tier: 'free',
    organisation: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    ...user,
  };
}

function renderPanel(items: AdminUser[]) {
  mockApi({ 'GET /api/admin/users': () => ({ body: { items, total: items.length, page: 1, pageSize: 20 } }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <UsersPanel viewerRole="staff" onForbidden={() => {}} /> }]);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;

describe('UsersPanel', () => {
  it('shows the tier that applies and the organisation whose plan it is (ADR 0078)', async () => {
    renderPanel([
      listed({
        id: 'u-1',
        email: 'membre@exemple.fr',
        tier: 'premium',
        organisation: { id: 'o-1', name: 'Laiterie Martin' },
      }),
      listed({
        id: 'u-2',
        email: 'chef@exemple.fr',
        role: 'admin',
        tier: 'admin',
        organisation: { id: 'o-2', name: 'Siège Pilote' },
      }),
      listed({ id: 'u-3', email: 'seul@exemple.fr' }),
    ]);

    const member = await rowOf('membre@exemple.fr');
    const cells = within(member).getAllByRole('cell');
    // Nom, E-mail, Rôle, Offre…: the member's « Offre » is their organisation's plan, and names it.
    expect(cells[3]).toHaveTextContent('PremiumLaiterie Martin');

    // An administrator's tier is their role's whatever the organisation holds: no organisation named beside it.
    const admin = await rowOf('chef@exemple.fr');
    expect(within(admin).getAllByRole('cell')[3]).toHaveTextContent(/^Administrateur$/);
    expect(admin).not.toHaveTextContent('Siège Pilote');

    // In no organisation: free, nothing named.
    expect(within(await rowOf('seul@exemple.fr')).getAllByRole('cell')[3]).toHaveTextContent(/^Gratuit$/);
  });
});
