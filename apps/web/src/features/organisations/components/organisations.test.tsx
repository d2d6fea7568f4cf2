import type { Organisation } from '@pilote/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { useSession } from '../../../lib/session.ts';
import { type MockHandler, mockApi, testUser } from '../../../testing/mock-api.ts';
import { OrganisationSettingsPage } from './organisation-settings-page.tsx';
import { OrganisationSwitcher } from './organisation-switcher.tsx';

function organisation(id: string, name: string, role: Organisation['role'] = 'owner'): Organisation {
  return {
    id,
    name,
    siren: null,
    vatNumber: null,
    address: null,
    role,
    memberCount: 1,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
  };
}

const page = <T,>(items: T[]) => ({ body: { items, total: items.length, page: 1, pageSize: 20 } });

function renderAt(element: React.ReactElement, handlers: Record<string, MockHandler>) {
  const api = mockApi(handlers);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/private/organisation', element: <p>Page organisation</p> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, api };
}

describe('OrganisationSwitcher', () => {
  it('shows the active organisation, lists the others and remembers a switch on the server', async () => {
    let active = organisation('o-1', 'Laiterie Martin');
    const both = [organisation('o-1', 'Laiterie Martin'), organisation('o-2', 'Fromagerie Durand', 'viewer')];
    const { user, api } = renderAt(<OrganisationSwitcher />, {
      'GET /api/organisations/active': () => ({ body: active }),
      'GET /api/organisations/': () => page(both),
      'PUT /api/organisations/active': (request) => {
        active = both.find((item) => item.id === (request.body as { organisationId: string }).organisationId) ?? active;
        return { body: active };
      },
    });
    const trigger = await screen.findByRole('button', { name: /Organisation active : Laiterie Martin/ });
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Fromagerie Durand' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ organisationId: 'o-2' }),
    );
    expect(await screen.findByRole('button', { name: /Organisation active : Fromagerie Durand/ })).toBeInTheDocument();
  });
});

describe('OrganisationSettingsPage', () => {
  it('shows a viewer the identity read-only, without the invitation form nor the owner’s actions', async () => {
    renderAt(<OrganisationSettingsPage userId="user-1" />, {
      'GET /api/organisations/active': () => ({ body: organisation('o-2', 'Fromagerie Durand', 'viewer') }),
      'GET /api/organisations/o-2/members': () =>
        page([
          {
            userId: 'user-1',
            name: 'Camille',
            email: 'camille@exemple.fr',
            role: 'viewer',
            joinedAt: '2026-11-20T09:30:00.000Z',
          },
        ]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fromagerie Durand' })).toBeInTheDocument();
    expect(screen.getByText('Votre rôle : Lecteur · 1 membre')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Inviter un collègue' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer l’organisation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quitter l’organisation' })).toBeInTheDocument();
  });

  it('checks SIREN and VAT number in the browser with the contract’s French messages before sending', async () => {
    const { user, api } = renderAt(<OrganisationSettingsPage userId="user-1" />, {
      'GET /api/organisations/active': () => ({ body: organisation('o-1', 'Laiterie Martin') }),
      'GET /api/organisations/o-1/members': () => page([]),
      'GET /api/organisations/o-1/invitations': () => page([]),
    });
    const siren = await screen.findByLabelText('SIREN');
    await user.type(siren, '552032535');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce SIREN n’est pas valide : vérifiez les chiffres saisis.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});

/** What the private area reads from the session (the settings page's first paint, ADR 0078): the tier that applies. */
function SessionTier() {
  const session = useSession();
  return <p>Niveau de session : {session.data?.tier ?? '…'}</p>;
}

describe('OrganisationSettingsPage and the active organisation’s plan', () => {
  /**
   * Creating an organisation makes it the active one, and leaving or deleting the active one makes another active:
   * the plan that applies changes with it, so the session (its tier) and every list are read again, as after a switch.
   */
  it.each([
    [
      'creating an organisation',
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(await screen.findByRole('button', { name: 'Créer une organisation' }));
        await user.type(
          await screen.findByLabelText('Nom de l’organisation', { selector: '[role=dialog] *' }),
          'Filiale',
        );
        await user.click(screen.getByRole('button', { name: 'Créer l’organisation' }));
      },
    ],
    [
      'leaving the active organisation',
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(await screen.findByRole('button', { name: 'Quitter l’organisation' }));
        await user.click(await screen.findByRole('button', { name: 'Quitter' }));
      },
    ],
    [
      'deleting the active organisation',
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(await screen.findByRole('button', { name: 'Supprimer l’organisation' }));
        await user.click(await screen.findByRole('button', { name: 'Supprimer définitivement' }));
      },
    ],
  ])('reads the session’s tier again after %s', async (_flow, act) => {
    let active = { ...organisation('o-1', 'Laiterie Premium'), memberCount: 2 };
    let tier: 'premium' | 'free' = 'premium';
    const changed = () => {
      active = organisation('o-2', 'Filiale');
      tier = 'free';
      return { body: active };
    };
    const { user } = renderAt(
      <>
        <OrganisationSettingsPage userId="user-1" />
        <SessionTier />
      </>,
      {
        'GET /api/auth/get-session': () => ({
          body: { session: { id: 's-1', expiresAt: '2026-12-01T00:00:00.000Z' }, user: { ...testUser, tier } },
        }),
        'GET /api/organisations/active': () => ({ body: active }),
        'GET /api/organisations/o-1/members': () => page([]),
        'GET /api/organisations/o-1/invitations': () => page([]),
        'GET /api/organisations/o-2/members': () => page([]),
        'GET /api/organisations/o-2/invitations': () => page([]),
        'POST /api/organisations/': changed,
        'POST /api/organisations/o-1/leave': () => {
          changed();
          return { body: { ok: true } };
        },
        'DELETE /api/organisations/o-1': () => {
          changed();
          return { body: { ok: true } };
        },
      },
    );
    expect(await screen.findByText('Niveau de session : premium')).toBeInTheDocument();
    await act(user);
    // `hidden`: the confirmation dialog of a leave or a delete may still be open over the page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Filiale', hidden: true })).toBeInTheDocument();
    expect(await screen.findByText('Niveau de session : free')).toBeInTheDocument();
  });
});
