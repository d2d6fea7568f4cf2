import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { testUser } from '../../../testing/mock-api.ts';
import { openPrivatePage } from '../../../testing/open-private.ts';

beforeEach(() => {
  // The users panel's <search> landmark is HTML that jsdom does not know yet (Chromium does): React says so once.
  allowConsoleError('The tag <search> is unrecognized in this browser');
});
afterEach(() => {
  vi.useRealTimers();
});

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
const handlers = {
  'GET /api/admin/users': () => ({ body: emptyPage }),
  'GET /api/admin/mandates/': () => ({
    body: { ...emptyPage, counts: { pending: 0, sent: 0, active: 0, expired: 0, revoked: 0, rejected: 0 } },
  }),
  'GET /api/admin/outbox': () => ({ body: emptyPage }),
};

// Issue #21 §4: the panel was one page of six sections, 11 400 px long; each section is now a tab.
describe('admin panel sections', () => {
  it('shows one section at a time, as keyboard-operable tabs kept in the URL', async () => {
    const { user, router } = await openPrivatePage('/private/admin', {
      user: { ...testUser, role: 'admin', tier: 'admin' },
      handlers,
    });
    const tablist = await screen.findByRole('tablist', { name: "Sections de l'administration" });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Utilisateurs',
      'Mandats',
      "Boîte d'envoi",
      'Messages de contact',
      'Données tarifaires',
      'Rapports de bugs',
    ]);
    expect(tablist).toBeInTheDocument();
    const users = screen.getByRole('tab', { name: 'Utilisateurs' });
    expect(users).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Utilisateurs' })).toContainElement(
      screen.getByRole('heading', { level: 2, name: 'Utilisateurs' }),
    );
    expect(screen.queryByRole('heading', { level: 2, name: "Boîte d'envoi" })).not.toBeInTheDocument();
    // Only the selected tab is in the Tab order (roving tabindex).
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([users]);

    users.focus();
    await user.keyboard('{ArrowRight}');
    const mandates = screen.getByRole('tab', { name: 'Mandats' });
    await waitFor(() => expect(mandates).toHaveAttribute('aria-selected', 'true'));
    expect(mandates).toHaveFocus();
    expect(router.state.location.search).toBe('?section=mandats');
    expect(await screen.findByRole('heading', { level: 2, name: 'Mandats' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Utilisateurs' })).not.toBeInTheDocument();
  });

  it('moves between tabs with Home, End and the arrows, wrapping around', async () => {
    const { user } = await openPrivatePage('/private/admin', {
      user: { ...testUser, role: 'admin', tier: 'admin' },
      handlers,
    });
    const users = await screen.findByRole('tab', { name: 'Utilisateurs' });
    users.focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Rapports de bugs' })).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(users).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Rapports de bugs' })).toHaveFocus());
  });

  it('opens a tab on click, and the browser’s Back button returns to the previous one', async () => {
    const { user, router } = await openPrivatePage('/private/admin?section=bugs', {
      user: { ...testUser, role: 'admin', tier: 'admin' },
      handlers: { ...handlers, 'GET /api/admin/bug-reports': () => ({ body: emptyPage }) },
    });
    await user.click(await screen.findByRole('tab', { name: "Boîte d'envoi" }));
    expect(await screen.findByRole('heading', { level: 2, name: "Boîte d'envoi" })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?section=emails');
    // The browser's Back button returns to the previous section.
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Rapports de bugs' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('opens the section named in the URL', async () => {
    await openPrivatePage('/private/admin?section=emails', {
      user: { ...testUser, role: 'staff' },
      handlers,
    });
    expect(await screen.findByRole('tab', { name: "Boîte d'envoi" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: "Boîte d'envoi" })).toBeInTheDocument();
  });
});
