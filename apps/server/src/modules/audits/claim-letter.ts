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
  customer: { name: string; email: string };
  fileName: string;
  invoice: NormalisedInvoiceDto;
  /** The `anomalie` findings with an amount over-billed (the claim). */
  anomalies: AuditFindingDto[];
  /** What is claimed, exact to the cent: HT, VAT and TTC (ADR 0062). */
  amounts: ClaimedAmounts;
}

/** The claimed amounts: HT (Σ of the over-billed anomalies), VAT at `vatRate` (a ratio), TTC. */
export interface ClaimedAmounts {
  ht: number;
  vatRate: number;
  vat: number;
  ttc: number;
}

/**
 * Bumped when the layout changes: a letter kept under another version is rendered again (2: long words cut at the
 * margin; 3: HT, TVA and TTC claimed, only over-billed anomalies).
 */
export const CLAIM_LETTER_RENDERER_VERSION = '3';

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
  w.paragraph(input.customer.name, { bold: true });
  w.paragraph(input.customer.email, { color: MUTED });
  w.gap(18);
  w.paragraph(invoice.supplier, { bold: true }, 0, 'right');
  w.paragraph('Service clients — réclamations', {}, 0, 'right');
  w.gap(18);
  w.paragraph(`Le ${LONG_DATE.format(generatedAt)}`, {}, 0, 'right');
  w.gap(18);

  const point = [
    `point ${invoice.point.pointDeReseau}`,
    invoice.point.code ? `code ${invoice.point.code}` : null,
    invoice.point.pce ? `PCE ${invoice.point.pce}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  w.paragraph(
    `Objet : réclamation sur la facture n° ${number}${invoice.issuedOn ? ` du ${frenchDate(invoice.issuedOn)}` : ''} — ${point} — période du ${frenchDate(invoice.period.firstDay)} au ${frenchDate(invoice.period.lastDay)}`,
    { bold: true },
  );
  w.gap(12);
  w.paragraph('Madame, Monsieur,');
  w.gap(6);
  w.paragraph(
    `Après vérification de la facture citée en objet (fichier « ${input.fileName} », montant total ${euros(invoice.totals.totalHt)} HT) au regard des tarifs réglementés d'acheminement du gaz naturel en vigueur sur la période, nous avons relevé ${input.anomalies.length === 1 ? "l'anomalie suivante" : `les ${input.anomalies.length} anomalies suivantes`} :`,
  );
  w.gap(8);

  input.anomalies.forEach((finding, index) => {
    w.paragraph(`${index + 1}. ${finding.title} — ${euros(finding.amountEuros)}`, { bold: true });
    w.paragraph(finding.message, {}, 14);
    w.paragraph(
      `${finding.billed.label} : ${figure(finding.billed.value, finding.billed.unit)} ; ${finding.expected.label} : ${figure(finding.expected.value, finding.expected.unit)}.`,
      {},
      14,
    );
    w.paragraph(`Règle : ${finding.rule.label} (${finding.rule.legalReference}).`, { size: 9, color: MUTED }, 14);
    if (finding.isEstimate) {
      w.paragraph('Valeur attendue calculée sur une grille estimée : à confirmer.', { size: 9, color: MUTED }, 14);
    }
    w.gap(6);
  });

  w.gap(4);
  const { amounts } = input;
  w.paragraph(
    `Montant total facturé à tort : ${euros(amounts.ht)} HT + ${euros(amounts.vat)} de TVA (${formatNumberFr(amounts.vatRate * 100, 0, 2)} %) = ${euros(amounts.ttc)} TTC.`,
    { bold: true },
  );
  w.gap(8);
  w.paragraph(
    "Nous vous demandons en conséquence de bien vouloir procéder à la rectification de cette facture et au remboursement (ou à l'avoir) de ce montant, ou, à défaut, de nous transmettre le détail du calcul appliqué pour chacun des postes ci-dessus.",
  );
  w.gap(6);
  w.paragraph(
    'Dans l’attente de votre réponse, nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
  );
  w.gap(24);
  w.paragraph(input.customer.name, { bold: true }, 0, 'right');
  w.gap(24);
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
