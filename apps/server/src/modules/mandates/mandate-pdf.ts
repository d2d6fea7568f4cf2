import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { drawable, loadFonts, NO_LIGATURES, provideSubsetFonts } from '../../pdf/fonts.ts';
import { frenchDay, type MandateDocumentInput, mandateSections, PLATFORM_NAME } from './mandate-text.ts';
import { assertRenderableSignature } from './png-check.ts';
import { sealSubject, sha256Hex } from './seal.ts';

/**
 * Renders a mandate to PDF and seals it (ADR 0031). Pure CPU work with no Fastify nor database: it runs in a
 * worker thread (tasks.ts, run by render.ts), never on the request's event loop.
 *
 * Pages: the mandate text (parties, delivery point, each data category, duration, revocation right, 30-day
 * deletion, legal basis), the signature image, then the evidence page (signer account, timestamp, IP, user agent,
 * consent text version, SHA-256 of the mandate text and signature). The file is then sealed with a CMS
 * signature (SubFilter ETSI.CAdES.detached, SHA-256) by the platform's P12: changing any byte after sealing is
 * detected by `checkSeal`.
 */

export interface SealedMandateInput {
  document: MandateDocumentInput;
  p12: Uint8Array;
  passphrase: string;
  sealedAt: string;
  /** Fonts already subset (render.ts subsets them once per process in a worker); else subset here. */
  fonts?: { regular: Uint8Array; bold: Uint8Array } | undefined;
}

export interface SealedMandateOutput {
  pdf: Uint8Array;
  /** SHA-256 of the sealed file (recorded; `verify` compares with it). */
  sha256: string;
  /** SHA-256 of the mandate text and signature image, printed on the evidence page. */
  contentSha256: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
/** Detached CMS of an RSA-2048 P12 with one certificate is ~1.6 kB; room for a chain. */
const SIGNATURE_LENGTH = 16_384;

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.newPage();
    }
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const lineHeight = size * 1.35;
    for (const line of wrap(font, drawable(value), size, WIDTH)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 4;
  }
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width || line === '') {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'long',
  timeStyle: 'medium',
});

export function mandateContentSha256(input: MandateDocumentInput): string {
  const sections = mandateSections(input);
  const canonical = JSON.stringify({ sections, signature: input.signaturePng ? sha256Hex(input.signaturePng) : null });
  return sha256Hex(new TextEncoder().encode(canonical));
}

export async function renderSealedMandate(input: SealedMandateInput): Promise<SealedMandateOutput> {
  const { document } = input;
  // Checked at the request too (signature-image.ts); again here, first, where a malformed image would make pdf-lib's
  // decoder loop (ADR 0045).
  assertRenderableSignature(document.signaturePng);
  if (input.fonts) {
    provideSubsetFonts(input.fonts);
  }
  const fonts = await loadFonts();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: false, features: NO_LIGATURES });
  const bold = await doc.embedFont(fonts.bold, { subset: false, features: NO_LIGATURES });
  const sealedAt = new Date(input.sealedAt);
  doc.setTitle(`Mandat d’accès aux données — ${document.mandateId}`);
  doc.setProducer(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setCreationDate(sealedAt);
  doc.setModificationDate(sealedAt);

  const writer = new Writer(doc, regular, bold);
  writer.text('Mandat d’autorisation d’accès aux données de comptage', { size: 16, bold: true, gap: 6 });
  writer.text(
    `Référence ${document.mandateId} — ${document.kind === 'signed' ? 'mandat signé électroniquement' : 'mandat (formulaire classique)'}`,
    { size: 9, color: MUTED, gap: 12 },
  );
  for (const section of mandateSections(document)) {
    writer.text(section.title, { size: 12, bold: true, gap: 4 });
    for (const paragraph of section.paragraphs) {
      writer.text(paragraph);
    }
    writer.y -= 6;
  }

  writer.text(
    `Fait en ligne le ${DATE_TIME.format(new Date(document.signedAt))} (heure de Paris) par ${document.signer.name}.`,
    { gap: 8 },
  );
  if (document.signaturePng) {
    const image = await doc.embedPng(document.signaturePng);
    const scale = Math.min(1, WIDTH / image.width, 120 / image.height);
    const height = image.height * scale;
    writer.ensure(height + 20);
    writer.text('Signature du mandant :', { bold: true });
    writer.y -= height;
    writer.page.drawImage(image, { x: MARGIN, y: writer.y, width: image.width * scale, height });
    writer.y -= 12;
  }

  const contentSha256 = mandateContentSha256(document);
  writer.newPage();
  writer.text('Dossier de preuve', { size: 16, bold: true, gap: 10 });
  const evidence: [string, string][] = [
    ['Mandat', document.mandateId],
    ['Compte signataire', `${document.signer.name} <${document.signer.email}> (identifiant ${document.signer.userId})`],
    [
      'Horodatage de la signature',
      `${document.signedAt} (UTC) — ${DATE_TIME.format(new Date(document.signedAt))}, heure de Paris`,
    ],
    ['Adresse IP', document.ip],
    ['Navigateur (user agent)', document.userAgent || 'non transmis'],
    ['Version du texte de consentement', document.consentTextVersion],
    ['Mode de consentement', document.kind === 'signed' ? 'signature tracée à l’écran' : 'formulaire classique (clic)'],
    ['Durée', `${document.durationMonths} mois, jusqu’au ${frenchDay(document.expiryDate)}`],
    ['SHA-256 du texte du mandat et de la signature', contentSha256],
    ['Cachet', `${sealSubject(input.p12, input.passphrase)}, scellé le ${input.sealedAt} (UTC)`],
  ];
  for (const [label, value] of evidence) {
    writer.text(label, { bold: true, size: 9, gap: 1 });
    writer.text(value, { size: 10, gap: 6 });
  }
  writer.text(
    'Le document est scellé (signature PAdES, SubFilter ETSI.CAdES.detached, SHA-256) par le certificat de la plateforme. L’empreinte SHA-256 du fichier scellé est enregistrée ; la vérification (GET /api/mandates/{id}/verify/) recalcule l’empreinte et contrôle le cachet.',
    { size: 8, color: MUTED },
  );

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Cachet de la plateforme sur le mandat et son dossier de preuve',
    contactInfo: '',
    name: sealSubject(input.p12, input.passphrase),
    location: 'France',
    signingTime: sealedAt,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: PLATFORM_NAME,
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(Buffer.from(input.p12), { passphrase: input.passphrase });
  const sealed = await new SignPdf().sign(unsigned, signer, sealedAt);
  const pdf = new Uint8Array(sealed);
  return { pdf, sha256: sha256Hex(pdf), contentSha256 };
}
