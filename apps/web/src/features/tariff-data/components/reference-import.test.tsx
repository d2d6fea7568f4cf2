/**
 * « Données tarifaires » → reference tables (ADR 0051): before a new PITD version is confirmed, the preview says what
 * it changes against the table in service — rows added, rows removed, NTR changed.
 */
import type { ReferenceImportPreview } from '@pilote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '../../../../../../test-support/console-guard.ts';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { mockApi, signedInAs, testUser } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

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

const emptyPage = { items: [], total: 0, page: 1, pageSize: 10 };

const preview: ReferenceImportPreview = {
  kind: 'pitd',
  fileName: 'pitd-2026-03.csv',
  rowCount: 10_030,
  distinctKeys: 1_282,
  activeVersion: null,
  activeRowCount: null,
  warnings: [],
  errors: [],
  changes: {
    against: 'package',
    added: 1,
    removed: 2,
    ntrChanged: 1,
    samples: {
      added: [{ code: 'GD9999', libelle: 'NOUVEAU PITD', communeInsee: '06004', commune: 'ANTIBES', ntr: 5 }],
      removed: [
        { code: 'GD0001', libelle: 'A', communeInsee: '01001', commune: 'A', ntr: 1 },
        { code: 'GD0002', libelle: 'B', communeInsee: '01002', commune: 'B', ntr: 2 },
      ],
      ntrChanged: [{ code: 'GD0922', libelle: 'NICE', communeInsee: '06088', commune: 'NICE', ntr: 8, ntrBefore: '7' }],
    },
  },
};

describe('reference table import', () => {
  it('shows the rows added, removed and the NTR changed before « Confirmer l’import »', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    const { requests } = mockApi({
      ...signedInAs({ ...testUser, role: 'admin' }),
      'GET /api/admin/tariff-data/parameters': () => ({ body: { ...emptyPage, items: [] } }),
      'GET /api/admin/tariff-data/audit': () => ({ body: emptyPage }),
      'GET /api/admin/tariff-data/reference-imports': () => ({
        body: { items: [{ kind: 'pitd', label: 'Table des PITD', header: ['code_pitd'], activeVersion: null }] },
      }),
      'GET /api/tariff-data/calendar': () => ({
        body: { ...emptyPage, pageSize: 100, from: '2026-05-24', to: '2027-11-24', today: '2026-11-23' },
      }),
      'POST /api/admin/tariff-data/reference-imports/pitd/preview': () => ({ body: preview }),
    });
    renderApp('/private/admin?section=donnees-tarifaires');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1200 + 900);
    });
    for (let step = 0; step < 30 && screen.queryByTestId('splash-screen'); step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    await waitFor(() => expect(screen.queryByTestId('splash-screen')).not.toBeInTheDocument());

    expect(await screen.findByText('Version active : aucune (table officielle livrée)')).toBeInTheDocument();
    const file = new File(['code_pitd;…\nGD0922;NICE;06088;NICE;NaTran;GRDF;8;NICE\n'], 'pitd-2026-03.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Fichier CSV'), file);

    const changes = await screen.findByTestId('reference-import-changes');
    expect(changes).toHaveTextContent(
      'Par rapport à la table officielle livrée avec l’application : 1 ligne ajoutée, 2 lignes retirées, 1 NTR modifié.',
    );
    expect(within(changes).getByText(/GD0922 — NICE, NICE \(06088\) : NTR 7 → 8/)).toBeInTheDocument();
    expect(within(changes).getByText(/GD9999 — NOUVEAU PITD, ANTIBES \(06004\) : NTR 5/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer l’import' })).toBeEnabled();
    // Nothing is imported before the confirmation.
    expect(requests.some((request) => request.path.endsWith('/confirm'))).toBe(false);
  });
});
