/**
 * A file of several invoices (issue #25 §4, ADR 0086): each audit's page lists the file's invoices — which one it is,
 * each one's result or status and the site of its PCE — and opens another in place.
 */
import type { AuditDetail, AuditFileInvoice } from '@pilote/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The lazy audit screen transformed once, outside the test's own time (ADR 0082).
beforeAll(() => preloadRoute('/private/gas/audit', () => import('./audit-page.tsx')));

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
});

const IDS = [
  '0d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e50',
  '1d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e51',
  '2d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e52',
] as const;
const part = (index: number, pce: string, month: string, invoiceNumber: string) => ({
  pce,
  month,
  invoiceNumber,
  index,
  count: 3,
});
const PARTS = [
  part(0, '21400000000117', '2026-01', 'FG-2026-01-0117'),
  part(1, '21400000000117', '2026-02', 'FG-2026-02-0117'),
  part(2, '21400000000125', '2026-02', 'FG-2026-02-0125'),
] as const;
const INVOICES: AuditFileInvoice[] = [
  { id: IDS[0], part: PARTS[0], status: 'failed', anomalies: null, recoverableEuros: null, site: null },
  {
    id: IDS[1],
    part: PARTS[1],
    status: 'done',
    anomalies: 1,
    recoverableEuros: 18.17,
    site: { id: 'site-1', name: 'Usine de Nice' },
  },
  { id: IDS[2], part: PARTS[2], status: 'uploaded', anomalies: null, recoverableEuros: null, site: null },
];

function audit(index: 0 | 2): AuditDetail {
  return {
    id: IDS[index],
    filename: 'export-factures.csv',
    format: 'csv',
    sizeBytes: 6000,
    status: index === 0 ? 'failed' : 'uploaded',
    error: index === 0 ? 'L’analyse du fichier a dépassé le temps autorisé : fichier refusé.' : null,
    createdAt: '2026-11-23T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    anomalies: null,
    alerts: null,
    recoverableEuros: null,
    part: PARTS[index],
    review: null,
    invoice: null,
    report: null,
    warnings: [],
    found: [],
    invoicesInFile: INVOICES,
  };
}

describe('the invoices of a portal export (ADR 0086)', () => {
  it('lists each invoice with its result and site and marks the one shown', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${IDS[2]}/`]: () => ({ body: audit(2) }),
      [`GET /api/audits/${IDS[0]}/`]: () => ({ body: audit(0) }),
    });
    renderApp(`/private/gas/audit?audit=${IDS[2]}`);
    expect(await screen.findByTestId('audit-part')).toHaveTextContent(
      'Facture 3 sur 3 — PCE 21400000000125 · février 2026 · n° FG-2026-02-0125',
    );
    const list = screen.getByRole('list', { name: 'Factures du fichier' });
    const items = within(list).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByTestId('file-invoice-result').textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Échec', '1 anomalie — 18,17 € récupérables', 'Non lancé']);
    expect(items[2]).toHaveAttribute('aria-current', 'true');
    expect(within(items[2] as HTMLElement).queryByRole('link', { name: /Voir/ })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Usine de Nice' })).toHaveAttribute(
      'href',
      '/private/sites/site-1',
    );
    expect(items[0]).toHaveTextContent('Site : aucun site pour ce PCE');
    // The page of the audit itself: not launched yet (quota), with its button.
    expect(screen.getByRole('button', { name: 'Lancer l’audit' })).toBeInTheDocument();
  });

  it('opens another invoice of the file in place, the focus on its title', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${IDS[2]}/`]: () => ({ body: audit(2) }),
      [`GET /api/audits/${IDS[0]}/`]: () => ({ body: audit(0) }),
    });
    renderApp(`/private/gas/audit?audit=${IDS[2]}`);
    const list = await screen.findByRole('list', { name: 'Factures du fichier' });
    const items = within(list).getAllByRole('listitem');
    fireEvent.click(within(items[0] as HTMLElement).getByRole('link', { name: 'Voir la facture 1 sur 3' }));
    expect(await screen.findByText('L’analyse du fichier a dépassé le temps autorisé : fichier refusé.')).toBeVisible();
    expect(screen.getByTestId('audit-part')).toHaveTextContent('Facture 1 sur 3 — PCE 21400000000117 · janvier 2026');
    expect(screen.getByRole('heading', { name: 'Résultats de l’audit — export-factures.csv' })).toHaveFocus();
  });
});
