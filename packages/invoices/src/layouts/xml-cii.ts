/**
 * Layout `cii-gaz`: a structured invoice in the UN/CEFACT Cross Industry Invoice syntax (the syntax of Factur-X
 * and of French e-invoicing), restricted to what a gas invoice needs. Gas data without a CII element (PCE, point
 * code and type, TSO, option, CAR, CJA, NTR, consumption) are header notes `IncludedNote` with a `SubjectCode`;
 * each line's units and duration factor are line notes (« Unité de quantité : », « Unité de prix : »,
 * « Durée : »).
 */
import type { XmlNode, XmlValue } from '../formats/xml.ts';
import { type DraftInvoice, type Extracted, emptyDraft, finalise } from './draft.ts';
import { type HeaderField, setHeaderField } from './header-fields.ts';

export const XML_CII_LAYOUT = 'cii-gaz';

export function list(value: XmlValue | undefined): readonly XmlValue[] {
  if (value === undefined) {
    return [];
  }
  return Array.isArray(value) ? value : [value as XmlValue];
}

export function node(value: XmlValue | undefined): XmlNode | null {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : null;
}

export function child(value: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let current: XmlValue | undefined = value;
  for (const key of path) {
    current = node(list(current)[0])?.[key];
  }
  return current;
}

export function textOf(value: XmlValue | undefined): string | null {
  const first = list(value)[0];
  if (typeof first === 'string') {
    return first;
  }
  const text = node(first)?.['#text'];
  return typeof text === 'string' ? text : null;
}

/** `20260228` (format 102) → `28/02/2026`. */
export function date102(value: XmlValue | undefined): string | null {
  const t = textOf(child(value, 'DateTimeString'));
  return t && /^\d{8}$/.test(t) ? `${t.slice(6, 8)}/${t.slice(4, 6)}/${t.slice(0, 4)}` : null;
}

function root(doc: XmlNode): XmlNode | null {
  return node(doc.CrossIndustryInvoice);
}

/** Ours only: a CII whose header notes carry our subject codes (PCE, TYPE_POINT…); any other CII is read as an
 * EN 16931 e-invoice (`en16931.ts`, ADR 0069). */
export function detectXmlCii(doc: XmlNode): boolean {
  const r = root(doc);
  return (
    r !== null &&
    node(list(r.SupplyChainTradeTransaction)[0]) !== null &&
    notes(child(r.ExchangedDocument, 'IncludedNote')).some((n) => n.subject !== null && n.subject in NOTE_FIELDS)
  );
}

const NOTE_FIELDS: Readonly<Record<string, HeaderField>> = {
  PCE: 'pce',
  CODE_POINT: 'code',
  TYPE_POINT: 'pointDeReseau',
  GRT: 'tso',
  OPTION: 'tarif',
  CAR: 'car',
  CJA: 'cja',
  NTR: 'ntr',
  CONSOMMATION: 'consumption',
};

function notes(value: XmlValue | undefined): { subject: string | null; content: string }[] {
  return list(value).flatMap((n) => {
    const content = textOf(node(n)?.Content);
    return content === null ? [] : [{ subject: textOf(node(n)?.SubjectCode), content }];
  });
}

export function extractXmlCii(doc: XmlNode): Extracted {
  const r = root(doc) as XmlNode;
  const draft: DraftInvoice = emptyDraft();
  const header = r.ExchangedDocument;
  draft.invoiceNumber = textOf(child(header, 'ID'));
  draft.issuedOn = date102(child(header, 'IssueDateTime'));
  for (const note of notes(child(header, 'IncludedNote'))) {
    const field = note.subject ? NOTE_FIELDS[note.subject] : undefined;
    if (field) {
      setHeaderField(draft, field, note.content);
    }
  }
  const transaction = r.SupplyChainTradeTransaction;
  draft.supplier = textOf(child(transaction, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty', 'Name'));
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const period = child(settlement, 'BillingSpecifiedPeriod');
  draft.firstDay = date102(child(period, 'StartDateTime'));
  draft.lastDay = date102(child(period, 'EndDateTime'));
  for (const tax of list(child(settlement, 'ApplicableTradeTax'))) {
    draft.vat.push({
      rate: textOf(child(tax, 'RateApplicablePercent')),
      base: textOf(child(tax, 'BasisAmount')),
      amount: textOf(child(tax, 'CalculatedAmount')),
    });
  }
  const totals = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  draft.totalHt = textOf(child(totals, 'TaxBasisTotalAmount'));
  draft.totalTva = textOf(child(totals, 'TaxTotalAmount'));
  draft.totalTtc = textOf(child(totals, 'GrandTotalAmount'));
  for (const item of list(child(transaction, 'IncludedSupplyChainTradeLineItem'))) {
    const lineNotes = notes(child(item, 'AssociatedDocumentLineDocument', 'IncludedNote'));
    const noteValue = (prefix: string) =>
      lineNotes
        .find((n) => n.content.startsWith(prefix))
        ?.content.slice(prefix.length)
        .trim() ?? null;
    const linePeriod = child(item, 'SpecifiedLineTradeSettlement', 'BillingSpecifiedPeriod');
    draft.lines.push({
      label: textOf(child(item, 'SpecifiedTradeProduct', 'Name')) ?? '',
      quantity: textOf(child(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity')),
      quantityUnit: noteValue('Unité de quantité :'),
      unitPrice: textOf(child(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
      unitPriceUnit: noteValue('Unité de prix :'),
      prorata: noteValue('Durée :'),
      amount: textOf(
        child(item, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      ),
      firstDay: date102(child(linePeriod, 'StartDateTime')),
      lastDay: date102(child(linePeriod, 'EndDateTime')),
    });
  }
  return { invoice: finalise(draft, 'xml', XML_CII_LAYOUT), warnings: draft.warnings };
}
