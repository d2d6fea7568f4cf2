import type { AccountUser } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { mockApi, sessionOf, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Renders a private page signed in as `user` and waits past the splash screen. */
async function openPrivate(url: string, user: AccountUser = testUser, extra = {}) {
  const api = mockApi({ ...signedInAs(user), ...extra });
  const app = renderApp(url);
  expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  await waitFor(() => expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument());
  return { ...app, ...api };
}

describe('private area guard', () => {
  it('sends a signed-out visitor to /login, remembering the page', async () => {
    mockApi();
    const { router } = renderApp('/private/elec/simulator?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/private/elec/simulator', search: '?x=1' },
    });
  });

  it('shows the splash screen, then the dashboard with a welcome', async () => {
    await openPrivate('/private');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Camille Martin' })).toBeInTheDocument();
    expect(screen.getByTestId('welcome-banner')).toHaveTextContent('Bienvenue, Camille Martin !');
    expect(screen.getByTestId('space-title')).toHaveTextContent('Espace Gaz');
  });

  it("offers 'Passer' after 3 s while authentication is still pending, and closes at 5 s", async () => {
    let release: (() => void) | undefined;
    mockApi({
      'GET /api/auth/get-session': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: sessionOf(testUser) });
        }),
    });
    renderApp('/private/gas/dashboard');
    expect(await screen.findByTestId('splash-screen')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(screen.queryByRole('button', { name: 'Passer' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('button', { name: 'Passer' })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000 + 900);
    });
    expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument();
    expect(screen.getByText('Vérification de la session…')).toBeInTheDocument();
    release?.();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour Camille Martin' })).toBeInTheDocument();
  });
});

describe('private routes (spec §2.3)', () => {
  beforeAll(() =>
    preloadRoute('/private/gas/simulator', () => import('../../../features/simulator/components/simulator-page.tsx')),
  );

  it.each([
    ['/private/water/dashboard', '/private/gas/dashboard'],
    ['/private/gas/unknown', '/private/gas/dashboard'],
    ['/private/nothing/here/at/all', '/private/gas/dashboard'],
    ['/private/elec', '/private/elec/dashboard'],
    ['/private/account', '/private/account/settings'],
  ])('%s → %s', async (from, to) => {
    const { router } = await openPrivate(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('electricity simulator and optimisation say they are not available yet', async () => {
    const { user } = await openPrivate('/private/elec/simulator');
    expect(await screen.findByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeInTheDocument();
    expect(screen.getByTestId('space-title')).toHaveTextContent('Espace Électricité');
    await user.click(screen.getByRole('link', { name: 'Optimisation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Optimisation' })).toBeInTheDocument();
    expect(screen.getByText("Cette page n'est pas encore disponible pour l'électricité.")).toBeInTheDocument();
  });

  it('gas simulator shows its form (gas-simulator.test.tsx covers it)', async () => {
    await openPrivate('/private/gas/simulator');
    expect(await screen.findByRole('form', { name: 'Données Client' })).toBeInTheDocument();
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
    expect(document.title).toBe('Simulateur · Espace Gaz · Pilote Énergie');
  });
});

describe('layout (spec §2.4)', () => {
  it('switches gas ↔ electricity keeping the path, and the account area returns to the last page', async () => {
    const { user, router } = await openPrivate('/private/gas/audit');
    await user.click(screen.getByRole('link', { name: "Passer à l'électricité" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/elec/audit'));
    // The layout re-renders after the (lazy) route has loaded, not when the URL changes.
    await waitFor(() => expect(screen.getByTestId('space-title')).toHaveTextContent('Espace Électricité'));

    await user.click(screen.getByRole('button', { name: /Menu utilisateur/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/account/settings'));
    await waitFor(() => expect(screen.getByTestId('space-title')).toHaveTextContent('Espace Compte'));
    expect(await screen.findByTestId('account-card')).toHaveTextContent('camille@exemple.fr');
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('Gratuit');

    await user.click(screen.getByRole('link', { name: "Retour à l'Espace Électricité" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/elec/audit'));
  });

  it('the Support item mails the instance’s SUPPORT_EMAIL', async () => {
    const { user } = await openPrivate('/private/gas/dashboard', testUser, {
      'GET /runtime-info.json': () => ({ body: { revision: 'abc', env: 'test', supportEmail: 'aide@exemple.fr' } }),
    });
    await user.click(screen.getByRole('button', { name: /Menu utilisateur/ }));
    expect(await screen.findByRole('menuitem', { name: 'Support' })).toHaveAttribute(
      'href',
      'mailto:aide@exemple.fr?subject=Support%20Pilote%20%C3%89nergie',
    );
  });

  it('the Support item opens the contact page when the instance has no SUPPORT_EMAIL (no made-up address)', async () => {
    const { user } = await openPrivate('/private/gas/dashboard', testUser, {
      'GET /runtime-info.json': () => ({ body: { revision: 'abc', env: 'test', supportEmail: null } }),
    });
    await user.click(screen.getByRole('button', { name: /Menu utilisateur/ }));
    const support = await screen.findByRole('menuitem', { name: 'Support' });
    expect(support).toHaveAttribute('href', '/contact');
    expect(support.getAttribute('href')).not.toContain('pilote-energie.fr');
  });

  it('shows the Admin Panel link to staff and admins only', async () => {
    await openPrivate('/private/gas/dashboard');
    const nav = screen.getAllByRole('navigation', { name: "Navigation de l'espace client" })[0];
    expect(nav && within(nav).queryByRole('link', { name: 'Admin Panel' })).toBeNull();
  });

  it.each(['staff', 'admin'] as const)('%s sees the Admin Panel link', async (role) => {
    await openPrivate('/private/gas/dashboard', { ...testUser, role });
    const nav = screen.getAllByRole('navigation', { name: "Navigation de l'espace client" })[0];
    expect(nav && within(nav).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/private/admin');
  });

  it('remembers the collapsed sidebar', async () => {
    const { user } = await openPrivate('/private/gas/dashboard');
    const toggle = screen.getByRole('button', { name: 'Réduire le menu latéral' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Déplier le menu latéral' })).toHaveAttribute('aria-expanded', 'false');
    expect(window.localStorage.getItem('pe:sidebar-collapsed')).toBe('1');
  });

  it('a non-admin opening /private/admin goes back to the dashboard', async () => {
    const { router } = await openPrivate('/private/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/gas/dashboard'));
    expect(
      await screen.findByText("Le panneau d'administration est réservé aux administrateurs et au staff."),
    ).toBeVisible();
  });

  it("'Erreur lors de la déconnexion' when sign-out fails", async () => {
    const { user, router } = await openPrivate('/private/gas/dashboard', testUser, {
      'POST /api/auth/sign-out': () => ({ status: 500, body: { error: 'Erreur interne', code: 'INTERNAL_ERROR' } }),
    });
    await user.click(screen.getByRole('button', { name: /Menu utilisateur/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByText('Erreur lors de la déconnexion')).toBeVisible();
    expect(router.state.location.pathname).toBe('/private/gas/dashboard');
  });

  it('signs out after 5 minutes of inactivity and /login says why', async () => {
    const { router, requests } = await openPrivate('/private/gas/dashboard', testUser, {
      'POST /api/auth/sign-out': () => ({ body: { success: true } }),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(290_000);
    });
    expect(router.state.location.pathname).toBe('/private/gas/dashboard');
    // A mouse move starts the 5 minutes again.
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299_000);
    });
    expect(router.state.location.pathname).toBe('/private/gas/dashboard');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText("Vous avez été déconnecté pour cause d'inactivité.")).toBeVisible();
    expect(requests.some((request) => request.path === '/api/auth/sign-out')).toBe(true);
  });
});

describe('account pages', () => {
  it("About says 'Impossible de charger les informations runtime.' when both calls fail", async () => {
    await openPrivate('/private/account/about', testUser, {
      'GET /api/info/frontend/': () => ({ status: 500, body: {} }),
      'GET /api/info/backend/': () => ({ status: 500, body: {} }),
    });
    expect(await screen.findByText('Impossible de charger les informations runtime.')).toBeVisible();
  });

  it('About shows both versions', async () => {
    const info = (service: string) => ({
      body: { service, revision: `${service}-rev`, version: '1.0.0', env: 'test', builtAt: '2026-01-01T10:00:00Z' },
    });
    await openPrivate('/private/account/about', testUser, {
      'GET /api/info/frontend/': () => info('web'),
      'GET /api/info/backend/': () => info('server'),
    });
    expect(await screen.findByText('web-rev')).toBeVisible();
    expect(await screen.findByText('server-rev')).toBeVisible();
    expect(screen.queryByText('Impossible de charger les informations runtime.')).not.toBeInTheDocument();
  });
});
