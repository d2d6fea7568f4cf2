/** Header labels (« clé : valeur ») shared by the PDF and spreadsheet layouts, matched on folded text. */
import { type DraftInvoice, fold } from './draft.ts';

export type HeaderField = Exclude<keyof DraftInvoice, 'lines' | 'vat' | 'warnings'>;
/** The header fields that keep a number cell as a number (read by the French number reader). */
type NumericField = 'car' | 'cja' | 'ntr' | 'consumption' | 'totalHt' | 'totalTva' | 'totalTtc';
const NUMERIC_FIELDS: ReadonlySet<HeaderField> = new Set<NumericField>([
  'car',
  'cja',
  'ntr',
  'consumption',
  'totalHt',
  'totalTva',
  'totalTtc',
]);

function isNumericField(field: HeaderField): field is NumericField {
  return NUMERIC_FIELDS.has(field);
}

/** Sets one header field: a number stays a number where the field takes one, and is written as text elsewhere
 * (a PCE typed as a number in a spreadsheet is text to the reader, which strips its spaces). */
export function setHeaderField(draft: DraftInvoice, field: HeaderField, value: string | number): void {
  if (isNumericField(field)) {
    draft[field] = value;
  } else {
    draft[field] = String(value);
  }
}

const HEADER_RULES: readonly [RegExp, HeaderField][] = [
  [/^(fournisseur|emetteur|transporteur)\b/, 'supplier'],
  [/^(facture n|n° de facture|numero de facture)/, 'invoiceNumber'],
  [/^date (d'emission|de facture)/, 'issuedOn'],
  [/\bpce\b/, 'pce'],
  [/^code (pitd|li|pic|du point)|^point d'interface/, 'code'],
  [/^type de point/, 'pointDeReseau'],
  [/^gestionnaire de (reseau de )?transport|^\bgrt\b/, 'tso'],
  [/^periode/, 'period'],
  [/^option tarifaire/, 'tarif'],
  [/\bcar\b|consommation annuelle de reference/, 'car'],
  [/\bcja\b|capacite journaliere|capacite souscrite/, 'cja'],
  [/\bntr\b|niveau de tarif regional/, 'ntr'],
  [/^(consommation relevee|consommation de la periode|quantite livree)/, 'consumption'],
  [/^total ht/, 'totalHt'],
  [/^total tva/, 'totalTva'],
  [/^total ttc/, 'totalTtc'],
];

/** Sets the header field a key names; returns whether the key was recognised. */
export function applyHeader(draft: DraftInvoice, key: string, value: string | number | null): boolean {
  const folded = fold(key).replace(/\s*:\s*$/, '');
  const rule = HEADER_RULES.find(([re]) => re.test(folded));
  if (!rule || value === null || value === '') {
    return false;
  }
  const field = rule[1];
  // A number cell whose unit is in the label (« CJA (kWh/j) ») keeps that unit: without it, 109 000 kWh/j
  // would be read as 109 000 MWh/j (issue #25).
  const labelUnit = /\(\s*([kM]Wh(?:\s*\/\s*(?:j|an))?)\s*\)/i.exec(key.normalize('NFKC'))?.[1]?.replace(/\s/g, '');
  const text =
    typeof value === 'number' ? (labelUnit ? `${value} ${labelUnit}` : value) : String(value).normalize('NFKC').trim();
  setHeaderField(draft, field, text);
  return true;
}

/** True when a row is a VAT row (`TVA 20,00 %`). */
export function isVatLabel(label: string): boolean {
  return /^tva\b/.test(fold(label));
}
