import fontkit from '@pdf-lib/fontkit';
import type { AuditFindingDto, NormalisedInvoiceDto } from '@pilote/contracts';
import { formatNumberFr } from '@pilote/tariffs';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawable, loadFonts, NO_LIGATURES } from '../simulator/pdf-report.ts';

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
  recoverableEuros: number;
}

export const CLAIM_LETTER_RENDERER_VERSION = '1';

const PAGE = { width: 595.28, height: 841.89 }; // A4 portrait
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
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

interface Style {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

class Letter {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  wrap(text: string, width: number, style: Style): string[] {
    const font = style.bold ? this.bold : this.regular;
    const size = style.size ?? 10;
    const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
    const lines: string[] = [];
    for (const paragraph of drawable(text).split('\n')) {
      let current = '';
      for (const word of paragraph.split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (fits(candidate) || !current) {
          current = candidate;
        } else {
          lines.push(current);
          current = word;
        }
      }
      lines.push(current);
    }
    return lines;
  }

  text(text: string, style: Style = {}, indent = 0, align: 'left' | 'right' = 'left'): void {
    const size = style.size ?? 10;
    const font = style.bold ? this.bold : this.regular;
    for (const line of this.wrap(text, WIDTH - indent, style)) {
      if (this.y - size * 1.4 < MARGIN + 20) {
        this.newPage();
      }
      const x = align === 'right' ? PAGE.width - MARGIN - font.widthOfTextAtSize(line, size) : MARGIN + indent;
      this.page.drawText(line, { x, y: this.y - size, size, font, color: style.color ?? INK });
      this.y -= size * 1.4;
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
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

  const w = new Letter(doc, regular, bold);
  w.text(input.customer.name, { bold: true });
  w.text(input.customer.email, { color: MUTED });
  w.gap(18);
  w.text(invoice.supplier, { bold: true }, 0, 'right');
  w.text('Service clients — réclamations', {}, 0, 'right');
  w.gap(18);
  w.text(`Le ${LONG_DATE.format(generatedAt)}`, {}, 0, 'right');
  w.gap(18);

  const point = [
    `point ${invoice.point.pointDeReseau}`,
    invoice.point.code ? `code ${invoice.point.code}` : null,
    invoice.point.pce ? `PCE ${invoice.point.pce}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  w.text(
    `Objet : réclamation sur la facture n° ${number}${invoice.issuedOn ? ` du ${frenchDate(invoice.issuedOn)}` : ''} — ${point} — période du ${frenchDate(invoice.period.firstDay)} au ${frenchDate(invoice.period.lastDay)}`,
    { bold: true },
  );
  w.gap(12);
  w.text('Madame, Monsieur,');
  w.gap(6);
  w.text(
    `Après vérification de la facture citée en objet (fichier « ${input.fileName} », montant total ${euros(invoice.totals.totalHt)} HT) au regard des tarifs réglementés d'acheminement du gaz naturel en vigueur sur la période, nous avons relevé ${input.anomalies.length === 1 ? "l'anomalie suivante" : `les ${input.anomalies.length} anomalies suivantes`} :`,
  );
  w.gap(8);

  input.anomalies.forEach((finding, index) => {
    w.text(`${index + 1}. ${finding.title} — ${euros(finding.amountEuros)}`, { bold: true });
    w.text(finding.message, {}, 14);
    w.text(
      `${finding.billed.label} : ${figure(finding.billed.value, finding.billed.unit)} ; ${finding.expected.label} : ${figure(finding.expected.value, finding.expected.unit)}.`,
      {},
      14,
    );
    w.text(`Règle : ${finding.rule.label} (${finding.rule.legalReference}).`, { size: 9, color: MUTED }, 14);
    if (finding.isEstimate) {
      w.text('Valeur attendue calculée sur une grille estimée : à confirmer.', { size: 9, color: MUTED }, 14);
    }
    w.gap(6);
  });

  w.gap(4);
  w.text(`Montant total facturé à tort : ${euros(input.recoverableEuros)} HT.`, { bold: true });
  w.gap(8);
  w.text(
    "Nous vous demandons en conséquence de bien vouloir procéder à la rectification de cette facture et au remboursement (ou à l'avoir) de ce montant, ou, à défaut, de nous transmettre le détail du calcul appliqué pour chacun des postes ci-dessus.",
  );
  w.gap(6);
  w.text(
    'Dans l’attente de votre réponse, nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
  );
  w.gap(24);
  w.text(input.customer.name, { bold: true }, 0, 'right');
  w.gap(24);
  w.text(`Référence de l'audit : ${input.auditId}`, { size: 8, color: MUTED });

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
