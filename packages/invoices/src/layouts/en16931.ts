/**
 * EN 16931 e-invoices (issue #25 §2, ADR 0069): the two syntaxes of the European norm — UN/CEFACT Cross Industry
 * Invoice D16B (`rsm:CrossIndustryInvoice`, also the XML inside Factur-X/ZUGFeRD PDFs) and OASIS UBL 2.1
 * (`Invoice`, `CreditNote`) — read into the draft every extractor fills, so the normalised invoice and its checks
 * are the same whatever the file. What the norm names is read from its business terms (BT): seller name (BT-27),
 * number (BT-1), issue date (BT-2), billing period (BT-73/74), delivery location (BT-71: the PCE), VAT breakdown
 * (BG-23), totals (BT-109/110/112); per line the item name (BT-153), quantity and UN/ECE Rec 20 unit code
 * (BT-129/130), net price and base quantity (BT-146/149/150), net amount (BT-131), period (BT-134/135), note
 * (BT-127), object identifier (BT-128) and item attributes (BT-160/161).
 *
 * What a gas invoice needs and the norm has no term for (option, CAR, CJA, NTR, TSO, PITD code, consumption) is read
 * from the header notes (BT-22) « clé : valeur » with the French header dictionary, then from the item attributes;
 * a line's units and duration from its attributes « Unité de quantité », « Unité de prix », « Durée » when given
 * (they name the price as printed), otherwise from its Rec 20 codes (the price is then BT-146 / BT-149 per unit of
 * BT-150, or of BT-130). A unit we cannot name stays null: the line is then « non vérifiable » (ADR 0062), never
 * compared with a grid. Every field says where it came from (`ReadingProvenance`).
 */
import type { NormalisedInvoice } from '@pilote/tariffs';
import type { XmlNode, XmlValue } from '../formats/xml.ts';
import type { InvoiceHeaderField, ReadingProvenance } from '../read-result.ts';
import { type DraftInvoice, type DraftLine, type Extracted, emptyDraft, finalise, fold, splitNumber } from './draft.ts';
import { applyHeader, type HeaderField } from './header-fields.ts';
import { child, date102, list, node, textOf } from './xml-cii.ts';

export const EN16931_CII_LAYOUT = 'en16931-cii';
export const EN16931_UBL_LAYOUT = 'en16931-ubl';

/** UN/ECE Recommendation 20 codes a gas invoice uses, as the units the draft reads. Others stay unnamed. */
const REC20: Readonly<Record<string, string>> = {
  KWH: 'kWh',
  MWH: 'MWh',
  GWH: 'GWh',
  DAY: 'jour',
  MON: 'mois',
  ANN: 'an',
  P1: '%',
};

/** A decimal as XML writes it (`2043755`, `45.80`, `-12.5`), or null. */
function decimal(text: string | null | undefined): number | null {
  const t = text?.trim();
  return t && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? Number(t) : null;
}

function attribute(value: XmlValue | undefined, name: string): string | null {
  const first = list(value)[0];
  const a = node(first)?.[`@${name}`];
  return typeof a === 'string' ? a : null;
}

function allTexts(value: XmlValue | undefined): string[] {
  return list(value).flatMap((v) => {
    const t = textOf(v);
    return t === null ? [] : [t];
  });
}

/** `clé : valeur` pairs of a note (several lines possible), the UBL subject prefix `#AAI#` removed. */
function notePairs(text: string): { key: string; value: string }[] {
  return text
    .replace(/^#[A-Z]{3}#/, '')
    .split(/\r?\n|\s*;\s*/)
    .flatMap((line) => {
      const m = /^\s*([^:]+?)\s*:\s*(.+?)\s*$/.exec(line);
      return m ? [{ key: m[1] as string, value: m[2] as string }] : [];
    });
}

const HEADER_FIELDS: readonly HeaderField[] = [
  'pce',
  'code',
  'pointDeReseau',
  'tso',
  'period',
  'tarif',
  'car',
  'cja',
  'ntr',
  'consumption',
];

/** The review step's field name of a draft header field. */
function fieldName(field: HeaderField): InvoiceHeaderField | null {
  return field === 'firstDay' || field === 'lastDay'
    ? 'period'
    : (HEADER_FIELDS as readonly string[]).includes(field)
      ? (field as InvoiceHeaderField)
      : null;
}

/** French names of the gas fields, for the warnings. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  pce: 'le PCE',
  code: 'le code du point',
  pointDeReseau: 'le type de point',
  tso: 'le gestionnaire de transport',
  period: 'la période',
  tarif: 'l’option tarifaire',
  car: 'la CAR',
  cja: 'la CJA',
  ntr: 'le NTR',
  consumption: 'la consommation',
};

/** A header value in a form two spellings of one value share (`109 000 kWh/j` and `109 MWh/j`, `T4` and `t4`). */
function comparable(field: HeaderField, value: unknown): string {
  const text = String(value ?? '');
  if (field === 'car' || field === 'cja' || field === 'consumption' || field === 'ntr') {
    const { value: n, unit } = splitNumber(text);
    if (n !== null) {
      return String(Math.round((/^k/i.test(unit ?? '') ? n / 1000 : n) * 1e6) / 1e6);
    }
  }
  return fold(text).replace(/\s/g, '').replace(/\(.*$/, '');
}

/**
 * Applies one « clé : valeur » to an unset gas header field; returns the field set, if any. A second, different
 * value for a field already read (the PCE of BT-71 and another in a note, two CJA) is a warning: the reading is
 * doubtful, so no claim letter until the user confirms it (ADR 0062).
 */
function applyGasPair(draft: DraftInvoice, key: string, value: string): InvoiceHeaderField | null {
  const probe: DraftInvoice = emptyDraft();
  if (!applyHeader(probe, key, value)) {
    return null;
  }
  const field = HEADER_FIELDS.find((f) => probe[f] !== undefined);
  if (!field) {
    return null;
  }
  if (draft[field] !== undefined && draft[field] !== null) {
    if (comparable(field, draft[field]) !== comparable(field, probe[field])) {
      draft.warnings.push(
        `Deux valeurs différentes pour ${FIELD_LABELS[field] ?? field} : « ${String(draft[field])} » et « ${value} » (${key}). Vérifiez la facture.`,
      );
    }
    return null;
  }
  // The billing period of the norm (BT-73/74) wins over a period written in a note.
  if (field === 'period' && draft.firstDay && draft.lastDay) {
    return null;
  }
  applyHeader(draft, key, value);
  return fieldName(field);
}

/** What both syntaxes give, before the common mapping. */
interface RawLine {
  readonly index: number;
  readonly label: string;
  readonly quantity: string | null;
  readonly quantityCode: string | null;
  readonly price: string | null;
  readonly baseQuantity: string | null;
  readonly baseCode: string | null;
  readonly amount: string | null;
  readonly firstDay: string | null;
  readonly lastDay: string | null;
  readonly notes: readonly string[];
  readonly attributes: readonly { name: string; value: string }[];
  readonly objectIds: readonly string[];
}

interface RawInvoice {
  readonly syntax: 'CII' | 'UBL';
  readonly credit: boolean;
  readonly invoiceNumber: string | null;
  readonly issuedOn: string | null;
  readonly supplier: string | null;
  readonly supplierPath: string;
  /** The seller's postal address BG-5 (lines BT-35/36/162, post code BT-38, city BT-37, country BT-40), as read. */
  readonly supplierAddress: {
    readonly lines: readonly (string | null)[];
    readonly postCode: string | null;
    readonly city: string | null;
    readonly country: string | null;
  };
  readonly deliveryLocation: string | null;
  readonly deliveryPath: string;
  readonly buyerReference: string | null;
  readonly firstDay: string | null;
  readonly lastDay: string | null;
  readonly periodPath: string;
  readonly notes: readonly string[];
  readonly vat: readonly { rate: string | null; base: string | null; amount: string | null }[];
  readonly totalHt: string | null;
  readonly totalTva: string | null;
  readonly totalTtc: string | null;
  readonly totalsPath: string;
  readonly lines: readonly RawLine[];
}

const PCE = /^\d{14}$/;

function mapInvoice(raw: RawInvoice, format: NormalisedInvoice['format'], layout: string, origin: string): Extracted {
  const draft: DraftInvoice = emptyDraft();
  const sources: Partial<Record<InvoiceHeaderField, string>> = {};
  const sign = raw.credit ? -1 : 1;
  const signed = (text: string | null) => {
    const v = decimal(text);
    return v === null ? null : v === 0 ? 0 : sign * v;
  };
  const where = (s: string) => `${s}${origin}`;

  draft.invoiceNumber = raw.invoiceNumber;
  sources.invoiceNumber = where('numéro BT-1');
  draft.issuedOn = raw.issuedOn;
  sources.issuedOn = where('date d’émission BT-2');
  draft.supplier = raw.supplier;
  if (raw.supplier) {
    sources.supplier = where(`vendeur BT-27 (${raw.supplierPath})`);
  }
  draft.firstDay = raw.firstDay;
  draft.lastDay = raw.lastDay;
  if (raw.firstDay && raw.lastDay) {
    sources.period = where(`période de facturation BT-73/74 (${raw.periodPath})`);
  }
  const location = raw.deliveryLocation?.replace(/\s/g, '') ?? null;
  if (location && PCE.test(location)) {
    draft.pce = location;
    sources.pce = where(`lieu de livraison BT-71 (${raw.deliveryPath})`);
  }

  // Header notes (BT-22): the gas fields the norm has no term for.
  for (const note of raw.notes) {
    for (const { key, value } of notePairs(note)) {
      const field = applyGasPair(draft, key, value);
      if (field && !sources[field]) {
        sources[field] = where(`note d’en-tête BT-22 « ${key} : ${value} »`);
      }
    }
  }

  const lineSources: string[] = [];
  for (const line of raw.lines) {
    const attrs = new Map<string, string>();
    for (const { name, value } of line.attributes) {
      attrs.set(fold(name), value.trim());
    }
    for (const note of line.notes) {
      for (const { key, value } of notePairs(note)) {
        if (!attrs.has(fold(key))) {
          attrs.set(fold(key), value);
        }
      }
    }
    // Gas header fields printed on a line (e.g. « PCE : … », « CJA : … ») when the header lacks them.
    for (const [key, value] of attrs) {
      if (/^(unite de (quantite|prix)|duree)$/.test(key)) {
        continue;
      }
      const field = applyGasPair(draft, key, value);
      if (field && !sources[field]) {
        sources[field] = where(`attribut ou note de la ligne ${line.index} « ${key} : ${value} »`);
      }
    }
    if (!draft.pce) {
      const id = line.objectIds.map((i) => i.replace(/\s/g, '')).find((i) => PCE.test(i));
      if (id) {
        draft.pce = id;
        sources.pce = where(`identifiant d’objet de la ligne ${line.index} BT-128`);
      }
    }

    const quantityUnitAttr = attrs.get('unite de quantite') ?? null;
    const priceUnitAttr = attrs.get('unite de prix') ?? null;
    const duration = attrs.get('duree') ?? null;
    const quantityUnit = quantityUnitAttr ?? (line.quantityCode ? (REC20[line.quantityCode] ?? null) : null);
    const price = decimal(line.price);
    const base = decimal(line.baseQuantity);
    let unitPrice: number | null;
    let unitPriceUnit: string | null;
    let priceFrom: string;
    if (priceUnitAttr !== null) {
      unitPrice = price;
      unitPriceUnit = priceUnitAttr;
      priceFrom = `prix BT-146 en « ${priceUnitAttr} » (attribut « Unité de prix »)`;
    } else {
      const code = line.baseCode ?? line.quantityCode;
      const unit = code ? (REC20[code] ?? null) : null;
      unitPrice = price === null ? null : base && base > 0 ? Math.round((price / base) * 1e10) / 1e10 : price;
      unitPriceUnit = unit ? `€/${unit}` : null;
      priceFrom = unit
        ? `prix BT-146${base && base !== 1 ? ` pour ${line.baseQuantity} ${code}` : ''} (code ${code} : ${unitPriceUnit})`
        : `prix BT-146 d’unité inconnue${code ? ` (code ${code})` : ''}`;
    }
    const quantity = signed(line.quantity);
    const entry: DraftLine = {
      label: line.label,
      quantity,
      quantityUnit,
      unitPrice,
      unitPriceUnit,
      prorata: duration,
      amount: signed(line.amount),
      firstDay: line.firstDay,
      lastDay: line.lastDay,
    };
    draft.lines.push(entry);
    lineSources.push(
      `Ligne ${line.index} « ${line.label} » : quantité BT-129${
        quantityUnitAttr
          ? ` en « ${quantityUnitAttr} » (attribut)`
          : line.quantityCode
            ? ` (code ${line.quantityCode})`
            : ''
      }, ${priceFrom}${duration ? `, durée « ${duration} » (attribut)` : ''}, montant BT-131${origin}.`,
    );
  }

  // The PCE printed in a note of free text or in the buyer reference (BT-10), as a last resort.
  if (!draft.pce) {
    for (const [text, from] of [
      ...raw.notes.map((n) => [n, 'note d’en-tête BT-22'] as const),
      [raw.buyerReference ?? '', 'référence acheteur BT-10'] as const,
    ]) {
      const m = /\bPCE\b\D{0,20}(\d{14})\b/i.exec(text);
      if (m) {
        draft.pce = m[1] as string;
        sources.pce = where(from);
        break;
      }
    }
  }

  for (const v of raw.vat) {
    draft.vat.push({ rate: decimal(v.rate), base: signed(v.base), amount: signed(v.amount) });
  }
  draft.totalHt = signed(raw.totalHt);
  draft.totalTva = signed(raw.totalTva);
  draft.totalTtc = signed(raw.totalTtc);
  sources.totals = where(`totaux BT-109/110/112 (${raw.totalsPath})`);
  if (raw.credit) {
    draft.warnings.push(
      'Avoir : les quantités et montants sont lus en négatif (un avoir rembourse une facture antérieure).',
    );
  }

  const invoice = finalise(draft, format, layout);
  const missing: InvoiceHeaderField[] = [];
  const isPitd = invoice.point.pointDeReseau === 'PITD';
  if (isPitd && !invoice.point.pce) {
    missing.push('pce');
  }
  if (isPitd && !invoice.tarif) {
    missing.push('tarif');
  }
  if (invoice.cja === null && (!isPitd || invoice.tarif === 'T4' || invoice.tarif === 'TP')) {
    missing.push('cja');
  }
  if (isPitd && invoice.car === null) {
    missing.push('car');
  }
  if (invoice.ntr === null) {
    missing.push('ntr');
  }
  if (invoice.tso === null) {
    missing.push('tso');
  }
  if (invoice.consumptionMwh === null) {
    missing.push('consumption');
  }
  const provenance: ReadingProvenance = { sources, lineSources, missing };
  const supplierAddress = postalAddress(raw.supplierAddress);
  return { invoice: supplierAddress ? { ...invoice, supplierAddress } : invoice, warnings: draft.warnings, provenance };
}

/**
 * The seller's postal address as letter lines (ADR 0081): the street lines, then « code postal ville », then the
 * country when it is not France. Null without a city (an address the post cannot deliver to is not written).
 */
export function postalAddress(address: RawInvoice['supplierAddress']): string[] | null {
  const clean = (text: string | null) => text?.replace(/\s+/g, ' ').trim() || null;
  const city = clean(address.city);
  if (!city) {
    return null;
  }
  const lines = address.lines.map(clean).filter((line): line is string => line !== null);
  const country = clean(address.country)?.toUpperCase() ?? null;
  return [
    ...lines,
    [clean(address.postCode), city].filter(Boolean).join(' '),
    ...(country && country !== 'FR' ? [country] : []),
  ].slice(0, 6);
}

// ---- CII ---------------------------------------------------------------------------------------------------------

export function detectEn16931Cii(doc: XmlNode): boolean {
  const r = node(doc.CrossIndustryInvoice);
  return r !== null && node(list(r.SupplyChainTradeTransaction)[0]) !== null;
}

function ciiPeriod(value: XmlValue | undefined): [string | null, string | null] {
  return [date102(child(value, 'StartDateTime')), date102(child(value, 'EndDateTime'))];
}

export function extractEn16931Cii(doc: XmlNode, format: NormalisedInvoice['format'] = 'xml', origin = ''): Extracted {
  const r = node(doc.CrossIndustryInvoice) as XmlNode;
  const header = r.ExchangedDocument;
  const transaction = r.SupplyChainTradeTransaction;
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const delivery = child(transaction, 'ApplicableHeaderTradeDelivery', 'ShipToTradeParty');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const [firstDay, lastDay] = ciiPeriod(child(settlement, 'BillingSpecifiedPeriod'));
  const totals = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const typeCode = textOf(child(header, 'TypeCode'));
  const deliveryId = textOf(child(delivery, 'ID')) ?? textOf(child(delivery, 'GlobalID'));
  const lines: RawLine[] = list(child(transaction, 'IncludedSupplyChainTradeLineItem')).map((item, i) => {
    const price = child(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
    const billed = child(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
    const lineSettlement = child(item, 'SpecifiedLineTradeSettlement');
    const [first, last] = ciiPeriod(child(lineSettlement, 'BillingSpecifiedPeriod'));
    const product = child(item, 'SpecifiedTradeProduct');
    return {
      index: i + 1,
      label: textOf(child(product, 'Name')) ?? '',
      quantity: textOf(billed),
      quantityCode: attribute(billed, 'unitCode'),
      price: textOf(child(price, 'ChargeAmount')),
      baseQuantity: textOf(child(price, 'BasisQuantity')),
      baseCode: attribute(child(price, 'BasisQuantity'), 'unitCode'),
      amount: textOf(child(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
      firstDay: first,
      lastDay: last,
      notes: list(child(item, 'AssociatedDocumentLineDocument', 'IncludedNote')).flatMap((n) =>
        allTexts(node(n)?.Content),
      ),
      attributes: list(node(list(product)[0])?.ApplicableProductCharacteristic).flatMap((c) => {
        const name = textOf(node(c)?.Description);
        const value = textOf(node(c)?.Value);
        return name !== null && value !== null ? [{ name, value }] : [];
      }),
      objectIds: [
        ...list(node(list(item)[0])?.AdditionalReferencedDocument),
        ...list(node(list(lineSettlement)[0])?.AdditionalReferencedDocument),
      ].flatMap((d) => {
        const id = textOf(node(d)?.IssuerAssignedID);
        return id === null ? [] : [id];
      }),
    };
  });
  return mapInvoice(
    {
      syntax: 'CII',
      credit: typeCode === '381',
      invoiceNumber: textOf(child(header, 'ID')),
      issuedOn: date102(child(header, 'IssueDateTime')),
      supplier: textOf(child(agreement, 'SellerTradeParty', 'Name')),
      supplierPath: 'SellerTradeParty/Name',
      supplierAddress: {
        lines: ['LineOne', 'LineTwo', 'LineThree'].map((key) =>
          textOf(child(agreement, 'SellerTradeParty', 'PostalTradeAddress', key)),
        ),
        postCode: textOf(child(agreement, 'SellerTradeParty', 'PostalTradeAddress', 'PostcodeCode')),
        city: textOf(child(agreement, 'SellerTradeParty', 'PostalTradeAddress', 'CityName')),
        country: textOf(child(agreement, 'SellerTradeParty', 'PostalTradeAddress', 'CountryID')),
      },
      deliveryLocation: deliveryId,
      deliveryPath: textOf(child(delivery, 'ID')) ? 'ShipToTradeParty/ID' : 'ShipToTradeParty/GlobalID',
      buyerReference: textOf(child(agreement, 'BuyerReference')),
      firstDay,
      lastDay,
      periodPath: 'BillingSpecifiedPeriod',
      notes: list(child(header, 'IncludedNote')).flatMap((n) => allTexts(node(n)?.Content)),
      vat: list(child(settlement, 'ApplicableTradeTax')).map((t) => ({
        rate: textOf(child(t, 'RateApplicablePercent')),
        base: textOf(child(t, 'BasisAmount')),
        amount: textOf(child(t, 'CalculatedAmount')),
      })),
      totalHt: textOf(child(totals, 'TaxBasisTotalAmount')),
      // BT-110 in the invoice currency (BT-111, the VAT in the accounting currency, is the same element).
      totalTva: textOf(
        list(node(list(totals)[0])?.TaxTotalAmount).find((a) => {
          const currency = attribute(a, 'currencyID');
          return currency === null || currency === textOf(child(settlement, 'InvoiceCurrencyCode'));
        }),
      ),
      totalTtc: textOf(child(totals, 'GrandTotalAmount')),
      totalsPath: 'SpecifiedTradeSettlementHeaderMonetarySummation',
      lines,
    },
    format,
    EN16931_CII_LAYOUT,
    origin,
  );
}

// ---- UBL ---------------------------------------------------------------------------------------------------------

function ublRoot(doc: XmlNode): { root: XmlNode; credit: boolean } | null {
  const invoice = node(doc.Invoice);
  if (invoice) {
    return { root: invoice, credit: textOf(invoice.InvoiceTypeCode) === '381' };
  }
  const credit = node(doc.CreditNote);
  return credit ? { root: credit, credit: true } : null;
}

export function detectEn16931Ubl(doc: XmlNode): boolean {
  const found = ublRoot(doc);
  if (!found) {
    return false;
  }
  const lines = found.root.InvoiceLine ?? found.root.CreditNoteLine;
  return list(lines).length > 0 && node(list(found.root.LegalMonetaryTotal)[0]) !== null;
}

export function extractEn16931Ubl(doc: XmlNode, format: NormalisedInvoice['format'] = 'xml', origin = ''): Extracted {
  const { root: r, credit } = ublRoot(doc) as { root: XmlNode; credit: boolean };
  const currency = textOf(r.DocumentCurrencyCode);
  const party = child(r, 'AccountingSupplierParty', 'Party');
  const legalName = textOf(child(party, 'PartyLegalEntity', 'RegistrationName'));
  const period = child(r, 'InvoicePeriod');
  const totals = child(r, 'LegalMonetaryTotal');
  const taxTotals = list(r.TaxTotal);
  const taxTotal =
    taxTotals.find((t) => currency === null || attribute(child(t, 'TaxAmount'), 'currencyID') === currency) ??
    taxTotals[0];
  const lineKey = r.InvoiceLine !== undefined ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityKey = lineKey === 'InvoiceLine' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lines: RawLine[] = list(r[lineKey]).map((line, i) => {
    const quantity = child(line, quantityKey);
    const price = child(line, 'Price');
    const item = child(line, 'Item');
    const linePeriod = child(line, 'InvoicePeriod');
    return {
      index: i + 1,
      label: textOf(child(item, 'Name')) ?? '',
      quantity: textOf(quantity),
      quantityCode: attribute(quantity, 'unitCode'),
      price: textOf(child(price, 'PriceAmount')),
      baseQuantity: textOf(child(price, 'BaseQuantity')),
      baseCode: attribute(child(price, 'BaseQuantity'), 'unitCode'),
      amount: textOf(child(line, 'LineExtensionAmount')),
      firstDay: textOf(child(linePeriod, 'StartDate')),
      lastDay: textOf(child(linePeriod, 'EndDate')),
      notes: allTexts(node(list(line)[0])?.Note),
      attributes: list(node(list(item)[0])?.AdditionalItemProperty).flatMap((p) => {
        const name = textOf(node(p)?.Name);
        const value = textOf(node(p)?.Value);
        return name !== null && value !== null ? [{ name, value }] : [];
      }),
      objectIds: list(node(list(line)[0])?.DocumentReference).flatMap((d) => {
        const id = textOf(node(d)?.ID);
        return id === null ? [] : [id];
      }),
    };
  });
  return mapInvoice(
    {
      syntax: 'UBL',
      credit,
      invoiceNumber: textOf(r.ID),
      issuedOn: textOf(r.IssueDate),
      supplier: legalName ?? textOf(child(party, 'PartyName', 'Name')),
      supplierPath: legalName ? 'PartyLegalEntity/RegistrationName' : 'PartyName/Name',
      supplierAddress: {
        lines: [
          textOf(child(party, 'PostalAddress', 'StreetName')),
          textOf(child(party, 'PostalAddress', 'AdditionalStreetName')),
          textOf(child(party, 'PostalAddress', 'AddressLine', 'Line')),
        ],
        postCode: textOf(child(party, 'PostalAddress', 'PostalZone')),
        city: textOf(child(party, 'PostalAddress', 'CityName')),
        country: textOf(child(party, 'PostalAddress', 'Country', 'IdentificationCode')),
      },
      deliveryLocation: textOf(child(r, 'Delivery', 'DeliveryLocation', 'ID')),
      deliveryPath: 'Delivery/DeliveryLocation/ID',
      buyerReference: textOf(r.BuyerReference),
      firstDay: textOf(child(period, 'StartDate')),
      lastDay: textOf(child(period, 'EndDate')),
      periodPath: 'InvoicePeriod',
      notes: allTexts(r.Note),
      vat: list(node(list(taxTotal)[0])?.TaxSubtotal).map((s) => ({
        rate: textOf(child(s, 'TaxCategory', 'Percent')),
        base: textOf(child(s, 'TaxableAmount')),
        amount: textOf(child(s, 'TaxAmount')),
      })),
      totalHt: textOf(child(totals, 'TaxExclusiveAmount')),
      totalTva: textOf(child(taxTotal, 'TaxAmount')),
      totalTtc: textOf(child(totals, 'TaxInclusiveAmount')),
      totalsPath: 'LegalMonetaryTotal, TaxTotal',
      lines,
    },
    format,
    EN16931_UBL_LAYOUT,
    origin,
  );
}
