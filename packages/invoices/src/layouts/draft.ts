/**
 * What every extractor fills, then turns into a `NormalisedInvoice`: French numbers and dates read, units brought
 * to the grid units (kWh → MWh, €/kWh → €/MWh, % → ratio), each line's kind recognised from its label, required
 * fields checked.
 */
import {
  type AtrdOption,
  type InvoiceFormat,
  type InvoiceLine,
  type InvoiceLineKind,
  type InvoicePeriod,
  type InvoiceVatLine,
  type IsoDate,
  isIsoDate,
  type NormalisedInvoice,
  normaliseTso,
  type PointDeReseau,
} from '@pilote/tariffs';
import { parseFrenchNumber } from '@pilote/tariffs/numbers';
import type { ReadingProvenance } from '../read-result.ts';
import { RefusalError } from '../refusal.ts';

export interface DraftLine {
  readonly label: string;
  readonly quantity: string | number | null;
  readonly quantityUnit: string | null;
  readonly unitPrice: string | number | null;
  readonly unitPriceUnit: string | null;
  /** `1/12`, `28/365` or a decimal. */
  readonly prorata: string | number | null;
  readonly amount: string | number | null;
  readonly firstDay?: string | null;
  readonly lastDay?: string | null;
}

export interface DraftInvoice {
  supplier?: string | null;
  invoiceNumber?: string | null;
  issuedOn?: string | null;
  pce?: string | null;
  /** PITD, LI or PIC code. */
  code?: string | null;
  pointDeReseau?: string | null;
  tso?: string | null;
  period?: string | null;
  firstDay?: string | null;
  lastDay?: string | null;
  tarif?: string | null;
  car?: string | number | null;
  carUnit?: string | null;
  cja?: string | number | null;
  cjaUnit?: string | null;
  ntr?: string | number | null;
  consumption?: string | number | null;
  consumptionUnit?: string | null;
  lines: DraftLine[];
  vat: { rate: string | number | null; base: string | number | null; amount: string | number | null }[];
  totalHt?: string | number | null;
  totalTva?: string | number | null;
  totalTtc?: string | number | null;
  /** French warnings of the extractor: every table row it did not use (ADR 0062). */
  warnings: string[];
}

export function emptyDraft(): DraftInvoice {
  return { lines: [], vat: [], warnings: [] };
}

/** What an extractor gives: the invoice and its warnings (rows not used, values doubtful). */
export interface Extracted {
  readonly invoice: NormalisedInvoice;
  readonly warnings: readonly string[];
  /** Where each field came from and what the checks miss, when the reader knows it (ADR 0069). */
  readonly provenance?: ReadingProvenance;
}

/** A table row the extractor did not use: listed, never dropped silently (ADR 0062). */
export function unusedRow(draft: DraftInvoice, cells: readonly (string | number | boolean | null | undefined)[]): void {
  const text = cells
    .filter((c) => c !== null && c !== undefined && String(c).trim() !== '')
    .map((c) => String(c).normalize('NFKC').trim())
    .join(' | ');
  if (text !== '') {
    draft.warnings.push(`Ligne du tableau non lue : « ${text.length > 120 ? `${text.slice(0, 119)}…` : text} ».`);
  }
}

/** Lower-case, accents removed, ligatures (« ﬁ », « ﬀi ») and compatibility forms unfolded (NFKD), apostrophes
 * unified: for matching labels. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .toLowerCase()
    .trim();
}

/** A French number possibly followed by a unit or `€` (`2 616,00 €`, `109 000 kWh/j`, `20,80 %`). */
export function splitNumber(text: string | number | null | undefined): { value: number | null; unit: string | null } {
  if (text === null || text === undefined) {
    return { value: null, unit: null };
  }
  if (typeof text === 'number') {
    return { value: Number.isFinite(text) ? text : null, unit: null };
  }
  const match = /^\s*([+\-−]?[\d\s\u00a0\u202f\u2009]*[.,]?\d*)\s*(.*)$/.exec(text);
  if (!match) {
    return { value: null, unit: null };
  }
  const value = parseFrenchNumber((match[1] ?? '').trim());
  const unit = (match[2] ?? '').trim();
  return { value, unit: unit === '' ? null : unit };
}

function num(text: string | number | null | undefined): number | null {
  return splitNumber(text).value;
}

/** `28/02/2026` or `2026-02-28` → ISO date, else null. */
export function parseDate(text: string | null | undefined): IsoDate | null {
  if (!text) {
    return null;
  }
  const fr = /(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  const iso = fr ? `${fr[3]}-${fr[2]}-${fr[1]}` : (/\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? null);
  return iso && isIsoDate(iso) ? iso : null;
}

/** `du 01/02/2026 au 28/02/2026` → period. */
export function parsePeriod(text: string | null | undefined): InvoicePeriod | null {
  if (!text) {
    return null;
  }
  const m = /du\s+(\S+)\s+au\s+(\S+)/i.exec(text);
  const firstDay = parseDate(m?.[1]);
  const lastDay = parseDate(m?.[2]);
  return firstDay && lastDay && firstDay <= lastDay ? { firstDay, lastDay } : null;
}

/** `1/12`, `28/365`, `0,0767`, `1 mois` → number (a month is 1/12 of a year). */
function parseProrata(text: string | number | null): number | null {
  if (text === null) {
    return null;
  }
  if (typeof text === 'number') {
    return text;
  }
  const months = /^\s*(\d+(?:[.,]\d+)?)\s*mois\s*$/i.exec(text);
  if (months) {
    return Number((months[1] ?? '').replace(',', '.')) / 12;
  }
  const fraction = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (fraction) {
    const d = Number(fraction[2]);
    return d > 0 ? Number(fraction[1]) / d : null;
  }
  return num(text);
}

/** Kind of a billed line from its label (order matters: the first rule that matches wins). */
const KIND_RULES: readonly [RegExp, InvoiceLineKind][] = [
  [/\bcta\b.*distribution|contribution tarifaire.*distribution/, 'ctaDistribution'],
  [/\bcta\b.*transport|contribution tarifaire.*transport/, 'ctaTransport'],
  [/accise|ticgn/, 'accise'],
  [/\bcee\b|economies d'energie/, 'cee'],
  [/fourniture|molecule/, 'fourniture'],
  [/poste de livraison|terme fixe/, 'termeFixePoste'],
  // A transport subscription is not the ATRD one (issue #25: « Abonnement transport » was read as the ATRD
  // subscription, then claimed as billed twice). Not regulated as such: arithmetic only.
  [/abonnement.*(transport|atrt)|(transport|atrt).*abonnement/, 'autre'],
  [/stockage/, 'compensationStockage'],
  [/\btcs\b|sortie du reseau principal/, 'tcs'],
  [/\btcr\b|capacite regional|transport regional/, 'tcr'],
  [/\btcl\b|capacite de livraison/, 'tcl'],
  [/debit normalise/, 'debitNormalise'],
  [/distance/, 'distanceTp'],
  [/capacite.*\btp\b/, 'capaciteTp'],
  [/capacite.*(au-dela|au dela|> ?500)/, 'capaciteT4AuDela500'],
  [/capacite journaliere|souscription de capacite/, 'capaciteT4Jusqua500'],
  [/abonnement/, 'abonnement'],
  [/proportionnel|terme quantite|terme variable/, 'termeProportionnel'],
];

export function lineKind(label: string): InvoiceLineKind {
  const folded = fold(label);
  return KIND_RULES.find(([re]) => re.test(folded))?.[1] ?? 'autre';
}

/** Quantity to grid units. */
function normaliseQuantity(value: number | null, unit: string | null): [number | null, string | null] {
  if (value === null || unit === null) {
    return [value, unit];
  }
  const u = unit.replace(/\s/g, '');
  if (/^kWh$/i.test(u)) {
    return [value / 1000, 'MWh'];
  }
  if (/^kWh\/j$/i.test(u)) {
    return [value / 1000, 'MWh/j'];
  }
  return [value, unit];
}

/** Unit price to grid units. Monthly prices (`€/mois`, `€/MWh/j/mois`) become yearly ones (× 12, ADR 0062). */
function normalisePrice(value: number | null, unit: string | null): [number | null, string | null] {
  if (value === null || unit === null) {
    return [value, unit];
  }
  const u = unit.normalize('NFKC').replace(/\s/g, '').replace(/^EUR/i, '€');
  if (u === '%') {
    return [roundTo(value / 100, 8), '%'];
  }
  if (/^€\/mois$/i.test(u)) {
    return [roundTo(value * 12, 6), '€/an'];
  }
  if (/^€\/MWh\/j\/mois$/i.test(u)) {
    return [roundTo(value * 12, 6), '€/MWh/j/an'];
  }
  if (/^€\/kWh\/j\/mois$/i.test(u)) {
    return [roundTo(value * 12000, 6), '€/MWh/j/an'];
  }
  if (/^€\/an$/i.test(u)) {
    return [value, '€/an'];
  }
  if (/^€\/MWh(\/j\/an)?$/i.test(u)) {
    return [value, u.replace(/mwh/i, 'MWh')];
  }
  if (/^€\/kWh$/i.test(u)) {
    return [roundTo(value * 1000, 6), '€/MWh'];
  }
  if (/^€\/kWh\/j\/an$/i.test(u)) {
    return [roundTo(value * 1000, 6), '€/MWh/j/an'];
  }
  return [value, unit];
}

function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const OPTIONS: readonly AtrdOption[] = ['T1', 'T2', 'T3', 'T4', 'TP'];

export function finalise(draft: DraftInvoice, format: InvoiceFormat, layout: string): NormalisedInvoice {
  const missing: string[] = [];
  const period =
    parsePeriod(draft.period) ??
    (parseDate(draft.firstDay) && parseDate(draft.lastDay)
      ? { firstDay: parseDate(draft.firstDay) as IsoDate, lastDay: parseDate(draft.lastDay) as IsoDate }
      : null);
  if (!period || period.firstDay > period.lastDay) {
    missing.push('période de facturation');
  }
  const kindText = fold(draft.pointDeReseau ?? '');
  const pointDeReseau: PointDeReseau | null = /\bpic\b/.test(kindText)
    ? 'PIC'
    : /\bli\b/.test(kindText)
      ? 'LI'
      : /\bpitd\b/.test(kindText) || draft.pce
        ? 'PITD'
        : null;
  if (!pointDeReseau) {
    missing.push('type de point (PITD, LI ou PIC)');
  }
  const supplier = draft.supplier?.trim();
  if (!supplier) {
    missing.push('émetteur de la facture');
  }
  const tarifText = (draft.tarif ?? '').toUpperCase().match(/\b(T[1-4]|TP)\b/)?.[1] ?? null;
  const tarif = OPTIONS.find((o) => o === tarifText) ?? null;
  if (pointDeReseau === 'PITD' && !tarif) {
    missing.push('option tarifaire (T1–T4, TP)');
  }
  const lines: InvoiceLine[] = [];
  draft.lines.forEach((raw, i) => {
    const amount = num(raw.amount);
    if (amount === null) {
      missing.push(`montant de la ligne ${i + 1} (« ${raw.label} »)`);
      return;
    }
    const q = splitNumber(raw.quantity);
    const p = splitNumber(raw.unitPrice);
    const [quantity, quantityUnit] = normaliseQuantity(q.value, raw.quantityUnit ?? q.unit);
    const printedPriceUnit = raw.unitPriceUnit ?? p.unit;
    const [unitPrice, unitPriceUnit] = normalisePrice(p.value, printedPriceUnit);
    const monthly = printedPriceUnit !== null && /\/mois\s*$/i.test(printedPriceUnit.trim());
    const printedProrata = parseProrata(raw.prorata);
    const label = raw.label.normalize('NFKC').replace(/\s+/g, ' ').trim();
    const first = parseDate(raw.firstDay);
    const last = parseDate(raw.lastDay);
    const fromLabel = parsePeriod(raw.label);
    lines.push({
      label,
      kind: lineKind(label),
      quantity,
      quantityUnit,
      unitPrice,
      unitPriceUnit,
      // A monthly price with no duration printed is one month of the yearly price.
      prorata: monthly && printedProrata === null ? 1 / 12 : printedProrata,
      amount,
      period: first && last ? { firstDay: first, lastDay: last } : fromLabel,
    });
  });
  if (lines.length === 0) {
    missing.push('lignes facturées');
  }
  const totalHt = num(draft.totalHt);
  const totalTva = num(draft.totalTva);
  const totalTtc = num(draft.totalTtc);
  if (totalHt === null || totalTva === null || totalTtc === null) {
    missing.push('totaux HT, TVA et TTC');
  }
  if (missing.length > 0 || !period || !pointDeReseau || !supplier) {
    throw new RefusalError(
      'INCOMPLETE_INVOICE',
      `Facture incomplète : ${missing.join(', ')} introuvable${missing.length > 1 ? 's' : ''}.`,
      missing,
    );
  }
  const vat: InvoiceVatLine[] = draft.vat.flatMap((v) => {
    const rate = num(v.rate);
    const base = num(v.base);
    const amount = num(v.amount);
    return rate === null || base === null || amount === null
      ? []
      : [{ rate: rate > 1 ? roundTo(rate / 100, 8) : rate, base, amount }];
  });
  const car = splitNumber(draft.car);
  const cja = splitNumber(draft.cja);
  const consumption = splitNumber(draft.consumption);
  const ntr = num(draft.ntr);
  return {
    format,
    layout,
    supplier,
    invoiceNumber: draft.invoiceNumber?.trim() || null,
    issuedOn: parseDate(draft.issuedOn),
    point: { pointDeReseau, code: draft.code?.trim() || null, pce: draft.pce?.replace(/\s/g, '') || null },
    tso: draft.tso ? (normaliseTso(draft.tso) ?? null) : null,
    period,
    tarif: pointDeReseau === 'PITD' ? tarif : null,
    car: normaliseQuantity(car.value, draft.carUnit ?? car.unit?.replace(/\/an$/, '') ?? null)[0],
    cja: normaliseQuantity(cja.value, draft.cjaUnit ?? cja.unit)[0],
    ntr: ntr !== null && Number.isInteger(ntr) && ntr >= 0 && ntr <= 10 ? ntr : null,
    consumptionMwh: normaliseQuantity(consumption.value, draft.consumptionUnit ?? consumption.unit)[0],
    lines,
    vat,
    totals: { totalHt: totalHt as number, totalTva: totalTva as number, totalTtc: totalTtc as number },
  };
}
