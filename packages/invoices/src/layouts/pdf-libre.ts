/**
 * Layout `pdf-libre` (issue #25 §3, ADR 0070): any text PDF whatever its layout, used when no known layout matches.
 * Rows are rebuilt from the words' positions (`readPdfPages`); a table is found by its header row (synonyms of
 * « désignation », « quantité », « prix unitaire », « montant »…); each later cell goes to the header column it
 * overlaps most, so that quantity, unit, unit price, duration and amount are read by column, not by order. The kind
 * of each line comes from the French label dictionary (`lineKind`, folded: accents, case, ligatures by NFKD).
 * Header fields are found by synonyms plus value patterns, each with a confidence (1 = synonym and value pattern
 * together, 0,6 = value pattern alone); every row of a table that is not used is a warning (ADR 0062).
 */
import type { PositionedCell, PositionedRow } from '../formats/pdf.ts';
import type { InvoiceHeaderField, ReadingProvenance } from '../read-result.ts';
import { type DraftInvoice, type Extracted, emptyDraft, finalise, fold, unusedRow } from './draft.ts';

export const PDF_FREE_LAYOUT = 'pdf-libre';

type Column = 'label' | 'quantity' | 'quantityUnit' | 'unitPrice' | 'unitPriceUnit' | 'prorata' | 'amount' | 'vat';

/** Header synonyms of each column, on folded text (order matters: the first that matches wins). */
const COLUMN_SYNONYMS: readonly [RegExp, Column][] = [
  [/^(designation|libelle|rubrique|prestation|description|detail|nature|composante)/, 'label'],
  [/^(prix unitaire|p\.? ?u\.?( ht)?$|prix( ht)?$|tarif( unitaire)?$|taux$|cout unitaire)/, 'unitPrice'],
  [/^(unite de prix|unite prix)/, 'unitPriceUnit'],
  [/^(quantite|qte|volume|qty|consommation|assiette|base)/, 'quantity'],
  [/^(unite|u\.?$)/, 'quantityUnit'],
  [/^(duree|prorata|nb(re)? de (jours|mois)|periode|coefficient)/, 'prorata'],
  [/^(montant|total ht$|total$|prix total|valeur)/, 'amount'],
  [/^(tva|taux de tva)/, 'vat'],
];

function columnOf(text: string): Column | null {
  const folded = fold(text).replace(/\s*\(.*\)\s*$/, '');
  return COLUMN_SYNONYMS.find(([re]) => re.test(folded))?.[1] ?? null;
}

interface TableHeader {
  readonly columns: readonly { readonly column: Column; readonly x: number; readonly end: number }[];
}

/** A header row: a label column and at least two of quantity, unit price and amount. */
function tableHeader(row: PositionedRow): TableHeader | null {
  const columns = row.cells.flatMap((c) => {
    const column = columnOf(c.text);
    return column ? [{ column, x: c.x, end: c.end }] : [];
  });
  const has = (c: Column) => columns.some((h) => h.column === c);
  const numeric = ['quantity', 'unitPrice', 'amount'].filter((c) => has(c as Column)).length;
  if (!has('label') || numeric < 2 || !has('amount') || columns.length < row.cells.length - 1) {
    return null;
  }
  return { columns };
}

/** The header column a cell belongs to: most horizontal overlap, else the nearest. */
function assign(header: TableHeader, cell: PositionedCell): Column {
  let best: Column = 'label';
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const h of header.columns) {
    const overlap = Math.min(cell.end, h.end) - Math.max(cell.x, h.x);
    const score = overlap > 0 ? overlap : overlap - 1000;
    if (score > bestScore) {
      bestScore = score;
      best = h.column;
    }
  }
  return best;
}

const NUMBER = /[+\-−]?\d[\d\s\u00a0\u202f]*(?:[.,]\d+)?/;
const TOTAL_ROW = /^(total|sous-total|montant (total|hors taxes|ht\b|ttc|de la tva|tva)|net a payer|tva\b|taux de tva)/;

/** The text of a row, cells joined by « | » (for header fields that sit in one cell or across two). */
function rowText(row: PositionedRow): string {
  return row.cells.map((c) => c.text).join(' | ');
}

interface FieldRule {
  readonly field: Exclude<InvoiceHeaderField, 'totals' | 'consumption'> | 'consumption';
  /** Synonyms of the label, folded. */
  readonly label: RegExp;
  /** The value after the label (original text, NFKC). */
  readonly value: RegExp;
  /** The value alone, anywhere, when no label says it (confidence 0,6). */
  readonly alone?: RegExp;
}

const UNIT = String.raw`\s*([kM]Wh(?:\s*/\s*(?:j(?:our)?|an))?)`;
const QTY = String.raw`(\d[\d\s\u00a0\u202f]*(?:,\d+)?)`;

const FIELD_RULES: readonly FieldRule[] = [
  {
    field: 'supplier',
    label: /(fournisseur|emetteur|emis par|vendeur)\s*:?/,
    value: /(?:fournisseur|émetteur|emetteur|émis par|vendeur)\s*:?\s*\|?\s*([^|]+)/i,
  },
  {
    field: 'invoiceNumber',
    label: /(facture|n°|numero)/,
    value:
      /(?:facture\s*(?:n°|no|nº|numéro|numero)|n°\s*de\s*facture|numéro de facture)\s*:?\s*\|?\s*([A-Z0-9][A-Z0-9\-/_.]{3,})/i,
  },
  {
    field: 'issuedOn',
    label: /(date (de (la )?facture|d'emission|d'etablissement)|emise le|etablie le)/,
    value:
      /(?:date (?:de (?:la )?facture|d['’]émission|d['’]emission|d['’]établissement)|émise le|établie le)\s*:?\s*\|?\s*(\d{2}\/\d{2}\/\d{4})/i,
  },
  {
    field: 'pce',
    label: /(\bpce\b|point de comptage|point de livraison|reference du point|\bpdl\b)/,
    value:
      /(?:PCE|point de comptage[^|:\d]{0,80}|point de livraison[^|:\d]{0,80}|PDL)\s{0,5}\)?\s{0,5}:?\s{0,5}\|?\s{0,5}((?:\d[\s\u00a0]?){14})\b/i,
    alone: /\b(?:GI\d{6}\b.*?)?((?:\d\s?){13}\d)\b/,
  },
  {
    field: 'code',
    label: /(code (pitd|li|pic|du point)|point d'interface|\bpitd\b)/,
    value: /\b(GI\d{6})\b/,
    alone: /\b(GI\d{6})\b/,
  },
  {
    field: 'tso',
    label: /(gestionnaire de (reseau de )?transport|\bgrt\b|transporteur)/,
    value: /\b(NaTran|GRTgaz|Teréga|Terega)\b/i,
    alone: /\b(NaTran|GRTgaz|Teréga|Terega)\b/i,
  },
  {
    field: 'period',
    label: /(periode|consommation du|facturation du|du \d)/,
    value: /(du\s+\d{2}\/\d{2}\/\d{4}\s+au\s+\d{2}\/\d{2}\/\d{4})/i,
  },
  {
    field: 'tarif',
    label: /(option tarifaire|tarif d'acheminement|option d'acheminement|tarif atrd|option)/,
    value: /(?:option|tarif)[^|:]{0,80}[:|]?\s*\|?\s*(?:ATRD\s*)?(T[1-4]|TP)\b/i,
  },
  {
    field: 'car',
    label: /(\bcar\b|consommation annuelle de reference)/,
    value: new RegExp(String.raw`(?:\bCAR\b|annuelle de référence)[^|\d]{0,80}\)?\s*:?\s*\|?\s*${QTY}${UNIT}`, 'i'),
  },
  {
    field: 'cja',
    label: /(\bcja\b|capacite journaliere annuelle|capacite souscrite)/,
    value: new RegExp(
      String.raw`(?:\bCJA\b|capacité journalière annuelle[^|\d]{0,80}|capacité souscrite[^|\d]{0,80})\)?\s*:?\s*\|?\s*${QTY}${UNIT}`,
      'i',
    ),
  },
  {
    field: 'ntr',
    label: /(\bntr\b|niveau de tarif regional)/,
    value: /(?:\bNTR\b|niveau de tarif régional)[^|\d]{0,80}\)?\s*:?\s*\|?\s*(\d{1,2})\b/i,
  },
  {
    field: 'consumption',
    label: /(consommation (relevee|de la periode|facturee|du mois)|quantite livree|energie livree)/,
    value: new RegExp(
      String.raw`(?:consommation (?:relevée|de la période|facturée|du mois)|quantité livrée|énergie livrée)[^|\d]{0,80}:?\s*\|?\s*${QTY}${UNIT}`,
      'i',
    ),
  },
];

const COMMUNE =
  /\bcommune\s*(?:de (?:livraison|consommation))?\s*:?\s*\|?\s*([A-Za-zÀ-ÿ' -]+?(?:\s*\(\d{5}\))?)\s*(?:\||$)/i;

interface FoundField {
  readonly value: string;
  readonly unit?: string;
  readonly confidence: number;
  readonly source: string;
}

function clip(text: string): string {
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

/** Header fields from the rows outside the tables. */
function headerFields(rows: readonly PositionedRow[]): Map<FieldRule['field'], FoundField> {
  const found = new Map<FieldRule['field'], FoundField>();
  for (const rule of FIELD_RULES) {
    for (const row of rows) {
      const text = rowText(row);
      if (!rule.label.test(fold(text))) {
        continue;
      }
      const m = rule.value.exec(text);
      if (m?.[1]) {
        found.set(rule.field, {
          value: m[1].trim(),
          ...(m[2] ? { unit: m[2].replace(/\s/g, '') } : {}),
          confidence: 1,
          source: `« ${clip(text.replaceAll(' | ', ' '))} »`,
        });
        break;
      }
    }
    if (!found.has(rule.field) && rule.alone) {
      for (const row of rows) {
        // A company or bank number (SIRET: 14 digits too) is never a value alone.
        if (/siret|siren|iban|\bbic\b|tva intra|n° tva|\bnaf\b|\bape\b|capital/.test(fold(rowText(row)))) {
          continue;
        }
        const m = rule.alone.exec(rowText(row));
        if (m?.[1]) {
          found.set(rule.field, {
            value: m[1].trim(),
            confidence: 0.6,
            source: `valeur seule « ${clip(m[0])} » (aucun libellé)`,
          });
          break;
        }
      }
    }
  }
  return found;
}

/**
 * Lines that touch (a gap of at most 1,3 × the font size between baselines: the lines of one wrapped cell) form a
 * block; a row's padding or a margin separates blocks. Blocks stay on one page.
 */
function blocks(rows: readonly PositionedRow[]): PositionedRow[][] {
  const out: PositionedRow[][] = [];
  let current: PositionedRow[] = [];
  for (const row of rows) {
    const last = current[current.length - 1];
    if (last && (last.page !== row.page || last.y - row.y > 1.3 * Math.max(last.size, row.size))) {
      out.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length > 0) {
    out.push(current);
  }
  return out;
}

/** The lines of a block as one row: cells that overlap horizontally are one cell, their texts in reading order. */
function mergeBlock(block: readonly PositionedRow[]): PositionedRow {
  const cells = block.flatMap((r) => r.cells.map((c) => ({ ...c })));
  const merged: { x: number; end: number; text: string }[] = [];
  for (const cell of cells.sort((a, b) => a.x - b.x)) {
    const hit = merged.find((m) => Math.min(m.end, cell.end) - Math.max(m.x, cell.x) > 0);
    if (hit) {
      hit.text = `${hit.text} ${cell.text}`;
      hit.x = Math.min(hit.x, cell.x);
      hit.end = Math.max(hit.end, cell.end);
    } else {
      merged.push(cell);
    }
  }
  const first = block[0] as PositionedRow;
  return { page: first.page, y: first.y, size: first.size, cells: merged.sort((a, b) => a.x - b.x) };
}

/** Whether a row is a table header of a billed-lines table. */
export function detectPdfFree(rows: readonly PositionedRow[]): boolean {
  return blocks(rows).some((b) => b.some((r) => tableHeader(r) !== null) || tableHeader(mergeBlock(b)) !== null);
}

const FIELD_NAMES: Readonly<Partial<Record<InvoiceHeaderField, string>>> = {
  supplier: 'émetteur',
  pce: 'PCE',
  period: 'période',
  tarif: 'option tarifaire',
  car: 'CAR',
  cja: 'CJA',
  ntr: 'NTR',
};

/** The values of a cell: its number and what follows (unit), or its text. */
function cellNumber(text: string): { number: string; unit: string | null } | null {
  const m = new RegExp(String.raw`^\s*(${NUMBER.source})\s*(.*)$`).exec(text);
  if (!m?.[1]) {
    return null;
  }
  const unit = (m[2] ?? '').replace(/^×\s*/, '').trim();
  return { number: m[1].trim(), unit: unit === '' ? null : unit };
}

/**
 * `firstPage`: the invoice's first page in its file (a PDF of several invoices reads each on its own pages, ADR 0090):
 * the supplier's name, when no label gives it, is the first line of that page.
 */
export function extractPdfFree(rows: readonly PositionedRow[], firstPage = 1): Extracted {
  const draft: DraftInvoice = emptyDraft();
  const outside: PositionedRow[] = [];
  const lineSources: string[] = [];
  let header: TableHeader | null = null;
  let headerPage = 0;
  const readRow = (lines: readonly PositionedRow[], h: TableHeader): void => {
    const byColumn = new Map<Column, string[]>();
    for (const line of lines) {
      for (const cell of line.cells) {
        const column = assign(h, cell);
        byColumn.set(column, [...(byColumn.get(column) ?? []), cell.text]);
      }
    }
    const get = (c: Column) => byColumn.get(c)?.join(' ').trim() ?? null;
    const label = get('label');
    const amount = cellNumber(get('amount') ?? '');
    const all = lines.flatMap((l) => l.cells.map((c) => c.text));
    if (!label || !amount) {
      // A label alone is a section title (« Acheminement », « Taxes et contributions »): nothing billed on it.
      if (all.some((t) => /\d/.test(t)) || !label || all.length > 1) {
        unusedRow(draft, all);
      }
      return;
    }
    const quantity = cellNumber(get('quantity') ?? '');
    const unitPrice = cellNumber(get('unitPrice') ?? '');
    const prorataText = get('prorata');
    const quantityUnit = get('quantityUnit') ?? quantity?.unit ?? null;
    const unitPriceUnit = get('unitPriceUnit') ?? unitPrice?.unit ?? null;
    // « 1 mois » as the quantity of a monthly price is a duration of one month, the quantity being 1.
    const monthQuantity = quantityUnit !== null && /^mois$/i.test(quantityUnit.trim());
    draft.lines.push({
      label,
      quantity: quantity?.number ?? null,
      quantityUnit: monthQuantity ? null : quantityUnit,
      unitPrice: unitPrice?.number ?? null,
      unitPriceUnit,
      prorata: prorataText ? prorataText : monthQuantity ? `${quantity?.number ?? 1} mois` : null,
      amount: amount.number,
    });
    lineSources.push(
      `« ${clip(label)} » : colonnes ${[...byColumn.keys()].filter((c) => c !== 'label').join(', ')} (page ${lines[0]?.page ?? 1})`,
    );
  };
  for (const block of blocks(rows)) {
    // A header line alone, or a header written on several lines (« Montant » over « HT »).
    const at = block.findIndex((line) => tableHeader(line) !== null);
    const merged = at < 0 ? tableHeader(mergeBlock(block)) : null;
    if (at >= 0 || merged) {
      const before = at >= 0 ? block.slice(0, at) : [];
      if (header) {
        tableBlock(before, header);
      } else {
        outside.push(...before);
      }
      header = merged ?? tableHeader(block[at] as PositionedRow);
      headerPage = block[0]?.page ?? 0;
      if (at >= 0 && header) {
        tableBlock(block.slice(at + 1), header);
      }
      continue;
    }
    if (header) {
      tableBlock(block, header);
    } else {
      outside.push(...block);
    }
  }
  function tableBlock(lines: readonly PositionedRow[], h: TableHeader): void {
    if (lines.length === 0) {
      return;
    }
    const end = lines.findIndex((l) => TOTAL_ROW.test(fold(l.cells[0]?.text ?? '')));
    const inTable = end < 0 ? lines : lines.slice(0, end);
    if (end >= 0) {
      // Totals and VAT lines end the table; they are header fields.
      header = null;
      outside.push(...lines.slice(end));
    }
    const anchors = inTable.filter((l) => l.cells.some((c) => assign(h, c) === 'amount' && cellNumber(c.text)));
    if (anchors.length === 0) {
      // On a later page, a block with no amount is the page's header or footer; else a row not read.
      if (inTable.some((l) => l.page !== headerPage)) {
        outside.push(...inTable);
      } else if (inTable.length > 0) {
        readRow(inTable, h);
      }
      return;
    }
    // Each line goes to the nearest line with an amount (ties: the one above): cells wrapped on several lines.
    const groups = new Map<PositionedRow, PositionedRow[]>(anchors.map((a) => [a, []]));
    for (const line of inTable) {
      let best = anchors[0] as PositionedRow;
      for (const a of anchors) {
        if (Math.abs(a.y - line.y) < Math.abs(best.y - line.y)) {
          best = a;
        }
      }
      groups.get(best)?.push(line);
    }
    for (const group of groups.values()) {
      readRow(group, h);
    }
  }
  const fields = headerFields(outside);
  const sources: Partial<Record<InvoiceHeaderField, string>> = {};
  const confidence: Partial<Record<InvoiceHeaderField, number>> = {};
  for (const [field, f] of fields) {
    sources[field] = f.source;
    confidence[field] = f.confidence;
    if (field === 'car' || field === 'cja' || field === 'consumption') {
      draft[field] = f.value;
      draft[field === 'car' ? 'carUnit' : field === 'cja' ? 'cjaUnit' : 'consumptionUnit'] =
        f.unit?.replace(/jour$/, 'j').replace(/\/an$/, '') ?? null;
    } else if (field === 'ntr') {
      draft.ntr = f.value;
    } else {
      draft[field] = f.value;
    }
  }
  if (!draft.supplier) {
    // The first line of the first page, usually the supplier's name: doubtful.
    const top = rows.find((r) => r.page === firstPage && r.cells.length > 0 && !/\d/.test(r.cells[0]?.text ?? ''));
    if (top?.cells[0]) {
      draft.supplier = top.cells[0].text;
      sources.supplier = `première ligne « ${clip(top.cells[0].text)} »`;
      confidence.supplier = 0.5;
    }
  }
  if (draft.pce) {
    draft.pointDeReseau = 'PITD';
  }
  for (const row of outside) {
    const text = rowText(row);
    const folded = fold(text);
    const money = [...text.matchAll(/(-?\d[\d\s\u00a0\u202f]*,\d{2})\s*€?/g)].map((m) => (m[1] ?? '').trim());
    if (/^(tva|taux de tva)\b/.test(folded) && money.length >= 2) {
      const rate = /(\d+(?:,\d+)?)\s*%/.exec(text)?.[1] ?? null;
      draft.vat.push({ rate, base: money[money.length - 2] ?? null, amount: money[money.length - 1] ?? null });
    } else if (/^(total|montant)( hors taxes| ht\b)/.test(folded) && money.length > 0) {
      draft.totalHt = money[money.length - 1] ?? null;
    } else if (/^(total|montant)( de la)? tva\b/.test(folded) && money.length > 0) {
      draft.totalTva = money[money.length - 1] ?? null;
    } else if (/^(total ttc|montant ttc|net a payer|total a payer)/.test(folded) && money.length > 0) {
      draft.totalTtc = money[money.length - 1] ?? null;
    }
  }
  if (draft.totalHt && draft.totalTva && draft.totalTtc) {
    confidence.totals = 1;
  }
  const commune = outside.map((r) => COMMUNE.exec(rowText(r))?.[1]?.trim() ?? null).find((c) => c) ?? null;
  const invoice = finalise(draft, 'pdf', PDF_FREE_LAYOUT);
  const missing = (['car', 'cja', 'ntr'] as const).filter((f) => fields.get(f) === undefined);
  const doubtful = Object.entries(confidence)
    // The supplier's name is no check's input: a doubtful one is not a warning (its confidence says it).
    .filter(([f, c]) => (c ?? 1) < 1 && f !== 'supplier')
    .map(
      ([f]) =>
        `${FIELD_NAMES[f as InvoiceHeaderField] ?? f} déduit(e) sans libellé (confiance ${String(confidence[f as InvoiceHeaderField]).replace('.', ',')}) : à vérifier.`,
    );
  const provenance: ReadingProvenance = {
    sources,
    lineSources,
    missing,
    confidence,
    ...(commune ? { commune } : {}),
  };
  return { invoice, warnings: [...draft.warnings, ...doubtful], provenance };
}
