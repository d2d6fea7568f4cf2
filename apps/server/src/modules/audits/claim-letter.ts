import fontkit from '@pdf-lib/fontkit';
import type { AuditFindingDto, NormalisedInvoiceDto } from '@pilote/contracts';
import { formatNumberFr } from '@pilote/tariffs';
import { PDFDocument, rgb } from 'pdf-lib';
import { drawable, loadFonts, NO_LIGATURES } from '../../pdf/fonts.ts';
import { type PdfLayout, PdfWriter } from '../../pdf/writer.ts';

/**
 * The claim letter of an audit (issue #14): a French letter addressed to the supplier of the invoice, asking for
 * the over-billed amount back, one paragraph per anomaly citing its rule, its legal reference and both figures.
 * Rendered in a worker thread (claim-letter-worker.ts), never on the request's event loop.
 */
export interface ClaimLetterInput {
  auditId: string;
  /** The sender: the user who asks, and the company (their organisation) the letter is written for. */
  customer: LetterSender;
  fileName: string;
  invoice: NormalisedInvoiceDto;
  /** The `anomalie` findings with an amount over-billed (the claim). */
  anomalies: AuditFindingDto[];
  /** What is claimed, exact to the cent: HT, VAT and TTC (ADR 0062). */
  amounts: ClaimedAmounts;
}

/** A postal address (the organisation's, from the address search). */
export interface LetterAddress {
  address: string;
  postal_code: string;
  city: string;
}

/** Who writes: the user, and the identity of their organisation when it has one (ADR 0071). */
export interface LetterSender {
  name: string;
  email: string;
  organisation?: {
    name: string;
    siren: string | null;
    vatNumber: string | null;
    address: LetterAddress | null;
  } | null;
}

/**
 * The reply deadline asked of the supplier (days from receipt). A commercial deadline: no text sets one for a
 * supplier's answer to a business customer's claim (ADR 0071), so the letter says « délai de réponse » and no article.
 */
export const REPLY_DAYS = 30;

/** The claimed amounts: HT (Σ of the over-billed anomalies), VAT at `vatRate` (a ratio), TTC. */
export interface ClaimedAmounts {
  ht: number;
  vatRate: number;
  vat: number;
  ttc: number;
}

// The letter's version (bumped when the layout changes) is in its own module.
export { CLAIM_LETTER_RENDERER_VERSION } from './claim-letter-version.ts';

const PAGE = { width: 595.28, height: 841.89 }; // A4 portrait
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const NNBSP = '\u202f';

const euros = (value: number) => `${formatNumberFr(value, 2, 2).replace(/ /g, NNBSP)}\u00a0€`;
const figure = (value: number | string, unit: string) =>
  `${typeof value === 'number' ? formatNumberFr(value, 0, 5).replace(/ /g, NNBSP) : value}${unit ? ` ${unit}` : ''}`;

function frenchDate(iso: string | null): string {
  if (!iso) {
    return '—';
  }
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long' });

const LAYOUT: PdfLayout = { page: PAGE, margin: MARGIN, bottom: 20, size: 10, leading: 1.4, ink: INK, drawable };

interface Line {
  text: string;
  bold?: boolean;
  muted?: boolean;
}

/** The words of the letter, apart from the anomalies' own paragraphs: what the tests read (ADR 0071). */
export function claimLetterText(input: ClaimLetterInput, generatedAt: Date) {
  const { invoice, customer, amounts } = input;
  const organisation = customer.organisation ?? null;
  const number = invoice.invoiceNumber ?? 'sans numéro';
  const sender: Line[] = organisation
    ? [
        { text: organisation.name, bold: true },
        ...(organisation.address
          ? [
              { text: organisation.address.address },
              { text: `${organisation.address.postal_code} ${organisation.address.city}` },
            ]
          : []),
        ...(organisation.siren || organisation.vatNumber
          ? [
              {
                text: [
                  organisation.siren ? `SIREN ${organisation.siren.replace(/(\d{3})(?=\d)/g, '$1 ')}` : null,
                  organisation.vatNumber ? `TVA intracommunautaire ${organisation.vatNumber}` : null,
                ]
                  .filter(Boolean)
                  .join(' — '),
                muted: true,
              },
            ]
          : []),
        { text: `Affaire suivie par ${customer.name} — ${customer.email}`, muted: true },
      ]
    : [
        { text: customer.name, bold: true },
        { text: customer.email, muted: true },
      ];
  const recipient: Line[] = [
    { text: invoice.supplier, bold: true },
    { text: 'Service clients — réclamations' },
    // The seller's postal address when the file gives it (e-invoices, ADR 0081); else the letter says where to find
    // it (PDF and spreadsheet readers do not read it: an address guessed from a page would be worse than none).
    ...(invoice.supplierAddress && invoice.supplierAddress.length > 0
      ? invoice.supplierAddress.map((text) => ({ text }))
      : [{ text: 'Adresse postale : celle du service réclamations indiquée sur la facture', muted: true }]),
  ];
  const city = organisation?.address?.city;
  const point = [
    `point ${invoice.point.pointDeReseau}`,
    invoice.point.code ? `code ${invoice.point.code}` : null,
    invoice.point.pce ? `PCE ${invoice.point.pce}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const claimed = input.anomalies.length;
  return {
    sender,
    recipient,
    placeAndDate: `${city ? `${city}, le` : 'Le'} ${LONG_DATE.format(generatedAt)}`,
    registered: 'Lettre recommandée avec accusé de réception',
    subject: `Objet : réclamation sur la facture n° ${number}${invoice.issuedOn ? ` du ${frenchDate(invoice.issuedOn)}` : ''} — demande de rectification et de remboursement de ${euros(amounts.ttc)} TTC`,
    references: `Références : ${point} — période du ${frenchDate(invoice.period.firstDay)} au ${frenchDate(invoice.period.lastDay)} — montant de la facture ${euros(invoice.totals.totalHt)} HT, ${euros(invoice.totals.totalTtc)} TTC`,
    opening: `Après vérification de la facture citée en objet (fichier « ${input.fileName} ») au regard des tarifs réglementés d'acheminement du gaz naturel en vigueur sur la période, nous avons relevé ${claimed === 1 ? "l'anomalie suivante, facturée à notre détriment" : `les ${claimed} anomalies suivantes, facturées à notre détriment`} :`,
    amounts: [
      ['Montant facturé à tort (HT)', euros(amounts.ht)],
      [`TVA (${formatNumberFr(amounts.vatRate * 100, 0, 2)} %)`, euros(amounts.vat)],
      ['Total réclamé (TTC)', euros(amounts.ttc)],
    ] as [string, string][],
    closing: [
      `Nous vous demandons en conséquence de bien vouloir rectifier cette facture et de nous rembourser la somme de ${euros(amounts.ttc)} TTC (ou de nous adresser un avoir du même montant), ou, à défaut, de nous transmettre le détail du calcul appliqué pour chacun des postes ci-dessus.`,
      `Nous vous remercions de nous répondre dans un délai de ${REPLY_DAYS} jours à compter de la réception de ce courrier.`,
      'Dans l’attente de votre réponse, nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
    ],
    signature: organisation ? [customer.name, `pour ${organisation.name}`] : [customer.name],
    enclosure: `Pièce jointe : copie de la facture n° ${number}.`,
  };
}

export async function renderClaimLetterPdf(input: ClaimLetterInput, generatedAt: Date): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: false, features: NO_LIGATURES });
  const bold = await doc.embedFont(fonts.bold, { subset: false, features: NO_LIGATURES });
  const { invoice } = input;
  const number = invoice.invoiceNumber ?? 'sans numéro';
  doc.setTitle(`Réclamation — facture ${number}`);
  doc.setAuthor(input.customer.name);
  doc.setSubject('Lettre de réclamation sur une facture de gaz');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(generatedAt);
  doc.setProducer('Pilote Énergie (pdf-lib)');

  const w = new PdfWriter(doc, regular, bold, LAYOUT);
  const text = claimLetterText(input, generatedAt);
  for (const line of text.sender) {
    w.paragraph(line.text, line.bold ? { bold: true } : line.muted ? { color: MUTED } : {});
  }
  w.gap(14);
  for (const line of text.recipient) {
    w.paragraph(line.text, line.bold ? { bold: true } : line.muted ? { color: MUTED, size: 9 } : {}, 0, 'right');
  }
  w.gap(14);
  w.paragraph(text.placeAndDate, {}, 0, 'right');
  w.gap(14);
  w.paragraph(text.registered, { bold: true });
  w.gap(6);
  w.paragraph(text.subject, { bold: true });
  w.paragraph(text.references, { size: 9, color: MUTED });
  w.gap(12);
  w.paragraph('Madame, Monsieur,');
  w.gap(6);
  w.paragraph(text.opening);
  w.gap(8);

  input.anomalies.forEach((finding, index) => {
    w.paragraph(`${index + 1}. ${finding.title} — ${euros(finding.amountEuros)} HT`, { bold: true });
    w.paragraph(finding.message, {}, 14);
    w.paragraph(
      `${finding.billed.label} : ${figure(finding.billed.value, finding.billed.unit)} ; ${finding.expected.label} : ${figure(finding.expected.value, finding.expected.unit)}.`,
      {},
      14,
    );
    w.paragraph(
      `Règle : ${finding.rule.label.replace(/\.\s*$/, '')} (${finding.rule.legalReference}).`,
      { size: 9, color: MUTED },
      14,
    );
    if (finding.isEstimate) {
      w.paragraph('Valeur attendue calculée sur une grille estimée : à confirmer.', { size: 9, color: MUTED }, 14);
    }
    w.gap(6);
  });

  w.gap(4);
  for (const [label, value] of text.amounts) {
    w.paragraph(`${label} : ${value}`, { bold: label.startsWith('Total') });
  }
  w.gap(8);
  for (const paragraph of text.closing) {
    w.paragraph(paragraph);
    w.gap(6);
  }
  w.gap(18);
  for (const line of text.signature) {
    w.paragraph(line, { bold: true }, 0, 'right');
  }
  w.gap(18);
  w.paragraph(text.enclosure, { size: 9 });
  w.paragraph(`Référence de l'audit : ${input.auditId}`, { size: 8, color: MUTED });

  w.pages.forEach((page, index) => {
    const label = drawable(`Page ${index + 1} / ${w.pages.length}`);
    page.drawText(label, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save();
}
