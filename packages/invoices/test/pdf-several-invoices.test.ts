/**
 * A PDF of several invoices (ADR 0090): a supplier's monthly bundle, one invoice per page range. Three supplier-style
 * HTML invoices printed by Chromium — PCE A January and February 2026, both correct, PCE B February billed with a TCL
 * of 58,31 instead of 56,31 €/MWh/j/an (18,17 €) — are put in one PDF with pdf-lib's `copyPages`, a page of general
 * terms (no PCE, no number) after the first. Read whole it is refused as `SEVERAL_INVOICES` with its three parts; each
 * part read alone is its own invoice, the anomaly only on the third. Before ADR 0090 the bundle was read as one
 * invoice: the first header's PCE and period over the three invoices' lines.
 */
import { type AuditReferenceData, auditInvoice, type NormalisedInvoice } from '@pilote/tariffs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionedRow } from '../src/formats/pdf.ts';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { pdfInvoicePages } from '../src/layouts/pdf-invoices.ts';
import { layoutA, layoutB } from './helpers/html-invoices.ts';
import { PCE_A, PCE_B, THREE_INVOICES } from './helpers/portal-export.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

let browser: Browser;
const printed = new Map<string, Uint8Array>();

async function printPdf(html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
  } finally {
    await page.close();
  }
}

/** The PDFs one after the other, and a page of general terms (drawn by pdf-lib) after the document at `termsAfter`. */
async function bundle(files: readonly Uint8Array[], termsAfter?: number): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const font = await out.embedFont(StandardFonts.Helvetica);
  for (const [i, bytes] of files.entries()) {
    const src = await PDFDocument.load(bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) {
      out.addPage(page);
    }
    if (i === termsAfter) {
      const terms = out.addPage([595, 842]);
      terms.drawText('Conditions generales de vente', { x: 40, y: 800, size: 12, font });
      terms.drawText('Le paiement est du a 30 jours. Tout retard donne lieu a des penalites.', {
        x: 40,
        y: 780,
        size: 9,
        font,
      });
    }
  }
  return out.save();
}

function read(result: ReadResult) {
  if (!result.ok) {
    throw new Error(`refusé : ${result.refusal.message} ${result.refusal.found.join(' ; ')}`);
  }
  return result;
}

let BUNDLE: Uint8Array;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const invoice of THREE_INVOICES) {
    printed.set(invoice.invoiceNumber ?? '', await printPdf(layoutA(invoice)));
  }
  BUNDLE = await bundle([...printed.values()], 0);
});
afterAll(async () => {
  await browser?.close();
});

describe('a PDF of three invoices, each on its own pages', () => {
  it('read whole: refused as several invoices, its three parts in the document’s order, nothing guessed', async () => {
    const result = await readInvoice(BUNDLE, 'factures-fevrier.pdf');
    if (result.ok) {
      throw new Error(`read as one invoice: PCE ${result.invoice.point.pce}, ${result.invoice.lines.length} lines`);
    }
    expect(result.refusal.code).toBe('SEVERAL_INVOICES');
    expect(result.refusal.message).toBe(
      '« factures-fevrier.pdf » contient 3 factures (une par PCE ou par numéro de facture, chacune sur ses pages) : chacune est auditée à part.',
    );
    expect(result.refusal.parts).toEqual([
      { pce: PCE_A, month: '2026-01', invoiceNumber: 'FG-2026-01-0117', firstPage: 1 },
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117', firstPage: 3 },
      { pce: PCE_B, month: '2026-02', invoiceNumber: 'FG-2026-02-0125', firstPage: 4 },
    ]);
    expect(result.refusal.found).toEqual([
      `PCE ${PCE_A}, mois 2026-01, facture n° FG-2026-01-0117 (pages 1–2)`,
      `PCE ${PCE_A}, mois 2026-02, facture n° FG-2026-02-0117 (page 3)`,
      `PCE ${PCE_B}, mois 2026-02, facture n° FG-2026-02-0125 (page 4)`,
    ]);
  });

  it('each part is its own invoice: two without anomaly nor letter, the third with its anomaly to the cent', async () => {
    const parts = [
      { pce: PCE_A, month: '2026-01', invoiceNumber: 'FG-2026-01-0117' },
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117' },
      { pce: PCE_B, month: '2026-02' },
    ];
    const reports = [];
    for (const [i, part] of parts.entries()) {
      const source = THREE_INVOICES[i] as NormalisedInvoice;
      const r = read(await readInvoice(BUNDLE, 'factures-fevrier.pdf', { part }));
      expect(r.warnings).toEqual([]);
      expect(r.invoice).toMatchObject({
        format: 'pdf',
        layout: 'pdf-libre',
        supplier: 'Énergie Exemple SA',
        invoiceNumber: source.invoiceNumber,
        issuedOn: source.issuedOn,
        point: { pointDeReseau: 'PITD', code: 'GI060012', pce: source.point.pce },
        period: source.period,
        tarif: 'T4',
        cja: 109,
        ntr: 2,
        consumptionMwh: source.consumptionMwh,
        totals: source.totals,
      });
      const lines = (inv: NormalisedInvoice) => inv.lines.map((l) => [l.kind, l.amount]).sort();
      expect(lines(r.invoice)).toEqual(lines(source));
      // The part read from the bundle is the invoice read from its own PDF (its lines' sources name the bundle's pages).
      const alone = read(await readInvoice(printed.get(source.invoiceNumber ?? '') as Uint8Array, 'seule.pdf'));
      expect(r.invoice).toEqual(alone.invoice);
      expect(r.provenance?.lineSources[0]).toMatch(i === 0 ? /\(page 1\)$/ : /\(page [34]\)$/);
      reports.push(auditInvoice(r.invoice, REF));
    }
    const [january, february, wrong] = reports;
    for (const correct of [january, february]) {
      expect(correct?.findings).toEqual([]);
      expect(correct?.readingProblems).toEqual([]);
      expect(correct?.overBilledEuros).toBe(0);
    }
    expect(wrong?.readingProblems).toEqual([]);
    expect(wrong?.findings.map((f) => ({ check: f.check, severity: f.severity, amountEuros: f.amountEuros }))).toEqual([
      { check: 'tcl', severity: 'anomalie', amountEuros: 18.17 },
    ]);
    expect(wrong?.overBilledEuros).toBe(18.17);
  });

  it('a part the PDF does not hold is refused, never read from another invoice', async () => {
    const result = await readInvoice(BUNDLE, 'factures-fevrier.pdf', { part: { pce: PCE_B, month: '2026-01' } });
    expect(!result.ok && result.refusal.message).toBe(
      `« factures-fevrier.pdf » ne contient pas de facture du PCE ${PCE_B} pour le mois 2026-01.`,
    );
  });

  it('a PDF of one invoice is read as before, whole, with or without its general terms', async () => {
    const one = printed.get('FG-2026-02-0117') as Uint8Array;
    const alone = read(await readInvoice(one, 'facture.pdf'));
    expect(alone.invoice.point.pce).toBe(PCE_A);
    expect(read(await readInvoice(await bundle([one], 0), 'facture.pdf')).invoice).toEqual(alone.invoice);
  });

  it('another layout (header in a grid, « Numéro de facture », « PCE » without a colon): the same cut', async () => {
    const pdf = await bundle([
      await printPdf(layoutB(THREE_INVOICES[1] as NormalisedInvoice)),
      await printPdf(layoutB(THREE_INVOICES[2] as NormalisedInvoice)),
    ]);
    const result = await readInvoice(pdf, 'lot.pdf');
    expect(!result.ok && result.refusal.parts).toEqual([
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117', firstPage: 1 },
      { pce: PCE_B, month: '2026-02', invoiceNumber: 'FG-2026-02-0125', firstPage: 2 },
    ]);
    const reports = [];
    for (const part of result.ok ? [] : (result.refusal.parts ?? [])) {
      const r = read(await readInvoice(pdf, 'lot.pdf', { part }));
      expect(r.warnings).toEqual([]);
      expect(r.invoice.point.pce).toBe(part.pce);
      reports.push(auditInvoice(r.invoice, REF));
    }
    expect(reports.map((r) => r.findings.map((f) => [f.check, f.amountEuros]))).toEqual([[], [['tcl', 18.17]]]);
  });

  it('invoices without a number are cut by their PCE', async () => {
    const noNumber = (inv: NormalisedInvoice) => layoutA(inv).replace(/<p>Facture n° [^<]*<\/p>/, '');
    const pdf = await bundle([
      await printPdf(noNumber(THREE_INVOICES[1] as NormalisedInvoice)),
      await printPdf(noNumber(THREE_INVOICES[2] as NormalisedInvoice)),
    ]);
    const result = await readInvoice(pdf, 'lot.pdf');
    expect(!result.ok && result.refusal.parts).toEqual([
      { pce: PCE_A, month: '2026-02', firstPage: 1 },
      { pce: PCE_B, month: '2026-02', firstPage: 2 },
    ]);
    const second = read(await readInvoice(pdf, 'lot.pdf', { part: { pce: PCE_B, month: '2026-02' } }));
    expect(auditInvoice(second.invoice, REF).overBilledEuros).toBe(18.17);
  });
});

describe('a PDF that cannot be cut without a guess is refused, never read as one invoice', () => {
  it('two PCE on one page', async () => {
    const html = layoutA(THREE_INVOICES[1] as NormalisedInvoice).replace(
      '<p>Code PITD',
      `<p>Point de livraison (PCE) : ${PCE_B}</p><p>Code PITD`,
    );
    const result = await readInvoice(await printPdf(html), 'deux-pce.pdf');
    expect(!result.ok && result.refusal.code).toBe('AMBIGUOUS_INVOICES');
    expect(!result.ok && result.refusal.message).toBe(
      `« deux-pce.pdf » semble contenir plusieurs factures, mais la page 1 porte plusieurs PCE (${PCE_A}, ${PCE_B}) : impossible de savoir à quelle facture chaque ligne appartient. Aucune valeur n’en a été déduite : déposez chaque facture dans un fichier à part.`,
    );
  });

  it('one invoice number on the pages of two PCE', async () => {
    const sameNumber = { ...(THREE_INVOICES[2] as NormalisedInvoice), invoiceNumber: 'FG-2026-02-0117' };
    const pdf = await bundle([printed.get('FG-2026-02-0117') as Uint8Array, await printPdf(layoutA(sameNumber))]);
    const result = await readInvoice(pdf, 'multisite.pdf');
    expect(!result.ok && result.refusal.code).toBe('AMBIGUOUS_INVOICES');
    expect(!result.ok && result.refusal.message).toContain(
      `la facture n° FG-2026-02-0117 porte plusieurs PCE (${PCE_A}, page 1 ; ${PCE_B}, page 2)`,
    );
  });

  it('two invoices of one PCE and month that nothing tells apart', async () => {
    const noNumber = (inv: NormalisedInvoice) => layoutA(inv).replace(/<p>Facture n° [^<]*<\/p>/, '');
    const a = await printPdf(noNumber(THREE_INVOICES[1] as NormalisedInvoice));
    const pdf = await bundle([a, await printPdf(noNumber(THREE_INVOICES[2] as NormalisedInvoice)), a]);
    const result = await readInvoice(pdf, 'lot.pdf');
    expect(!result.ok && result.refusal.code).toBe('AMBIGUOUS_INVOICES');
    expect(!result.ok && result.refusal.message).toContain(
      `contient plusieurs factures du PCE ${PCE_A} pour le mois 2026-02 sans numéro de facture : impossible de les distinguer`,
    );
  });
});

describe('the cut keeps the readers’ bounds', () => {
  it('a page of 20 000 rows and a row of 20 000 cells are cut in linear time', () => {
    const cell = (x: number, text: string) => ({ x, end: x + 5, text });
    const rows: PositionedRow[] = [
      { page: 1, y: 800, size: 8, cells: [cell(0, 'Facture n° FG-1'), cell(10, `PCE ${PCE_A}`)] },
      ...Array.from({ length: 20_000 }, (_, i) => ({ page: 1, y: 700 - i, size: 8, cells: [cell(0, 'n° de')] })),
      { page: 2, y: 800, size: 8, cells: Array.from({ length: 20_000 }, (_, i) => cell(i * 10, 'Facture n°')) },
      { page: 2, y: 780, size: 8, cells: [cell(0, `Point de livraison : ${PCE_B}`)] },
    ];
    const started = performance.now();
    expect(pdfInvoicePages(rows, 2)).toEqual([
      { pages: [1], pce: PCE_A, invoiceNumber: 'FG-1' },
      { pages: [2], pce: PCE_B, invoiceNumber: null },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a row of repeated PCE labels without a value is read in linear time (the label’s filler is bounded)', () => {
    // « Point de comptage » then words and no digit, a thousand times: an unbounded filler retried from every label
    // made this quadratic (seconds for one row), in the cut and in the layout-free reader's PCE.
    const text = `${'Point de comptage et d’estimation '.repeat(1_000)}${'a '.repeat(50_000)}`;
    const rows: PositionedRow[] = [{ page: 1, y: 800, size: 8, cells: [{ x: 0, end: 5, text }] }];
    const started = performance.now();
    expect(pdfInvoicePages(rows, 1)).toEqual([{ pages: [1], pce: null, invoiceNumber: null }]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
