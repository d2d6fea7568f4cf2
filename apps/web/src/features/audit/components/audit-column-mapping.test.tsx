/**
 * « Indiquer les colonnes du fichier » (issue #25 §4, ADR 0085): on a failed audit whose export no reader knows, each
 * column is listed with its labelled role select (and unit select when the role has several units); the roles chosen
 * are sent to `PUT /api/audits/:id/column-mapping`; the server's French problems (an unmapped required column, a
 * refusal) are listed in an alert that takes the focus; the form is used with labels and the keyboard.
 */
import {
  type AuditColumns,
  type AuditDetail,
  COLUMN_MAPPING_MESSAGES,
  type SaveColumnMappingBody,
} from '@pilote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { type MockHandler, mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The lazy audit screen transformed once, outside the tests' own time (ADR 0082).
beforeAll(() => preloadRoute('/private/gas/audit', () => import('./audit-page.tsx')));

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
});

const ID = '3d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e53';
const FORM = 'Correspondance des colonnes';
const SUBMIT = 'Enregistrer les colonnes et relancer l’audit';
const CANNOT_SAVE = 'La correspondance ne peut pas être enregistrée :';
/** The refusal of `readMapped` (packages/invoices/src/read-mapped.ts) for this file. */
const ASKED =
  'Colonnes à indiquer : les titres des colonnes de « export-portail.xlsx » ne correspondent à aucun modèle connu. Indiquez le rôle de chaque colonne ; la correspondance sera retenue pour les prochains fichiers ayant ces colonnes.';

const HEADER: NonNullable<AuditColumns['header']> = {
  signature: 'compteur|poste de facturation|valeur € ht|debut|conso|',
  columns: [
    { index: 0, title: 'Compteur', proposed: null, samples: ['21400000000117', '21400000000125'] },
    { index: 1, title: 'Poste de facturation', proposed: { column: 'label', unit: null }, samples: ['Abonnement'] },
    { index: 2, title: 'Valeur € HT', proposed: null, samples: ['1808,81', '2616'] },
    { index: 3, title: 'Début', proposed: { column: 'firstDay', unit: null }, samples: ['01/02/2026', '01/02/2026'] },
    { index: 4, title: 'Conso', proposed: null, samples: ['2043755', '2043755'] },
    { index: 5, title: '', proposed: null, samples: [] },
  ],
};

function audit(status: 'failed' | 'queued'): AuditDetail {
  return {
    id: ID,
    filename: 'export-portail.xlsx',
    format: 'xlsx',
    sizeBytes: 6000,
    status,
    error: status === 'failed' ? ASKED : null,
    createdAt: '2026-11-23T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    anomalies: null,
    alerts: null,
    recoverableEuros: null,
    review: null,
    invoice: null,
    report: null,
    warnings: [],
    found: [],
  };
}

/** The server's `mappingProblems` for a missing required role (packages/invoices/src/layouts/column-mapping.ts). */
const REQUIRED: [string, string][] = [
  ['pce', 'Indiquez la colonne du PCE.'],
  ['label', 'Indiquez la colonne du libellé des lignes.'],
  ['amount', 'Indiquez la colonne du montant HT.'],
];

/** The API of a failed audit that asks for its columns; `put` answers the mapping (each body kept in `sent`). */
function serve(put: MockHandler) {
  const sent: SaveColumnMappingBody[] = [];
  let saved = false;
  const api = mockApi({
    ...signedInAs(),
    [`GET /api/audits/${ID}/`]: () => ({ body: audit(saved ? 'queued' : 'failed') }),
    [`GET /api/audits/${ID}/columns`]: () => ({ body: { header: saved ? null : HEADER } }),
    [`PUT /api/audits/${ID}/column-mapping`]: async (request) => {
      sent.push(request.body as SaveColumnMappingBody);
      const answer = await put(request);
      saved = !('status' in answer) || answer.status === undefined || answer.status < 400;
      return answer;
    },
  });
  return { ...api, sent };
}

/** The 400 the server gives for a mapping without a required role (its problems in `details`). */
const checkRequired: MockHandler = (request) => {
  const roles = new Set((request.body as SaveColumnMappingBody).columns.map((c) => c.column));
  const details = REQUIRED.filter(([role]) => !roles.has(role as never)).map(([, message]) => ({
    path: '/columns',
    message,
  }));
  return details.length > 0
    ? { status: 400, body: { error: details[0]?.message, code: 'VALIDATION_FAILED', details } }
    : { status: 202, body: { id: ID, status: 'queued', mapping: savedMapping(request.body as SaveColumnMappingBody) } };
};

function savedMapping(body: SaveColumnMappingBody) {
  return {
    id: '9a9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e59',
    signature: HEADER.signature,
    titles: HEADER.columns.map((c) => c.title),
    columns: body.columns,
    supplier: null,
    createdAt: '2026-11-27T09:00:00.000Z',
    updatedAt: '2026-11-27T09:00:00.000Z',
  };
}

const role = (title: string) => screen.getByRole('combobox', { name: `Rôle de la colonne « ${title} »` });
const unit = (title: string) => screen.getByRole('combobox', { name: `Unité de la colonne « ${title} »` });
/** The alert of the mapping's problems (the failed audit's own refusal is an alert too). */
const problemsAlert = () =>
  waitFor(() => {
    const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes(CANNOT_SAVE));
    if (!found) {
      throw new Error('no alert of the mapping problems');
    }
    return found;
  });

async function openForm() {
  const rendered = renderApp(`/private/gas/audit?audit=${ID}`);
  const form = await screen.findByRole('form', { name: FORM });
  return { ...rendered, form };
}

describe('the column mapping form of an unknown export (ADR 0085)', () => {
  it('lists each column of the file with its title, samples and a labelled role select, pre-filled when proposed', async () => {
    serve(checkRequired);
    const { form } = await openForm();
    expect(screen.getByText('Indiquer les colonnes du fichier')).toBeInTheDocument();
    const items = within(form).getAllByTestId('mapping-column');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Colonne 1 — « Compteur »');
    expect(items[0]).toHaveTextContent('Exemples : 21400000000117 · 21400000000125');
    expect(items[2]).toHaveTextContent('Colonne 3 — « Valeur € HT »');
    // A column without a title nor values still has its card and its control.
    expect(items[5]).toHaveTextContent('Colonne 6 — « (sans titre) »');
    expect(items[5]).toHaveTextContent('Aucune valeur.');
    expect(
      within(items[5] as HTMLElement).getByRole('combobox', { name: 'Rôle de la colonne « (sans titre) »' }),
    ).toHaveValue('');

    // What the titles suggest is pre-filled; the others are ignored until chosen.
    expect(role('Compteur')).toHaveValue('');
    expect(within(role('Compteur')).getByRole('option', { selected: true })).toHaveTextContent('Ignorer cette colonne');
    expect(role('Poste de facturation')).toHaveValue('label');
    expect(role('Début')).toHaveValue('firstDay');
    // A role given to a column is disabled in the others' selects, not in its own.
    expect(within(role('Compteur')).getByRole('option', { name: 'Libellé de la ligne' })).toBeDisabled();
    expect(within(role('Poste de facturation')).getByRole('option', { name: 'Libellé de la ligne' })).toBeEnabled();
    expect(within(role('Compteur')).getByRole('option', { name: 'PCE (point de comptage)' })).toBeEnabled();
    // No unit asked for a column without a role.
    expect(screen.queryByRole('combobox', { name: /^Unité de la colonne/ })).not.toBeInTheDocument();
  });

  it('sends the roles and units chosen to the API, then the audit is relaunched and the form goes away', async () => {
    const { sent, requests } = serve(checkRequired);
    const { user } = await openForm();
    await user.selectOptions(role('Compteur'), 'PCE (point de comptage)');
    await user.selectOptions(role('Valeur € HT'), 'Montant HT');
    // The euro is the amount's only unit: not asked.
    expect(screen.queryByRole('combobox', { name: 'Unité de la colonne « Valeur € HT »' })).not.toBeInTheDocument();
    await user.selectOptions(role('Conso'), 'Consommation relevée');
    expect(unit('Conso')).toHaveValue('');
    expect(
      within(unit('Conso'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir…', 'kWh', 'MWh']);
    await user.selectOptions(unit('Conso'), 'MWh');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    await waitFor(() => expect(screen.queryByRole('form', { name: FORM })).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        columns: [
          { index: 0, column: 'pce', unit: null },
          { index: 1, column: 'label', unit: null },
          { index: 2, column: 'amount', unit: '€' },
          { index: 3, column: 'firstDay', unit: null },
          { index: 4, column: 'consumption', unit: 'MWh' },
        ],
      },
    ]);
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.headers.get('X-CSRFToken')).toBe('csrf-test');
    expect(screen.queryByText(CANNOT_SAVE)).not.toBeInTheDocument();
  });

  it('a required column left unmapped: the server’s French problem is shown in the alert', async () => {
    const { sent } = serve(checkRequired);
    const { user } = await openForm();
    await user.selectOptions(role('Compteur'), 'PCE (point de comptage)');
    // « Valeur € HT » left on « Ignorer cette colonne »: no amount.
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const alert = await problemsAlert();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Indiquez la colonne du montant HT.']);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.columns.map((c) => c.column)).toEqual(['pce', 'label', 'firstDay']);
    // The form stays, with the user's choices, to be corrected.
    expect(role('Compteur')).toHaveValue('pce');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();

    // Corrected: the problems go and the mapping is kept.
    await user.selectOptions(role('Valeur € HT'), 'Montant HT');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(screen.queryByRole('form', { name: FORM })).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });

  it('a server refusal is shown with its message; the button says it is saving meanwhile', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    serve(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = await openForm();
    await user.selectOptions(role('Compteur'), 'PCE (point de comptage)');
    await user.selectOptions(role('Valeur € HT'), 'Montant HT');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const pending = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect(pending).toBeDisabled();
    answer({ status: 409, body: { error: COLUMN_MAPPING_MESSAGES.noHeader, code: 'CONFLICT' } });

    const alert = await problemsAlert();
    expect(alert).toHaveTextContent(`${CANNOT_SAVE}${COLUMN_MAPPING_MESSAGES.noHeader}`);
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();
    expect(screen.getByRole('form', { name: FORM })).toBeInTheDocument();
  });

  it('works from the keyboard: labels focus their select, Tab goes role → unit → next column, Enter on the button submits, the problems take the focus', async () => {
    const { sent } = serve(checkRequired);
    const { user } = await openForm();
    // Each label is tied to its select.
    await user.click(screen.getByText('Rôle de la colonne « Compteur »'));
    expect(role('Compteur')).toHaveFocus();
    await user.tab();
    expect(role('Poste de facturation')).toHaveFocus();

    await user.selectOptions(role('Conso'), 'Consommation relevée');
    role('Conso').focus();
    await user.tab();
    expect(unit('Conso')).toHaveFocus();
    await user.selectOptions(unit('Conso'), 'kWh');
    await user.tab();
    expect(role('(sans titre)')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: SUBMIT })).toHaveFocus();
    await user.keyboard('{Enter}');

    // Neither PCE nor amount given: both problems, and the focus on them so they are read first.
    const alert = await problemsAlert();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Indiquez la colonne du PCE.', 'Indiquez la colonne du montant HT.']);
    await waitFor(() => expect(document.activeElement).toContainElement(alert));
    expect(sent[0]?.columns).toContainEqual({ index: 4, column: 'consumption', unit: 'kWh' });
  });
});
