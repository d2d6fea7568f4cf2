/**
 * The review step of an invoice of a PDF of several invoices (ADR 0090): the page drawn beside the fields is the
 * invoice's own first page in the file (`part.firstPage`), not the file's page 1 — another invoice's, whose values
 * the user would otherwise compare and confirm. pdf.js is replaced by a stand-in that records the page asked.
 */
import type { AuditDetail } from '@pilote/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const pages = vi.hoisted(() => ({ asked: [] as number[] }));
vi.mock('unpdf', () => ({
  getDocumentProxy: async () => ({
    numPages: 4,
    getPage: async (n: number) => {
      pages.asked.push(n);
      return {
        getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
        render: () => ({ promise: Promise.resolve() }),
      };
    },
    destroy: async () => undefined,
  }),
}));

beforeAll(() => preloadRoute('/private/gas/audit', () => import('./audit-page.tsx')));
beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  pages.asked = [];
  // jsdom draws nothing: a 2D context that does nothing is enough for the stand-in's render.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
  // « Ouvrir la facture en grand » links to the file's bytes: Node's URL.createObjectURL refuses jsdom's Blob (it
  // passed alone only when another file of the worker had stubbed it, and failed in a full run).
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:facture', revokeObjectURL: () => {} }),
  );
});

const ID = '7d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e5f';

function waiting(part: AuditDetail['part']): AuditDetail {
  return {
    id: ID,
    filename: 'lot-fevrier.pdf',
    format: 'pdf',
    sizeBytes: 1000,
    status: 'to_complete',
    error: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    startedAt: '2026-11-23T10:00:01.000Z',
    finishedAt: '2026-11-23T10:00:03.000Z',
    anomalies: 0,
    alerts: 0,
    recoverableEuros: 0,
    part,
    invoice: {
      format: 'pdf',
      layout: 'pdf-libre',
      supplier: 'Énergie Exemple SA',
      invoiceNumber: 'FG-2026-02-0125',
      issuedOn: '2026-03-06',
      point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000125' },
      tso: 'NaTran',
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
      tarif: 'T4',
      car: 15466.8,
      cja: null,
      ntr: 2,
      consumptionMwh: 2043.755,
      lines: [],
      vat: [],
      totals: { totalHt: 100, totalTva: 20, totalTtc: 120 },
    },
    report: null,
    review: {
      fields: [
        {
          field: 'cja',
          label: 'Capacité journalière souscrite (CJA)',
          reason: 'missing',
          message: 'La capacité journalière souscrite n’est pas imprimée sur la facture.',
          unit: 'MWh/j',
          read: null,
          suggested: null,
          suggestedFrom: null,
          candidates: [],
        },
      ],
      figuresAsked: false,
      confirmed: null,
      confirmedAt: null,
    },
    warnings: [],
    found: [],
  };
}

function withDocument(detail: AuditDetail) {
  mockApi({
    ...signedInAs(),
    [`GET /api/audits/${ID}/`]: () => ({ body: detail }),
    [`GET /api/audits/${ID}/document`]: () =>
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } }),
  });
}

describe('review step of one invoice of a PDF of several (ADR 0090)', () => {
  it('draws the invoice’s own first page of the file and says which it is', async () => {
    withDocument(
      waiting({
        pce: '21400000000125',
        month: '2026-02',
        invoiceNumber: 'FG-2026-02-0125',
        index: 2,
        count: 3,
        firstPage: 4,
      }),
    );
    renderApp(`/private/gas/audit?audit=${ID}`);
    const page = await screen.findByRole('img', {
      name: 'Page 4 du fichier « lot-fevrier.pdf », première page de cette facture',
    });
    await waitFor(() => expect(page).toHaveAttribute('data-state', 'drawn'));
    expect(pages.asked).toEqual([4]);
    expect(screen.getByRole('link', { name: 'Ouvrir la facture en grand (PDF)' }).getAttribute('href')).toMatch(
      /#page=4$/,
    );
  });

  it('a PDF of one invoice: page 1, as before', async () => {
    withDocument(waiting(null));
    renderApp(`/private/gas/audit?audit=${ID}`);
    const page = await screen.findByRole('img', { name: 'Page 1 de la facture « lot-fevrier.pdf »' });
    await waitFor(() => expect(page).toHaveAttribute('data-state', 'drawn'));
    expect(pages.asked).toEqual([1]);
  });
});
