/**
 * False claims of issue #25 that came from the readers (ADR 0062): each test builds, with the spreadsheet and PDF
 * libraries (not our fixture generator), the public February 2026 T4 invoice (GRDF, NaTran NTR 2, 2 043 755 kWh)
 * with one presentation change, reads it and audits it. The correct invoice must give no anomaly, however printed.
 */
import * as XLSX from '@e965/xlsx';
import {
  type AuditReferenceData,
  auditInvoice,
  type InvoiceLine,
  type NormalisedInvoice,
  referenceInvoice,
} from '@pilote/tariffs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { lineKind } from '../src/layouts/draft.ts';
import { extractPdfSupplier } from '../src/layouts/pdf-fournisseur.ts';

const T4 = referenceInvoice({
  format: 'xlsx',
  layout: 'tableur-detail',
  supplier: 'Énergie Exemple SA',
  invoiceNumber: 'FG-2026-02-0117',
  issuedOn: '2026-03-06',
  point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
  tso: 'NaTran',
  ntr: 2,
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  modulation: 29.015,
  consumptionMwh: 2043.755,
  period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
  prorata: 'mois',
  fourniturePrice: 45.8,
});
const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

type Row = (string | number | null)[];
const cents = (v: number) => Math.round(v * 100) / 100;
const fr = (v: number, d = 2) =>
  v.toLocaleString('fr-FR', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false });

/** Header rows of the detail export; `numeric`: CAR, CJA and consumption as number cells in kWh + a unit cell. */
function headerRows(numeric: 'text' | 'unit-cell' | 'unit-in-label'): Row[] {
  const rows: Row[] = [
    ['Fournisseur', T4.supplier],
    ['Facture n°', T4.invoiceNumber],
    ['Type de point', 'PITD'],
    ['Point de livraison (PCE)', T4.point.pce],
    ['Code PITD', T4.point.code],
    ['Gestionnaire de réseau de transport', 'NaTran'],
    ['Période de consommation', 'du 01/02/2026 au 28/02/2026'],
    ['Option tarifaire d’acheminement', 'T4'],
    ['Niveau de tarif régional (NTR)', '2'],
  ];
  const values: [string, number, string][] = [
    ['Consommation annuelle de référence (CAR)', 15_466_800, 'kWh'],
    ['Capacité journalière annuelle souscrite (CJA)', 109_000, 'kWh/j'],
    ['Consommation relevée', 2_043_755, 'kWh'],
  ];
  for (const [label, kwh, unit] of values) {
    if (numeric === 'text') {
      rows.push([label, `${kwh} ${unit}`]);
    } else if (numeric === 'unit-cell') {
      rows.push([label, kwh, unit]);
    } else {
      rows.push([`${label} (${unit})`, kwh]);
    }
  }
  return rows;
}

function lineRow(l: InvoiceLine): Row {
  const isCta = l.quantityUnit === '€';
  return [
    l.label,
    l.quantity,
    l.quantityUnit,
    isCta ? cents((l.unitPrice ?? 0) * 100) : l.unitPrice,
    l.unitPriceUnit,
    l.prorata === null ? null : `${Math.round(l.prorata * 12)}/12`,
    l.amount,
    null,
    null,
  ];
}

function workbook(header: Row[], lines: Row[], invoice: NormalisedInvoice = T4): Uint8Array {
  const totalHt = cents(lines.reduce((s, r) => s + Number(r[6]), 0));
  const totalTva = cents(totalHt * 0.2);
  const rows: Row[] = [
    ['Détail de facture d’acheminement gaz'],
    ...header,
    [],
    ['Désignation', 'Quantité', 'Unité', 'Prix unitaire', 'Unité de prix', 'Durée', 'Montant HT', 'Début', 'Fin'],
    ...lines,
    [],
    ['TVA', 20, totalHt, totalTva],
    ['Total HT', totalHt],
    ['Total TVA', totalTva],
    ['Total TTC', cents(totalHt + totalTva)],
  ];
  expect(invoice.lines.length).toBeGreaterThan(0);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Facture');
  return XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }) as Uint8Array;
}

function read(result: ReadResult) {
  if (!result.ok) {
    throw new Error(`refusé : ${result.refusal.message}`);
  }
  return result;
}

describe('the correct invoice, whatever its presentation, gives no anomaly and no warning', () => {
  it('the detail export as we write it (reference)', async () => {
    const r = read(await readInvoice(workbook(headerRows('text'), T4.lines.map(lineRow)), 'f.xlsx'));
    expect(r.warnings).toEqual([]);
    expect(auditInvoice(r.invoice, REF).findings).toEqual([]);
  });

  it.each(['unit-cell', 'unit-in-label'] as const)(
    'CJA, CAR and consumption as number cells in kWh (%s): read in MWh, not × 1000',
    async (layout) => {
      const r = read(await readInvoice(workbook(headerRows(layout), T4.lines.map(lineRow)), 'f.xlsx'));
      expect(r.invoice).toMatchObject({ cja: 109, car: 15466.8, consumptionMwh: 2043.755 });
      const report = auditInvoice(r.invoice, REF);
      expect(report.findings).toEqual([]);
      expect(report.readingProblems).toEqual([]);
    },
  );

  it('monthly prices written « 1 mois × €/mois »: converted to the yearly grid prices, no anomaly', async () => {
    const monthly = T4.lines.map((l): Row => {
      if (l.prorata === null || !l.unitPriceUnit?.endsWith('/an')) {
        return lineRow(l);
      }
      const perMonth = Math.round(((l.unitPrice ?? 0) / 12) * 10_000) / 10_000;
      const isSubscription = l.kind === 'abonnement';
      return [
        l.label,
        isSubscription ? 1 : l.quantity,
        isSubscription ? 'mois' : l.quantityUnit,
        perMonth,
        l.unitPriceUnit.replace(/\/an$/, '/mois'),
        isSubscription ? null : '1 mois',
        cents((isSubscription ? 1 : (l.quantity ?? 0)) * perMonth),
        null,
        null,
      ];
    });
    const r = read(await readInvoice(workbook(headerRows('text'), monthly), 'f.xlsx'));
    const subscription = r.invoice.lines.find((l) => l.kind === 'abonnement');
    expect(subscription).toMatchObject({ unitPrice: 21705.72, unitPriceUnit: '€/an', prorata: 1 / 12 });
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings).toEqual([]);
    expect(report.unverifiableLines).toEqual([]);
  });

  it('an « Abonnement transport » line is not the ATRD subscription: no « double billing » claim', async () => {
    expect(lineKind('Abonnement transport')).not.toBe('abonnement');
    expect(lineKind('Abonnement ATRT (transport)')).not.toBe('abonnement');
    expect(lineKind('Abonnement distribution')).toBe('abonnement');
    const extra: Row = ['Abonnement transport', 1, 'an', 1200, '€/an', '1/12', 100, null, null];
    const r = read(await readInvoice(workbook(headerRows('text'), [...T4.lines.map(lineRow), extra]), 'f.xlsx'));
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
  });
});

describe('every table row not used is a warning; ligatures are unfolded (NFKC)', () => {
  it('a label with « ﬁ »/« ﬃ » ligatures is recognised', () => {
    expect(lineKind('Terme ﬁxe')).toBe('termeFixePoste');
    expect(lineKind('Terme ﬁxe')).toBe(lineKind('Terme fixe'));
  });

  it('a PDF row that cannot be read is listed as a warning, never dropped silently', () => {
    const pages = [
      [
        'Facture de gaz naturel',
        'Fournisseur\tÉnergie Exemple SA',
        'Type de point\tPITD',
        'Point de livraison (PCE)\t21400000000117',
        'Période de consommation\tdu 01/02/2026 au 28/02/2026',
        'Option tarifaire\tT4',
        'Désignation\tQuantité\tPrix unitaire\tDurée\tMontant HT',
        'Terme ﬁxe\tde\tlivraison\t1 an\t1 200,00 €/an\t1/12\t100,00 €',
        'Fourniture de gaz naturel\t10 MWh\t50,00 €/MWh\t500,00 €',
        'Total HT\t600,00 €',
        'Total TVA\t120,00 €',
        'Total TTC\t720,00 €',
      ],
    ];
    const { invoice, warnings } = extractPdfSupplier(pages);
    expect(invoice.lines).toHaveLength(1);
    expect(warnings).toEqual([
      'Ligne du tableau non lue : « Terme fixe | de | livraison | 1 an | 1 200,00 €/an | 1/12 | 100,00 € ».',
    ]);
  });

  it('a label drawn in two pieces that touch is one cell: the row is read, no warning', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    let y = 800;
    const put = (s: string, x: number) => page.drawText(s, { x, y, size: 8, font });
    const row = (cells: [string, number][]) => {
      for (const [s, x] of cells) {
        put(s, x);
      }
      y -= 13;
    };
    row([['Facture de gaz naturel', 40]]);
    for (const [k, v] of headerRows('text')) {
      row([
        [String(k).replace('’', "'"), 40],
        [String(v), 300],
      ]);
    }
    row([
      ['Désignation', 40],
      ['Quantité', 290],
      ['Prix unitaire', 385],
      ['Durée', 475],
      ['Montant HT', 520],
    ]);
    for (const l of T4.lines) {
      const cells = lineRow(l);
      const label = String(cells[0]).replace('’', "'");
      const cut = Math.floor(label.length / 2);
      const head = label.slice(0, cut);
      const isCta = l.quantityUnit === '€';
      row([
        [head, 40],
        [label.slice(cut), 40 + font.widthOfTextAtSize(head, 8)],
        [isCta ? `${fr(l.quantity ?? 0)} €` : `${fr(l.quantity ?? 0, 3)} ${l.quantityUnit}`, 290],
        [isCta ? `${fr((l.unitPrice ?? 0) * 100)} %` : `${fr(l.unitPrice ?? 0)} ${l.unitPriceUnit}`, 385],
        ...(cells[5] ? [[String(cells[5]), 475] as [string, number]] : []),
        [`${fr(l.amount)} €`, 520],
      ]);
    }
    row([
      ['TVA 20,00 %', 40],
      [`${fr(T4.totals.totalHt)} €`, 385],
      [`${fr(T4.totals.totalTva)} €`, 520],
    ]);
    row([
      ['Total HT', 40],
      [`${fr(T4.totals.totalHt)} €`, 520],
    ]);
    row([
      ['Total TVA', 40],
      [`${fr(T4.totals.totalTva)} €`, 520],
    ]);
    row([
      ['Total TTC', 40],
      [`${fr(T4.totals.totalTtc)} €`, 520],
    ]);
    const r = read(await readInvoice(await doc.save(), 'coupee.pdf'));
    expect(r.warnings).toEqual([]);
    expect(r.invoice.lines.map((l) => l.label)).toEqual(T4.lines.map((l) => l.label.replace('’', "'")));
    expect(auditInvoice(r.invoice, REF).findings).toEqual([]);
  });
});
