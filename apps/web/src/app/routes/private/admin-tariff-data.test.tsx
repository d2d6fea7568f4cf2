import type { AccountUser, TariffParametersResponse } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { resetSplashForTests } from '../../../features/private-area/hooks/use-splash.ts';
import { mockApi, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { resetWelcomeForTests } from '../../layouts/private-layout.tsx';

beforeAll(() => preloadRoute('/private/admin'));
beforeEach(() => {
  // jsdom does not know the users panel's <search> element (React warns once per run); a browser does.
  allowConsoleError('The tag <search> is unrecognized');
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const parameters: TariffParametersResponse = {
  items: [
    {
      id: 'atrd7.grdf.t4.abonnement',
      grid: 'ATRD7 GRDF',
      description: 'Option T4 — abonnement annuel (terme Rf inclus)',
      unit: '€/an',
      lastCheckedOn: '2026-11-23',
      values: [
        {
          validFrom: '2026-07-01',
          value: 20000,
          status: 'official',
          references: [{ title: 'Délibération CRE n° 2026-150', url: 'https://www.cre.fr/x', publishedOn: null }],
          note: null,
          origin: 'stored',
          stored: { version: 2, recordedBy: 'root@exemple.fr', recordedAt: '2026-11-23T10:00:00.000Z' },
          replacesPackaged: true,
        },
        {
          // « fin »: the series stops (end of the tariff period).
          validFrom: '2028-07-01',
          value: null,
          status: 'estimate',
          references: [],
          note: 'Fin de la période tarifaire ATRD7 (30 juin 2028).',
          origin: 'package',
          stored: null,
          replacesPackaged: false,
        },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
};

const emptyPage = { items: [], total: 0, page: 1, pageSize: 10 };

async function openAdmin(user: AccountUser, extra = {}) {
  const api = mockApi({
    ...signedInAs(user),
    'GET /api/admin/tariff-data/parameters': () => ({ body: parameters }),
    'GET /api/admin/tariff-data/audit': () => ({ body: emptyPage }),
    'GET /api/admin/tariff-data/reference-imports': () => ({
      body: { items: [{ kind: 'pitd', label: 'Table des PITD', header: ['code_pitd'], activeVersion: null }] },
    }),
    'GET /api/tariff-data/calendar': () => ({
      body: { ...emptyPage, pageSize: 100, from: '2026-05-24', to: '2027-11-24', today: '2026-11-23' },
    }),
    ...extra,
  });
  renderApp('/private/admin?section=donnees-tarifaires');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1200 + 900);
  });
  // The splash fades only once the session has answered, which may come after the timers above: move the page's
  // clock on until it has gone instead of waiting its 0.9 s fade in real time.
  for (let step = 0; step < 30 && screen.queryByTestId('splash-screen'); step += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
  }
  await waitFor(() => expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument());
  return api;
}

describe('admin panel « Données tarifaires »', () => {
  it('staff read the dated values with who recorded them, without the forms or undo', async () => {
    await openAdmin({ ...testUser, role: 'staff' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Données tarifaires' })).toBeInTheDocument();
    const card = await screen.findByText('Option T4 — abonnement annuel (terme Rf inclus)');
    const item = card.closest('li') as HTMLElement;
    expect(within(item).getByText(/Ajoutée par root@exemple\.fr/)).toHaveTextContent('remplace la valeur livrée');
    expect(within(item).getByRole('link', { name: /Délibération CRE n° 2026-150/ })).toHaveAttribute(
      'href',
      'https://www.cre.fr/x',
    );
    expect(within(item).queryByRole('button', { name: /Annuler/ })).not.toBeInTheDocument();
    // The end of the series reads « fin », with no unit after it (it read « fin €/an »).
    const end = item.querySelector('[data-valid-from="2028-07-01"]') as HTMLElement;
    expect(end).toHaveTextContent(/Valeurfin\s*Estimation/);
    expect(end).not.toHaveTextContent('€/an');
    expect(screen.queryByRole('form', { name: 'Ajouter une valeur datée' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Importer une grille' })).not.toBeInTheDocument();
  });

  it('an admin adds a value: the unit is checked against the parameter, then the value is sent', async () => {
    // No pause between keystrokes (as renderApp's own `user`): each pause is a macrotask on the faked clock.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    const { requests } = await openAdmin(
      { ...testUser, role: 'admin' },
      {
        'POST /api/admin/tariff-data/values': ({ body }: { body: Record<string, unknown> }) => ({
          status: 201,
          body: {
            value: {
              id: 1,
              version: 1,
              action: 'set',
              recordedBy: 'camille@exemple.fr',
              recordedAt: '2026-11-23T10:00:00.000Z',
              origin: 'panel',
              ...body,
            },
          },
        }),
      },
    );
    const form = await screen.findByRole('form', { name: 'Ajouter une valeur datée' });
    await user.selectOptions(within(form).getByLabelText('Paramètre'), 'atrd7.grdf.t4.abonnement');
    expect(within(form).getByLabelText('Unité')).toHaveValue('€/an');
    await user.selectOptions(within(form).getByLabelText('Unité'), '€/MWh');
    await user.type(within(form).getByLabelText('Date d’effet'), '2026-09-01');
    await user.type(within(form).getByLabelText('Valeur'), '23 456,78');
    await user.type(within(form).getByLabelText('Titre de la référence'), 'Délibération CRE');
    await user.type(within(form).getByLabelText('Adresse de la référence'), 'https://www.cre.fr/y');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la valeur' }));
    expect(
      await within(form).findByText(
        'L’unité « €/MWh » ne correspond pas à celle du paramètre « Option T4 — abonnement annuel (terme Rf inclus) » (€/an).',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/admin/tariff-data/values')).toBe(false);

    await user.selectOptions(within(form).getByLabelText('Unité'), '€/an');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la valeur' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.path === '/api/admin/tariff-data/values')?.body).toEqual({
        parameterId: 'atrd7.grdf.t4.abonnement',
        validFrom: '2026-09-01',
        value: 23456.78,
        unit: '€/an',
        status: 'official',
        references: [{ title: 'Délibération CRE', url: 'https://www.cre.fr/y', publishedOn: null }],
        note: '',
      }),
    );
    expect(
      await screen.findByText(/Valeur enregistrée : atrd7\.grdf\.t4\.abonnement au 2026-09-01/),
    ).toBeInTheDocument();
  });
});
