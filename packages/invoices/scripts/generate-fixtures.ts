/**
 * Generates the invoice corpus of `fixtures/` (PDF, XLSX, XLS, XML), reproducibly: `npm run fixtures -w
 * @pilote/invoices`. Correct invoices are built from the dated grids (`referenceInvoice` of @pilote/tariffs);
 * planted errors are applied as a supplier would bill them (the CTA and totals recomputed on the wrong amounts);
 * `fixtures/manifest.json` lists every file with what reading it must give and the findings expected, with the
 * euros computed by hand in the comments below. Hostile files test the readers' defences.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import {
  type AuditReferenceData,
  type InvoiceLine,
  type InvoiceLineKind,
  type NormalisedInvoice,
  type ReferenceInvoiceSpec,
  referenceInvoice,
  TAXES,
  valueAt,
} from '@pilote/tariffs';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

const OUT = path.resolve(import.meta.dirname, '../fixtures');

// ---- Number and date formatting (plain spaces: the PDF standard fonts have no narrow no-break space) ----------
function fmt(value: number, decimals: number): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.') as [string, string | undefined];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${value < 0 ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}
const frDate = (iso: string) => iso.split('-').reverse().join('/');
const euros = (v: number) => `${fmt(v, 2)} €`;

function prorataText(p: number | null): string | null {
  if (p === null) {
    return null;
  }
  for (const d of [12, 365, 366]) {
    const n = Math.round(p * d);
    if (n > 0 && Math.abs(n / d - p) < 1e-12) {
      return `${n}/${d}`;
    }
  }
  return p.toFixed(6).replace('.', ',');
}

// ---- Planting errors as a supplier bills them ------------------------------------------------------------------
const ATRD_FIXED: readonly InvoiceLineKind[] = [
  'abonnement',
  'capaciteT4Jusqua500',
  'capaciteT4AuDela500',
  'capaciteTp',
  'distanceTp',
  'debitNormalise',
];
const ATRT_FIXED: readonly InvoiceLineKind[] = ['tcs', 'tcr', 'tcl', 'termeFixePoste'];
const cents = (v: number) => Math.round(v * 100 + Math.sign(v) * 1e-9) / 100;
const lineAmount = (l: InvoiceLine) => cents((l.quantity ?? 0) * (l.unitPrice ?? 0) * (l.prorata ?? 1));

/** Recomputes the CTA on the billed fixed lines (unless `keepCta`), then VAT and totals. */
function rebill(invoice: NormalisedInvoice, keepCta = false): NormalisedInvoice {
  const isPitd = invoice.point.pointDeReseau === 'PITD';
  const at = invoice.period.firstDay;
  const base = cents(
    invoice.lines.filter((l) => (isPitd ? ATRD_FIXED : ATRT_FIXED).includes(l.kind)).reduce((s, l) => s + l.amount, 0),
  );
  const lines = invoice.lines.map((l) => {
    if (keepCta || l.period !== null) {
      return l;
    }
    if (l.kind === 'ctaDistribution') {
      return { ...l, quantity: base, amount: cents(base * (l.unitPrice ?? 0)) };
    }
    if (l.kind === 'ctaTransport') {
      const q = isPitd ? cents(base * valueAt(TAXES.cta.coefficientProportionnalite, at)) : base;
      return { ...l, quantity: q, amount: cents(q * (l.unitPrice ?? 0)) };
    }
    return l;
  });
  const totalHt = cents(lines.reduce((s, l) => s + l.amount, 0));
  const rate = valueAt(TAXES.tva.tauxNormal, at);
  const totalTva = cents(totalHt * rate);
  return {
    ...invoice,
    lines,
    vat: [{ rate, base: totalHt, amount: totalTva }],
    totals: { totalHt, totalTva, totalTtc: cents(totalHt + totalTva) },
  };
}

/** Changes the first line of `kind` (its amount recomputed unless given). */
function change(invoice: NormalisedInvoice, kind: InvoiceLineKind, patch: Partial<InvoiceLine>): NormalisedInvoice {
  let done = false;
  const lines = invoice.lines.map((l) => {
    if (done || l.kind !== kind) {
      return l;
    }
    done = true;
    const next = { ...l, ...patch };
    return 'amount' in patch ? next : { ...next, amount: lineAmount(next) };
  });
  if (!done) {
    throw new Error(`no ${kind} line`);
  }
  return { ...invoice, lines };
}

// ---- Writers ---------------------------------------------------------------------------------------------------
interface PdfOptions {
  /** Quantities in kWh and prices in €/kWh, as the February 2026 model prints them. */
  readonly kwh: boolean;
  /** Extra pages of daily readings after the totals (the bench's 10-page invoice). */
  readonly detailPages?: number;
}

function lineCells(l: InvoiceLine, kwh: boolean): [string, string, string, string | null, string] {
  const per = l.period ? ` du ${frDate(l.period.firstDay)} au ${frDate(l.period.lastDay)}` : '';
  const label = `${l.label}${per}`;
  let qty = l.quantity ?? 0;
  let qUnit = l.quantityUnit ?? '';
  let price = l.unitPrice ?? 0;
  let pUnit = l.unitPriceUnit ?? '';
  if (qUnit === '€') {
    return [label, euros(qty), `${fmt(price * 100, 2)} %`, null, euros(l.amount)];
  }
  if (kwh && (qUnit === 'MWh' || qUnit === 'MWh/j')) {
    qty *= 1000;
    qUnit = qUnit === 'MWh' ? 'kWh' : 'kWh/j';
    price /= 1000;
    pUnit = pUnit === '€/MWh' ? '€/kWh' : '€/kWh/j/an';
    return [label, `${fmt(qty, 0)} ${qUnit}`, `${fmt(price, 5)} ${pUnit}`, prorataText(l.prorata), euros(l.amount)];
  }
  return [label, `${fmt(qty, 3)} ${qUnit}`, `${fmt(price, 2)} ${pUnit}`, prorataText(l.prorata), euros(l.amount)];
}

function headerPairs(inv: NormalisedInvoice, kwh: boolean): [string, string][] {
  const pairs: [string, string][] = [
    ['Fournisseur', inv.supplier],
    ['Facture n°', inv.invoiceNumber ?? ''],
    ['Date d’émission', frDate(inv.issuedOn ?? inv.period.lastDay)],
    [
      'Type de point',
      inv.point.pointDeReseau === 'PITD'
        ? 'PITD (desservi par la distribution)'
        : `${inv.point.pointDeReseau} (raccordé au transport)`,
    ],
  ];
  if (inv.point.pce) {
    pairs.push(['Point de livraison (PCE)', inv.point.pce]);
  }
  if (inv.point.code) {
    pairs.push([inv.point.pointDeReseau === 'PITD' ? 'Code PITD' : `Code ${inv.point.pointDeReseau}`, inv.point.code]);
  }
  pairs.push(['Gestionnaire de réseau de transport', inv.tso ?? '']);
  pairs.push(['Période de consommation', `du ${frDate(inv.period.firstDay)} au ${frDate(inv.period.lastDay)}`]);
  if (inv.tarif) {
    pairs.push(['Option tarifaire d’acheminement', inv.tarif]);
  }
  if (inv.car !== null) {
    pairs.push([
      'Consommation annuelle de référence (CAR)',
      kwh ? `${fmt(inv.car * 1000, 0)} kWh` : `${fmt(inv.car, 3)} MWh`,
    ]);
  }
  if (inv.cja !== null) {
    pairs.push([
      'Capacité journalière annuelle souscrite (CJA)',
      kwh ? `${fmt(inv.cja * 1000, 0)} kWh/j` : `${fmt(inv.cja, 3)} MWh/j`,
    ]);
  }
  if (inv.ntr !== null) {
    pairs.push(['Niveau de tarif régional (NTR)', String(inv.ntr)]);
  }
  if (inv.consumptionMwh !== null) {
    pairs.push([
      'Consommation relevée',
      kwh ? `${fmt(inv.consumptionMwh * 1000, 0)} kWh` : `${fmt(inv.consumptionMwh, 3)} MWh`,
    ]);
  }
  return pairs;
}

async function writePdf(file: string, inv: NormalisedInvoice, options: PdfOptions): Promise<void> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([595, 842]);
  let y = 800;
  const text = (s: string, x: number, f: PDFFont = font, size = 8) => page.drawText(s, { x, y, size, font: f });
  const next = (dy = 13) => {
    y -= dy;
    if (y < 50) {
      page = doc.addPage([595, 842]);
      y = 800;
    }
  };
  text('Facture de gaz naturel', 40, bold, 14);
  next(24);
  for (const [k, v] of headerPairs(inv, options.kwh)) {
    text(k, 40);
    text(v, 300);
    next();
  }
  next(8);
  const cols = [40, 290, 385, 475, 520];
  for (const [i, h] of ['Désignation', 'Quantité', 'Prix unitaire', 'Durée', 'Montant HT'].entries()) {
    text(h, cols[i] as number, bold);
  }
  next();
  for (const l of inv.lines) {
    const cells = lineCells(l, options.kwh);
    cells.forEach((c, i) => {
      if (c !== null) {
        text(c, cols[i] as number, font, 7);
      }
    });
    next();
  }
  next(8);
  for (const v of inv.vat) {
    text(`TVA ${fmt(v.rate * 100, 2)} %`, 40);
    text(euros(v.base), 385);
    text(euros(v.amount), 520);
    next();
  }
  for (const [k, v] of [
    ['Total HT', inv.totals.totalHt],
    ['Total TVA', inv.totals.totalTva],
    ['Total TTC', inv.totals.totalTtc],
  ] as const) {
    text(k, 40, bold);
    text(euros(v), 520, bold);
    next();
  }
  for (let p = 0; p < (options.detailPages ?? 0); p += 1) {
    page = doc.addPage([595, 842]);
    y = 800;
    text(`Relevés journaliers — page ${p + 1}`, 40, bold, 11);
    next(20);
    for (let d = 0; d < 55; d += 1) {
      text(`Relevé ${p * 55 + d + 1}`, 40);
      text(`${fmt(60000 + ((d * 7919 + p * 104729) % 20000), 0)} kWh`, 300);
      next();
    }
  }
  write(file, await doc.save({ useObjectStreams: false }));
}

function sheetRows(inv: NormalisedInvoice): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [['Détail de facture d’acheminement gaz']];
  for (const [k, v] of headerPairs(inv, false)) {
    rows.push([k, v]);
  }
  rows.push([]);
  rows.push([
    'Désignation',
    'Quantité',
    'Unité',
    'Prix unitaire',
    'Unité de prix',
    'Durée',
    'Montant HT',
    'Début',
    'Fin',
  ]);
  for (const l of inv.lines) {
    const isCta = l.quantityUnit === '€';
    rows.push([
      l.label,
      l.quantity,
      l.quantityUnit,
      isCta ? cents((l.unitPrice ?? 0) * 10000) / 100 : l.unitPrice,
      l.unitPriceUnit,
      prorataText(l.prorata),
      l.amount,
      l.period ? frDate(l.period.firstDay) : null,
      l.period ? frDate(l.period.lastDay) : null,
    ]);
  }
  rows.push([]);
  for (const v of inv.vat) {
    rows.push(['TVA', cents(v.rate * 10000) / 100, v.base, v.amount]);
  }
  rows.push(['Total HT', inv.totals.totalHt], ['Total TVA', inv.totals.totalTva], ['Total TTC', inv.totals.totalTtc]);
  return rows;
}

function writeSheet(file: string, inv: NormalisedInvoice, bookType: 'xlsx' | 'xls'): void {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(sheetRows(inv)), 'Facture');
  write(file, XLSX.write(wb, { bookType, type: 'buffer', compression: true }) as Uint8Array);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const d102 = (iso: string) => `<udt:DateTimeString format="102">${iso.replace(/-/g, '')}</udt:DateTimeString>`;

function writeXml(file: string, inv: NormalisedInvoice): void {
  const note = (code: string, content: string | number | null) =>
    content === null
      ? ''
      : `\n      <ram:IncludedNote><ram:Content>${esc(String(content))}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`;
  const lines = inv.lines
    .map((l, i) => {
      const isCta = l.quantityUnit === '€';
      const notes = [
        l.quantityUnit ? `Unité de quantité : ${l.quantityUnit}` : null,
        l.unitPriceUnit ? `Unité de prix : ${l.unitPriceUnit}` : null,
        l.prorata !== null ? `Durée : ${prorataText(l.prorata)}` : null,
      ]
        .filter((n): n is string => n !== null)
        .map((n) => `<ram:IncludedNote><ram:Content>${esc(n)}</ram:Content></ram:IncludedNote>`)
        .join('');
      const period = l.period
        ? `<ram:BillingSpecifiedPeriod><ram:StartDateTime>${d102(l.period.firstDay)}</ram:StartDateTime><ram:EndDateTime>${d102(l.period.lastDay)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>`
        : '';
      const price = isCta ? cents((l.unitPrice ?? 0) * 10000) / 100 : l.unitPrice;
      return `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID>${notes}</ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${esc(l.label)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>${period}<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.amount.toFixed(2)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`;
    })
    .join('');
  const taxes = inv.vat
    .map(
      (v) =>
        `\n      <ram:ApplicableTradeTax><ram:CalculatedAmount>${v.amount.toFixed(2)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${v.base.toFixed(2)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${(v.rate * 100).toFixed(2)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    )
    .join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:extended</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
      <ram:ID>${esc(inv.invoiceNumber ?? '')}</ram:ID>
      <ram:TypeCode>380</ram:TypeCode>
      <ram:IssueDateTime>${d102(inv.issuedOn ?? inv.period.lastDay)}</ram:IssueDateTime>${note('TYPE_POINT', inv.point.pointDeReseau)}${note('PCE', inv.point.pce)}${note('CODE_POINT', inv.point.code)}${note('GRT', inv.tso)}${note('OPTION', inv.tarif)}${note('CAR', inv.car === null ? null : `${inv.car} MWh`)}${note('CJA', inv.cja === null ? null : `${inv.cja} MWh/j`)}${note('NTR', inv.ntr)}${note('CONSOMMATION', inv.consumptionMwh === null ? null : `${inv.consumptionMwh} MWh`)}
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>${esc(inv.supplier)}</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${taxes}
      <ram:BillingSpecifiedPeriod><ram:StartDateTime>${d102(inv.period.firstDay)}</ram:StartDateTime><ram:EndDateTime>${d102(inv.period.lastDay)}</ram:EndDateTime></ram:BillingSpecifiedPeriod>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${inv.totals.totalHt.toFixed(2)}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${inv.totals.totalHt.toFixed(2)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${inv.totals.totalTva.toFixed(2)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${inv.totals.totalTtc.toFixed(2)}</ram:GrandTotalAmount><ram:DuePayableAmount>${inv.totals.totalTtc.toFixed(2)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
  write(file, new TextEncoder().encode(xml));
}

/** A minimal zip writer (stored or deflated entries), for the hostile archives. */
function zip(entries: { name: string; data: Uint8Array; declaredSize?: number; store?: boolean }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = e.store ? Buffer.from(e.data) : deflateRawSync(e.data, { level: 9 });
    const size = e.declaredSize ?? e.data.length;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A PDF whose page tree points back to itself. */
function loopingPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

async function manyPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    doc.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100, size: 10, font });
  }
  return doc.save();
}

function write(file: string, bytes: Uint8Array): void {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}

// ---- The corpus ------------------------------------------------------------------------------------------------
/** February 2026 T4 invoice of EnergySystemModels-fr (contrat_gaz.rst §4.1): public model of the lines. */
const T4_FEB: ReferenceInvoiceSpec = {
  format: 'pdf',
  layout: 'fournisseur-pdf',
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
};
const T4_REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

const T2_MAR: ReferenceInvoiceSpec = {
  ...T4_FEB,
  format: 'xls',
  layout: 'tableur-detail',
  invoiceNumber: 'FG-2026-03-0452',
  issuedOn: '2026-04-04',
  point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000452' },
  tarif: 'T2',
  car: 120,
  cja: null,
  transportCapacity: 0.9,
  modulation: 0.35,
  consumptionMwh: 25.4,
  period: { firstDay: '2026-03-01', lastDay: '2026-03-31' },
  fourniturePrice: 52.1,
};

const LI_MAR_APR: ReferenceInvoiceSpec = {
  format: 'xlsx',
  layout: 'tableur-detail',
  supplier: 'NaTran',
  invoiceNumber: 'NT-2026-0398',
  issuedOn: '2026-05-08',
  point: { pointDeReseau: 'LI', code: 'LI-30412', pce: null },
  tso: 'NaTran',
  ntr: 2,
  tarif: null,
  car: null,
  cja: 2500,
  modulation: 120,
  consumptionMwh: 61000,
  period: { firstDay: '2026-03-01', lastDay: '2026-04-30' },
  prorata: 'jours',
  accise: false,
};
const LI_REF: AuditReferenceData = {
  point: { pointDeReseau: 'LI', code: 'LI-30412', ntr: 2, tso: 'NaTran', isSample: false },
};

const T4_JAN_XML: ReferenceInvoiceSpec = {
  ...T4_FEB,
  format: 'xml',
  layout: 'cii-gaz',
  invoiceNumber: 'FG-2026-01-0117',
  issuedOn: '2026-02-05',
  consumptionMwh: 1850,
  period: { firstDay: '2026-01-01', lastDay: '2026-01-31' },
};

interface ExpectedFinding {
  readonly check: string;
  readonly severity: string;
  readonly amountEuros: number;
  readonly rule: string;
}

interface ManifestEntry {
  readonly file: string;
  readonly description: string;
  readonly reference?: AuditReferenceData;
  readonly expect:
    | {
        readonly read: 'ok';
        readonly layout: string;
        readonly invoice: Partial<NormalisedInvoice> & { lineCount: number };
        readonly findings: readonly ExpectedFinding[];
      }
    | { readonly read: 'refused'; readonly code: string };
}

const manifest: ManifestEntry[] = [];

function ok(
  file: string,
  description: string,
  inv: NormalisedInvoice,
  reference: AuditReferenceData,
  findings: ExpectedFinding[],
): void {
  manifest.push({
    file,
    description,
    reference,
    expect: {
      read: 'ok',
      layout: inv.layout,
      invoice: {
        supplier: inv.supplier,
        invoiceNumber: inv.invoiceNumber,
        tarif: inv.tarif,
        tso: inv.tso,
        ntr: inv.ntr,
        cja: inv.cja,
        car: inv.car,
        consumptionMwh: inv.consumptionMwh,
        period: inv.period,
        totals: inv.totals,
        lineCount: inv.lines.length,
      },
      findings,
    },
  });
}

function refusedEntry(file: string, description: string, code: string): void {
  manifest.push({ file, description, expect: { read: 'refused', code } });
}

async function main(): Promise<void> {
  // 1. Correct invoices, one per format.
  const t4 = referenceInvoice(T4_FEB);
  await writePdf('t4-pitd-fevrier-2026.pdf', t4, { kwh: true });
  ok('t4-pitd-fevrier-2026.pdf', 'T4 PITD, février 2026, modèle public (kWh et €/kWh) : correcte', t4, T4_REF, []);

  const t4Detail = { ...t4, invoiceNumber: 'FG-2026-02-0117-D' };
  await writePdf('t4-pitd-fevrier-2026-10-pages.pdf', t4Detail, { kwh: true, detailPages: 9 });
  ok(
    't4-pitd-fevrier-2026-10-pages.pdf',
    'La même avec 9 pages de relevés (10 pages, banc d’essai)',
    t4Detail,
    T4_REF,
    [],
  );

  const t2 = referenceInvoice(T2_MAR);
  writeSheet('t2-pitd-mars-2026.xls', t2, 'xls');
  ok('t2-pitd-mars-2026.xls', 'T2 PITD, mars 2026, export XLS : correcte', t2, T4_REF, []);

  const li = referenceInvoice(LI_MAR_APR);
  writeSheet('li-transport-mars-avril-2026.xlsx', li, 'xlsx');
  ok(
    'li-transport-mars-avril-2026.xlsx',
    'LI raccordé au transport, mars–avril 2026, lignes coupées au 1er avril (ATRT8) : correcte',
    li,
    LI_REF,
    [],
  );

  const t4Jan = referenceInvoice(T4_JAN_XML);
  writeXml('t4-pitd-janvier-2026.xml', t4Jan);
  ok('t4-pitd-janvier-2026.xml', 'T4 PITD, janvier 2026, XML CII : correcte', t4Jan, T4_REF, []);

  // 2. Planted errors.
  // NTR 3 printed and billed (TCR 95,85 × 3) on a point whose NTR is 2: 109 × 95,85 × 1 / 12 = 870,64 €.
  const ntr = rebill({ ...change(t4, 'tcr', { unitPrice: 95.85 * 3 }), ntr: 3, invoiceNumber: 'FG-2026-02-0118' });
  await writePdf('erreurs/ntr-t4.pdf', ntr, { kwh: true });
  ok('erreurs/ntr-t4.pdf', 'NTR 3 facturé au lieu de 2', ntr, T4_REF, [
    { check: 'ntr', severity: 'anomalie', amountEuros: 870.64, rule: 'atrt8.ntr' },
  ]);

  // LI in February 2026 billed the PITD TCL (56,31) instead of the transport-connected consumer's (38,14):
  // (56,31 − 38,14) × 2 500 × 28/365 = 3 484,66 €; the CTA (4,71 % of the fixed transport terms) is then computed
  // on a base too high by 10 799,18 − 7 314,52 = 3 484,66 €: 3 383,12 − 3 218,99 = 164,13 €. Both are alertes: the
  // 2025 TCL of transport-connected consumers is derived (an estimate) and so is the CTA base of such a point.
  const liFeb = referenceInvoice({
    ...LI_MAR_APR,
    invoiceNumber: 'NT-2026-0311',
    period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    consumptionMwh: 30500,
  });
  const tcl = rebill(change(liFeb, 'tcl', { unitPrice: 56.31 }));
  writeSheet('erreurs/tcl-li.xlsx', tcl, 'xlsx');
  ok('erreurs/tcl-li.xlsx', 'TCL du PITD facturé à un consommateur raccordé au transport', tcl, LI_REF, [
    { check: 'tcl', severity: 'alerte', amountEuros: 3484.66, rule: 'atrt8.tcl' },
    { check: 'cta', severity: 'alerte', amountEuros: 164.13, rule: 'cta.taux' },
  ]);

  // T2 proportional term at 12,80 €/MWh instead of 12,08: 25,4 × 12,80 = 325,12 against 306,83 → 18,29 €.
  const price = rebill({ ...change(t2, 'termeProportionnel', { unitPrice: 12.8 }), invoiceNumber: 'FG-2026-03-0453' });
  writeSheet('erreurs/prix-t2.xls', price, 'xls');
  ok('erreurs/prix-t2.xls', 'Terme proportionnel T2 hors grille', price, T4_REF, [
    { check: 'unitPrice', severity: 'anomalie', amountEuros: 18.29, rule: 'atrd7.prix' },
  ]);

  // January 2026 billed the February accise (16,39 instead of 15,43): 1 850 × 0,96 = 1 776,00 €; and the CTA
  // distribution part at 21,04 % instead of 20,80 % on 4 424,81 €: 930,98 − 920,36 = 10,62 €.
  const acciseCta = rebill(
    change(change({ ...t4Jan, invoiceNumber: 'FG-2026-01-0118' }, 'accise', { unitPrice: 16.39 }), 'ctaDistribution', {
      unitPrice: 0.2104,
    }),
    true,
  );
  writeXml('erreurs/accise-cta-t4.xml', acciseCta);
  ok('erreurs/accise-cta-t4.xml', 'Accise de février appliquée en janvier et taux de CTA faux', acciseCta, T4_REF, [
    { check: 'cta', severity: 'anomalie', amountEuros: 10.62, rule: 'cta.taux' },
    { check: 'accise', severity: 'anomalie', amountEuros: 1776, rule: 'accise.taux' },
  ]);

  // Capacity line amount 2 661,00 for 109 × 288 / 12 = 2 616,00 (total on the wrong line): +45,00 €.
  const arithmetic = rebill(
    { ...change(t4, 'capaciteT4Jusqua500', { amount: 2661 }), invoiceNumber: 'FG-2026-02-0119' },
    true,
  );
  await writePdf('erreurs/arithmetique-t4.pdf', arithmetic, { kwh: true });
  ok('erreurs/arithmetique-t4.pdf', 'Montant de ligne faux', arithmetic, T4_REF, [
    { check: 'arithmetic', severity: 'anomalie', amountEuros: 45, rule: 'facture.arithmetique' },
  ]);

  // CJA 600 MWh/j all billed at the first-band rate: +100 × 288 / 12 = 2 400 €, band above 500 missing:
  // −100 × 144 / 12 = −1 200 €; CTA on the base too high by 1 200 €: distribution 3 371,43 − 3 121,83 = 249,60 €,
  // transport (13 487,35 − 12 488,83 assiettes) 635,25 − 588,22 = 47,03 €.
  const t4Big = referenceInvoice({ ...T4_FEB, cja: 600, invoiceNumber: 'FG-2026-02-0120' });
  const bands = rebill({
    ...t4Big,
    lines: t4Big.lines
      .filter((l) => l.kind !== 'capaciteT4AuDela500')
      .map((l) => (l.kind === 'capaciteT4Jusqua500' ? { ...l, quantity: 600, amount: 14400 } : l)),
  });
  await writePdf('erreurs/tranches-t4.pdf', bands, { kwh: true });
  ok('erreurs/tranches-t4.pdf', 'CJA de 600 MWh/j entièrement au tarif de la première tranche', bands, T4_REF, [
    { check: 't4Bands', severity: 'anomalie', amountEuros: 2400, rule: 'atrd7.t4-tranches' },
    { check: 't4Bands', severity: 'anomalie', amountEuros: -1200, rule: 'atrd7.t4-tranches' },
    { check: 'cta', severity: 'anomalie', amountEuros: 249.6, rule: 'cta.taux' },
    { check: 'cta', severity: 'anomalie', amountEuros: 47.03, rule: 'cta.taux' },
  ]);

  // The correct February invoice against a previous one covering 22/02–21/03: 7 of 28 days on both. A duplicate or
  // a correction, for the user to qualify (report.possibleDuplicates, ADR 0062): never an anomaly, never claimed.
  manifest.push({
    file: 't4-pitd-fevrier-2026.pdf',
    description: 'Période déjà facturée (7 jours sur 28) : doublon possible, aucune anomalie',
    reference: {
      ...T4_REF,
      otherPeriods: [{ invoiceNumber: 'FG-2026-03-0001', period: { firstDay: '2026-02-22', lastDay: '2026-03-21' } }],
    },
    expect: {
      read: 'ok',
      layout: 'fournisseur-pdf',
      invoice: { supplier: t4.supplier, totals: t4.totals, lineCount: t4.lines.length },
      findings: [],
    },
  });

  // 3. Hostile and unknown files.
  write('hostiles/faux-pdf.pdf', new TextEncoder().encode('Ceci est un fichier texte renommé en .pdf\n'));
  refusedEntry(
    'hostiles/faux-pdf.pdf',
    'Extension .pdf, contenu texte (octets magiques faux)',
    'UNSUPPORTED_FILE_TYPE',
  );
  write('hostiles/bombe.xlsx', zip([{ name: 'xl/workbook.xml', data: new Uint8Array(60 * 1024 * 1024) }]));
  refusedEntry('hostiles/bombe.xlsx', 'Zip bomb : 60 Mo de zéros dans une entrée de quelques Ko', 'ARCHIVE_REFUSED');
  write(
    'hostiles/taille-mensongere.xlsx',
    zip([
      { name: 'xl/workbook.xml', data: new Uint8Array(8 * 1024 * 1024), declaredSize: 1000 },
      { name: '[Content_Types].xml', data: new TextEncoder().encode('<Types/>') },
    ]),
  );
  refusedEntry(
    'hostiles/taille-mensongere.xlsx',
    'Répertoire central qui annonce 1 000 octets pour 8 Mo décompressés',
    'ARCHIVE_REFUSED',
  );
  write(
    'hostiles/10000-entrees.xlsx',
    zip(
      Array.from({ length: 10_000 }, (_, i) => ({ name: `xl/e${i}.xml`, data: new Uint8Array([0x3c]), store: true })),
    ),
  );
  refusedEntry('hostiles/10000-entrees.xlsx', 'Archive de 10 000 entrées', 'ARCHIVE_REFUSED');
  write(
    'hostiles/xxe.xml',
    new TextEncoder().encode(
      '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">&x;</rsm:CrossIndustryInvoice>\n',
    ),
  );
  refusedEntry('hostiles/xxe.xml', 'XML avec entité externe (XXE)', 'XML_DOCTYPE_FORBIDDEN');
  write(
    'hostiles/milliard-de-rires.xml',
    new TextEncoder().encode(
      `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>\n<lolz>&lol9;</lolz>\n`,
    ),
  );
  refusedEntry('hostiles/milliard-de-rires.xml', 'XML « billion laughs »', 'XML_DOCTYPE_FORBIDDEN');
  write('hostiles/boucle.pdf', loopingPdf());
  refusedEntry('hostiles/boucle.pdf', 'PDF dont l’arbre des pages boucle sur lui-même', 'UNREADABLE_FILE');
  write('hostiles/60-pages.pdf', await manyPagesPdf(60));
  refusedEntry('hostiles/60-pages.pdf', 'PDF de 60 pages', 'TOO_MANY_PAGES');

  const unknown = await PDFDocument.create({ updateMetadata: false });
  const font = await unknown.embedFont(StandardFonts.Helvetica);
  const page = unknown.addPage([595, 842]);
  page.drawText('Facture d’électricité — Contrat Entreprise', { x: 40, y: 800, size: 12, font });
  page.drawText('Puissance souscrite : 36 kVA', { x: 40, y: 780, size: 9, font });
  write('inconnus/facture-electricite.pdf', await unknown.save());
  refusedEntry('inconnus/facture-electricite.pdf', 'PDF lisible d’une mise en page inconnue', 'UNKNOWN_LAYOUT');
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Relevé de compteur'], ['Date', 'Index']]), 'Relevés');
  write('inconnus/releve.xlsx', XLSX.write(wb, { bookType: 'xlsx', type: 'buffer', compression: true }) as Uint8Array);
  refusedEntry('inconnus/releve.xlsx', 'Classeur lisible qui n’est pas une facture connue', 'UNKNOWN_LAYOUT');
  write(
    'inconnus/ubl.xml',
    new TextEncoder().encode(
      '<?xml version="1.0"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>\n',
    ),
  );
  refusedEntry('inconnus/ubl.xml', 'XML UBL (mise en page non prise en charge)', 'UNKNOWN_LAYOUT');

  write(
    'manifest.json',
    new TextEncoder().encode(
      `${JSON.stringify({ description: 'Corpus de factures (issue #14, ADR 0033) : généré par scripts/generate-fixtures.ts', fixtures: manifest }, null, 2)}\n`,
    ),
  );
}

await main();
