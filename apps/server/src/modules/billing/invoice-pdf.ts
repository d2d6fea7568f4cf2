import fontkit from '@pdf-lib/fontkit';
import { formatEuroCents, intervalLabels, tierLabels, type UserTier } from '@pilote/contracts';
import { PDFDocument, rgb } from 'pdf-lib';
import { drawable, loadFonts, NO_LIGATURES } from '../../pdf/fonts.ts';
import { type PdfLayout, PdfWriter } from '../../pdf/writer.ts';

const PAGE = { width: 595.28, height: 841.89 }; // A4 portrait
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const LAYOUT: PdfLayout = { page: PAGE, margin: MARGIN, bottom: 20, size: 10, leading: 1.4, ink: INK, drawable };

/** What the worker needs to draw one invoice (plain data: it crosses the thread boundary). */
export interface InvoicePdfInput {
  number: string;
  issuedAt: string;
  periodStart: string;
  periodEnd: string;
  plan: string;
  interval: string;
  provider: string;
  amountHtCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  amountTtcCents: number;
  seller: { name: string; siren: string; vatNumber: string; address: string; demonstration?: boolean };
  buyer: { name: string; siren: string | null; vatNumber: string | null; address: string | null };
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const day = (iso: string) => dateFormat.format(new Date(iso));
/** A period's end is the next period's first instant: its last day is shown (ADR 0029). */
const lastDay = (iso: string) => dateFormat.format(new Date(new Date(iso).getTime() - 1));

function rate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole} %` : `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')} %`;
}

/** The invoice's words, in reading order: what the PDF shows and what the tests read (amounts to the cent). */
export function invoiceText(input: InvoicePdfInput) {
  const planLabel = tierLabels[input.plan as UserTier] ?? input.plan;
  const interval = input.interval === 'year' ? 'year' : 'month';
  return {
    title: `Facture n° ${input.number}`,
    date: `Date d’émission : ${day(input.issuedAt)}`,
    seller: [
      input.seller.name,
      input.seller.address,
      `SIREN : ${input.seller.siren}`,
      `N° TVA intracommunautaire : ${input.seller.vatNumber}`,
      ...(input.seller.demonstration ? ['Vendeur de démonstration : facture sans valeur comptable.'] : []),
    ],
    buyer: [
      `Client : ${input.buyer.name}`,
      ...(input.buyer.address ? [input.buyer.address] : []),
      ...(input.buyer.siren ? [`SIREN : ${input.buyer.siren}`] : []),
      ...(input.buyer.vatNumber ? [`N° TVA intracommunautaire : ${input.buyer.vatNumber}`] : []),
    ],
    line: `Abonnement Pilote Énergie — plan ${planLabel} (${intervalLabels[interval]}), du ${day(input.periodStart)} au ${lastDay(input.periodEnd)}`,
    amounts: [
      ['Total HT', formatEuroCents(input.amountHtCents)],
      [`TVA (${rate(input.vatRateBasisPoints)})`, formatEuroCents(input.vatCents)],
      ['Total TTC', formatEuroCents(input.amountTtcCents)],
    ] as [string, string][],
    payment: `Payée le ${day(input.issuedAt)}${input.provider === 'local' ? ' (paiement de démonstration)' : ' par carte (Stripe)'}.`,
    mentions: [
      'Facture acquittée : aucune somme restant due.',
      'Pas d’escompte pour paiement anticipé.',
      'En cas de retard de paiement : pénalités au taux de trois fois le taux d’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 € (art. L. 441-10 du Code de commerce).',
    ],
  };
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: false, features: NO_LIGATURES });
  const bold = await doc.embedFont(fonts.bold, { subset: false, features: NO_LIGATURES });
  const text = invoiceText(input);
  doc.setTitle(text.title);
  doc.setAuthor(input.seller.name);
  doc.setSubject('Facture d’abonnement');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(new Date(input.issuedAt));
  doc.setProducer('Pilote Énergie (pdf-lib)');

  const w = new PdfWriter(doc, regular, bold, LAYOUT);
  w.paragraph(text.title, { bold: true, size: 16 });
  w.paragraph(text.date);
  w.gap(14);
  text.seller.forEach((line, index) => {
    w.paragraph(line, index === 0 ? { bold: true } : { color: MUTED });
  });
  w.gap(14);
  text.buyer.forEach((line, index) => {
    w.paragraph(line, index === 0 ? { bold: true } : {}, 0, 'right');
  });
  w.gap(18);
  w.paragraph('Désignation', { bold: true });
  w.paragraph(text.line);
  w.gap(12);
  for (const [label, value] of text.amounts) {
    w.paragraph(`${label} : ${value}`, { bold: label === 'Total TTC' }, 0, 'right');
  }
  w.gap(12);
  w.paragraph(text.payment);
  w.gap(8);
  for (const mention of text.mentions) {
    w.paragraph(mention, { size: 8, color: MUTED });
  }
  return doc.save();
}
