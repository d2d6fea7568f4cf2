/**
 * Layout `tableur-portail` (issue #25 §4, ADR 0070): a supplier portal's export, one billed line per row. The header
 * row is found anywhere in any sheet by column synonyms (folded); units are read from the column titles
 * (« Quantité (kWh) », « CJA (kWh/j) », « Montant HT (€) ») or from a unit column; rows are grouped into one invoice
 * per PCE and month. The column mapping found is returned, and a corrected one can be given back (the user's).
 */
import type { Cell, Sheet } from '../formats/spreadsheet.ts';
import { type DraftInvoice, type Extracted, emptyDraft, finalise, fold, splitNumber, unusedRow } from './draft.ts';
import { applyHeader } from './header-fields.ts';

export const SPREADSHEET_PORTAL_LAYOUT = 'tableur-portail';

export type PortalColumn =
  | 'pce'
  | 'firstDay'
  | 'lastDay'
  | 'month'
  | 'supplier'
  | 'invoiceNumber'
  | 'tarif'
  | 'code'
  | 'car'
  | 'cja'
  | 'ntr'
  | 'consumption'
  | 'label'
  | 'quantity'
  | 'quantityUnit'
  | 'unitPrice'
  | 'unitPriceUnit'
  | 'prorata'
  | 'amount'
  | 'vat'
  | 'ttc';

/** Column index → role, with the unit read from the column's title. */
export type PortalMapping = Readonly<Record<number, { readonly column: PortalColumn; readonly unit: string | null }>>;

const SYNONYMS: readonly [RegExp, PortalColumn][] = [
  [/^(pce|point de comptage|point de livraison|reference pce|n° pce|identifiant pce)/, 'pce'],
  [/^(date de debut|debut|du$|periode du|date debut)/, 'firstDay'],
  [/^(date de fin|fin|au$|periode au|date fin)/, 'lastDay'],
  [/^(mois|periode|mois de consommation)/, 'month'],
  [/^(fournisseur|emetteur)/, 'supplier'],
  [/^(n° (de )?facture|numero de facture|facture)/, 'invoiceNumber'],
  [/^(option|tarif d'acheminement|option tarifaire)/, 'tarif'],
  [/^(code pitd|pitd|code du point)/, 'code'],
  [/^(car\b|consommation annuelle de reference)/, 'car'],
  [/^(cja\b|capacite journaliere)/, 'cja'],
  [/^(ntr\b|niveau de tarif regional)/, 'ntr'],
  [/^(consommation relevee|consommation de la periode|energie livree)/, 'consumption'],
  [/^(libelle|designation|composante|rubrique|prestation|description)/, 'label'],
  [/^(unite de prix|unite prix)/, 'unitPriceUnit'],
  [/^(prix unitaire|p\.?u\.?|prix|tarif unitaire|taux)/, 'unitPrice'],
  [/^(quantite|qte|volume|assiette)/, 'quantity'],
  [/^(unite|u\.?$)/, 'quantityUnit'],
  [/^(duree|prorata)/, 'prorata'],
  [/^(montant ht|montant hors taxes|montant$|total ht)/, 'amount'],
  [/^(tva|montant tva|montant de la tva)/, 'vat'],
  [/^(montant ttc|total ttc|ttc)/, 'ttc'],
];

function titleOf(cell: Cell): { column: PortalColumn; unit: string | null } | null {
  if (typeof cell !== 'string') {
    return null;
  }
  const text = cell.normalize('NFKC');
  const unit = /\(\s*([^)]*?)\s*\)\s*$/.exec(text)?.[1] ?? null;
  const folded = fold(text.replace(/\s*\([^)]*\)\s*$/, ''));
  const column = SYNONYMS.find(([re]) => re.test(folded))?.[1];
  return column ? { column, unit: unit && /wh|€|%|mois|an\b|j\b/i.test(unit) ? unit : null } : null;
}

/** The header row: the first row with a PCE, a label and an amount column among its titles. */
export function findPortalHeader(
  sheets: readonly Sheet[],
): { sheet: number; row: number; mapping: PortalMapping } | null {
  for (const [s, sheet] of sheets.entries()) {
    for (const [r, row] of sheet.rows.entries()) {
      const mapping: Record<number, { column: PortalColumn; unit: string | null }> = {};
      row.forEach((cell, i) => {
        const t = titleOf(cell);
        if (t && !Object.values(mapping).some((m) => m.column === t.column)) {
          mapping[i] = t;
        }
      });
      const roles = new Set(Object.values(mapping).map((m) => m.column));
      if (roles.has('pce') && roles.has('label') && roles.has('amount')) {
        return { sheet: s, row: r, mapping };
      }
    }
  }
  return null;
}

export function detectSpreadsheetPortal(sheets: readonly Sheet[]): boolean {
  return findPortalHeader(sheets) !== null;
}

const text = (c: Cell | undefined): string => (c === null || c === undefined ? '' : String(c).trim());
/**
 * A cell as the draft takes it; a number cell, or a text cell that is only a number, gets its column title's unit
 * (« 109000 » under « CJA (kWh/j) »).
 */
function withUnit(c: Cell | undefined, unit: string | null): string | number | null {
  if (c === null || c === undefined || c === '' || typeof c === 'boolean') {
    return null;
  }
  // A CSV's cells are text: a bare number (« 109000 », « 2 616,00 ») is a number cell too, or it would be read in the
  // field's default unit (109 000 MWh/j, the ×1000 false claim of issue #25) (ADR 0081).
  if (typeof c === 'string' && unit && /^[-+]?\d[\d\s\u00a0\u202f.,]*$/.test(c.trim())) {
    return `${c.trim()} ${unit}`;
  }
  return typeof c === 'number' ? (unit ? `${c} ${unit}` : c) : c;
}

/** The month of a row: « 02/2026 », or the month of its first day. */
function monthOf(first: string, month: string): string {
  const m = /(\d{2})\/(\d{4})/.exec(month) ?? /\d{2}\/(\d{2})\/(\d{4})/.exec(first);
  return m ? `${m[2]}-${m[1]}` : '';
}

/**
 * One invoice per PCE and month of the portal export, in the order met. `mapping` replaces the one found (the
 * user's correction); the header row stays the one found.
 */
export function extractSpreadsheetPortal(
  sheets: readonly Sheet[],
  mapping?: PortalMapping,
): {
  mapping: PortalMapping;
  invoices: { pce: string; month: string; invoiceNumber: string | null; extracted: Extracted }[];
} {
  const found = findPortalHeader(sheets);
  if (!found) {
    return { mapping: mapping ?? {}, invoices: [] };
  }
  const map = mapping ?? found.mapping;
  const index = new Map<PortalColumn, { i: number; unit: string | null }>();
  for (const [i, m] of Object.entries(map)) {
    index.set(m.column, { i: Number(i), unit: m.unit });
  }
  const get = (row: readonly Cell[], c: PortalColumn) => {
    const at = index.get(c);
    return at ? row[at.i] : undefined;
  };
  const unitOf = (c: PortalColumn) => index.get(c)?.unit ?? null;
  // Rows above the header: « clé | valeur » fields shared by every invoice (the supplier, say).
  const sheet = sheets[found.sheet] as Sheet;
  const shared = emptyDraft();
  for (const row of sheet.rows.slice(0, found.row)) {
    const cells = row.filter((c) => text(c) !== '');
    if (cells.length === 2) {
      applyHeader(shared, text(cells[0]).replace(/:$/, ''), typeof cells[1] === 'boolean' ? null : (cells[1] ?? null));
    }
  }
  const groups = new Map<
    string,
    { pce: string; month: string; invoiceNumber: string | null; draft: DraftInvoice; ttc: number }
  >();
  const rowKey = (row: readonly Cell[]) => {
    const pce = text(get(row, 'pce')).replace(/\s/g, '');
    const month = monthOf(text(get(row, 'firstDay')), text(get(row, 'month')));
    const amount = get(row, 'amount');
    const billed =
      /^\d{14}$/.test(pce) && month !== '' && amount !== null && amount !== undefined && text(amount) !== '';
    return billed ? { pce, month, invoiceNumber: text(get(row, 'invoiceNumber')) } : null;
  };
  const rows = sheet.rows.slice(found.row + 1).filter((row) => !row.every((c) => text(c) === ''));
  // Rows of one PCE-month under two invoice numbers are two invoices (an invoice and its correction, say), never one
  // with both sets of lines: grouped by number too when every billed row prints one (ADR 0086).
  const numbered = index.has('invoiceNumber') && rows.every((row) => (rowKey(row)?.invoiceNumber ?? 'x') !== '');
  for (const row of rows) {
    const first = text(get(row, 'firstDay'));
    const last = text(get(row, 'lastDay'));
    const amount = get(row, 'amount');
    const billed = rowKey(row);
    if (!billed) {
      const draft = groups.values().next().value?.draft ?? shared;
      unusedRow(draft, row);
      continue;
    }
    const { pce, month } = billed;
    const invoiceNumber = numbered ? billed.invoiceNumber : null;
    const key = `${pce}|${month}|${invoiceNumber ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      const draft: DraftInvoice = { ...emptyDraft(), supplier: shared.supplier ?? null, pce, pointDeReseau: 'PITD' };
      draft.warnings.push(...shared.warnings.splice(0));
      group = { pce, month, invoiceNumber, draft, ttc: 0 };
      groups.set(key, group);
    }
    const d = group.draft;
    const setOnce = (field: 'supplier' | 'invoiceNumber' | 'tarif' | 'code', c: PortalColumn) => {
      const v = text(get(row, c));
      if (v && !d[field]) {
        d[field] = v;
      }
    };
    setOnce('supplier', 'supplier');
    setOnce('invoiceNumber', 'invoiceNumber');
    setOnce('tarif', 'tarif');
    setOnce('code', 'code');
    for (const f of ['car', 'cja', 'ntr', 'consumption'] as const) {
      const v = withUnit(get(row, f), unitOf(f));
      if (v !== null && (d[f] === undefined || d[f] === null)) {
        d[f] = v;
      }
    }
    if (first && !d.firstDay) {
      d.firstDay = first;
    }
    if (last) {
      d.lastDay = last;
    }
    const amountUnit = unitOf('amount');
    d.lines.push({
      label: text(get(row, 'label')),
      quantity: withUnit(get(row, 'quantity'), null),
      quantityUnit: text(get(row, 'quantityUnit')) || unitOf('quantity'),
      unitPrice: withUnit(get(row, 'unitPrice'), null),
      unitPriceUnit: text(get(row, 'unitPriceUnit')) || unitOf('unitPrice'),
      prorata: withUnit(get(row, 'prorata'), null),
      amount: amountUnit && !/€/.test(amountUnit) ? null : withUnit(amount, null),
    });
    // A CSV's cells are text (« 523,20 »): read as French numbers, or the totals of a CSV export were 0 (ADR 0086).
    const vat = splitNumber(withUnit(get(row, 'vat'), null)).value ?? 0;
    const ttc = splitNumber(withUnit(get(row, 'ttc'), null)).value ?? 0;
    d.totalTva = Math.round((Number(d.totalTva ?? 0) + vat) * 100) / 100;
    group.ttc = Math.round((group.ttc + ttc) * 100) / 100;
  }
  const invoices = [...groups.values()].map((g) => {
    const d = g.draft;
    const ht = Math.round(d.lines.reduce((s, l) => s + (splitNumber(l.amount).value ?? 0), 0) * 100) / 100;
    // The export prints no totals: HT is the sum of the lines, VAT and TTC the sums of their columns (when present).
    d.totalHt = ht;
    d.totalTtc = index.has('ttc') ? g.ttc : null;
    if (!index.has('vat')) {
      d.totalTva = null;
    }
    return {
      pce: g.pce,
      month: g.month,
      invoiceNumber: g.invoiceNumber,
      extracted: { invoice: finalise(d, 'xlsx', SPREADSHEET_PORTAL_LAYOUT), warnings: d.warnings },
    };
  });
  return { mapping: map, invoices };
}
