/**
 * Any text PDF, whatever its layout (issue #25 §3, ADR 0070): supplier-style HTML invoices of the public February
 * 2026 T4 case (GRDF, NaTran NTR 2, 2 043 755 kWh) printed to PDF by Chromium — a tool other than ours — in two
 * different layouts, read by `readInvoice` (no known layout matches: the layout-free reader) and checked by
 * `auditInvoice`. The correct invoice gives no anomaly and no claim letter; the six planted errors each give their
 * anomaly to the cent. One browser for the file, started in `beforeAll`.
 */
import { type AuditReferenceData, auditInvoice, type InvoiceLine } from '@pilote/tariffs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { PLANTED, plant, rebill, SIX_ERRORS, T4_FEB_2026 } from './helpers/e-invoice-eu.ts';
import { layoutA, layoutB } from './helpers/html-invoices.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function printPdf(html: string): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
  } finally {
    await page.close();
  }
}

function read(result: ReadResult) {
  if (!result.ok) {
    throw new Error(`refusé : ${result.refusal.message} ${result.refusal.found.join(' ; ')}`);
  }
  return result;
}

/** The claim letter's rule (ADR 0062): positive anomalies on an invoice read without warnings or reading problems. */
function letter(report: ReturnType<typeof auditInvoice>, warnings: readonly string[]): boolean {
  const claimed = report.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0);
  return claimed.length > 0 && report.readingProblems.length === 0 && warnings.length === 0;
}

const LAYOUTS = { A: layoutA, B: layoutB } as const;

describe.each(['A', 'B'] as const)('an HTML invoice printed by Chromium, layout %s', (name) => {
  it('the correct invoice: every value read by position, no anomaly, no claim letter', async () => {
    const r = read(await readInvoice(await printPdf(LAYOUTS[name](T4_FEB_2026)), `facture-${name}.pdf`));
    expect(r.warnings).toEqual([]);
    expect(r.invoice).toMatchObject({
      format: 'pdf',
      layout: 'pdf-libre',
      supplier: 'Énergie Exemple SA',
      invoiceNumber: 'FG-2026-02-0117',
      issuedOn: '2026-03-06',
      point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
      tso: 'NaTran',
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      consumptionMwh: 2043.755,
      totals: T4_FEB_2026.totals,
    });
    const byKind = (lines: readonly InvoiceLine[]) =>
      [...lines]
        .map((l) => [
          l.kind,
          l.quantity,
          l.unitPrice,
          l.unitPriceUnit,
          l.prorata === null ? null : l.prorata * 12,
          l.amount,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byKind(r.invoice.lines)).toEqual(
      byKind(T4_FEB_2026.lines).map((l) => l.map((v) => (typeof v === 'number' ? expect.closeTo(v, 9) : v))),
    );
    expect(r.provenance?.confidence).toMatchObject({ pce: 1, period: 1, tarif: 1, car: 1, cja: 1, ntr: 1 });
    expect(r.provenance?.missing).toEqual([]);
    if (name === 'B') {
      expect(r.provenance?.commune).toBe('Nice (06000)');
    }
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings).toEqual([]);
    expect(report.readingProblems).toEqual([]);
    expect(report.unverifiableLines).toEqual([]);
    expect(report.checksRun).toEqual(
      expect.arrayContaining(['ntr', 'tcl', 'unitPrice', 'cta', 'accise', 'arithmetic']),
    );
    expect(letter(report, r.warnings)).toBe(false);
  });

  it('the six planted errors: each anomaly with its amount to the cent, and the claim letter', async () => {
    const r = read(await readInvoice(await printPdf(LAYOUTS[name](SIX_ERRORS)), `facture-${name}-erreurs.pdf`));
    expect(r.warnings).toEqual([]);
    const report = auditInvoice(r.invoice, REF);
    expect(report.readingProblems).toEqual([]);
    expect(report.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(report.findings).toHaveLength(PLANTED.length);
    expect(report.overBilledEuros).toBe(1291.87);
    expect(letter(report, r.warnings)).toBe(true);
  });
});

describe('false claims of issue #25 on a PDF of another layout', () => {
  it('an « Abonnement transport » line is not the ATRD subscription: no « double billing », no claim', async () => {
    const extra: InvoiceLine = {
      label: 'Abonnement transport',
      kind: 'autre',
      quantity: 1,
      quantityUnit: 'an',
      unitPrice: 1200,
      unitPriceUnit: '€/an',
      prorata: 1 / 12,
      amount: 100,
      period: null,
    };
    const inv = rebill({ ...T4_FEB_2026, lines: [...T4_FEB_2026.lines, extra] });
    const r = read(await readInvoice(await printPdf(layoutA(inv)), 'facture.pdf'));
    expect(r.invoice.lines.find((l) => l.label === 'Abonnement transport')?.kind).toBe('autre');
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
  });

  it('a row whose amount cannot be read is a warning, never dropped silently, and no letter is offered', async () => {
    const html = layoutA(plant(SIX_ERRORS, 'fourniture', {})).replace(
      /(<td>Fourniture de gaz naturel<\/td>.*?<td class="n">)[^<]*(<\/td><\/tr>)/s,
      '$1voir annexe$2',
    );
    const r = read(await readInvoice(await printPdf(html), 'facture.pdf'));
    expect(r.warnings).toEqual([expect.stringMatching(/^Ligne du tableau non lue : « Fourniture de gaz naturel \| /)]);
    expect(letter(auditInvoice(r.invoice, REF), r.warnings)).toBe(false);
  });

  it('a header without label synonyms: values found by pattern alone carry a lower confidence and a warning', async () => {
    const html = layoutA(T4_FEB_2026)
      .replace('Point de livraison (PCE) : ', '')
      .replace('Code PITD : ', '')
      .replace('<div class="kv">', '<div class="kv"><p>SA au capital de 1 000 000 € — SIRET 55210055400013</p>');
    const r = read(await readInvoice(await printPdf(html), 'facture.pdf'));
    expect(r.invoice.point).toMatchObject({ pce: '21400000000117', code: 'GI060012' });
    expect(r.provenance?.confidence).toMatchObject({ pce: 0.6, code: 0.6 });
    expect(r.warnings).toContain('PCE déduit(e) sans libellé (confiance 0,6) : à vérifier.');
    expect(letter(auditInvoice(r.invoice, REF), r.warnings)).toBe(false);
  });
});
