import type { AuditPart } from '@pilote/contracts';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** `2026-02` → « février 2026 » (the month of an invoice of an export, ADR 0086). */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTHS[Number(number) - 1];
  return name && year ? `${name} ${year}` : month;
}

/** « Facture 2 sur 3 » — which invoice of its file an audit is. */
export function partPosition(part: Pick<AuditPart, 'index' | 'count'>): string {
  return `Facture ${part.index + 1} sur ${part.count}`;
}

/** « PCE 21400000000117 · février 2026 · n° FG-2026-02-0117 ». */
export function partDescription(part: AuditPart): string {
  return [`PCE ${part.pce}`, monthLabel(part.month), ...(part.invoiceNumber ? [`n° ${part.invoiceNumber}`] : [])].join(
    ' · ',
  );
}
