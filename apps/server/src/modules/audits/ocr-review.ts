/**
 * Values read by OCR are confirmed before any check counts (issue #25 §5, ADR 0080): a scan's reading
 * (`provenance.ocr`) stops the audit at « À compléter » whatever it read, every field the review asks shown
 * « à confirmer » beside the page image; the findings computed before are thrown away (ADR 0071), so no anomaly nor
 * claim letter comes from a value the user has not seen.
 */
import {
  type AuditReview,
  type AuditReviewField,
  type AuditReviewFieldId,
  type AuditReviewValues,
  normalisedInvoiceSchema,
} from '@pilote/contracts';
import type { ReadingProvenance, ReadResult } from '@pilote/invoices';
import type { NormalisedInvoice } from '@pilote/tariffs';
import { figuresFit } from './review.ts';

/**
 * The review's fields a scan asks to confirm (the review asks those the invoice's option needs, and the point's code,
 * the printed NTR and the consumption when they were read, ADR 0087). The table's figures are asked beside them.
 */
const OCR_FIELDS: readonly AuditReviewFieldId[] = [
  'pce',
  'period',
  'tarif',
  'car',
  'cja',
  'pointCode',
  'ntrPrinted',
  'consumption',
];

/** The message of a field read by OCR. */
export const OCR_FIELD_MESSAGE =
  'Valeur lue par reconnaissance de caractères (OCR) sur le document numérisé : à confirmer.';

/** The fields to confirm because they were read by OCR (none for a file with text). */
export function ocrLowConfidence(provenance: ReadingProvenance | undefined): AuditReviewFieldId[] {
  return provenance?.ocr ? [...OCR_FIELDS] : [];
}

/** The review's fields, those read by OCR with the OCR message (a field doubtful for another reason keeps it). */
export function withOcrMessages(
  fields: AuditReviewField[],
  provenance: ReadingProvenance | undefined,
): AuditReviewField[] {
  if (!provenance?.ocr) {
    return fields;
  }
  return fields.map((field) =>
    field.reason === 'doubtful' && / confiance faible\.$/.test(field.message)
      ? { ...field, message: OCR_FIELD_MESSAGE }
      : field,
  );
}

/**
 * Whether the table's figures of a scan are confirmed (ADR 0087): always for a file with text; for a scan, once the
 * user has confirmed one figure per line and VAT line read. Until then the audit stays « À compléter »: no figure read
 * by OCR reaches a check, an anomaly or a claim letter.
 */
export function ocrFiguresConfirmed(
  provenance: ReadingProvenance | undefined,
  invoice: NormalisedInvoice,
  values: AuditReviewValues | undefined,
): boolean {
  if (!provenance?.ocr) {
    return true;
  }
  return values?.figures !== undefined && figuresFit(invoice, values.figures);
}

/**
 * The reading of a scan the user confirmed with its figures, so the job does not run the OCR again (ADR 0087: 5–15 s of
 * a worker per page): the invoice stored when the audit stopped at « À compléter » — written by this job from the
 * reader's invoice, parsed here with the contract — whose every value read by OCR the confirmation now replaces
 * (`applyReview`). The commune printed comes back from the review (`printedCommune`): the NTR is that of the first
 * reading, never silently the site's. Not kept: the OCR's page count and word confidence (only reported). Nothing for a
 * file with text (read again).
 */
export function confirmedScan(
  review: AuditReview | null,
  row: { invoice: unknown; warnings: readonly string[] | null },
): { scan?: Extract<ReadResult, { ok: true }> } {
  if (!review?.figuresAsked || !review.confirmed?.figures) {
    return {};
  }
  const invoice = normalisedInvoiceSchema.safeParse(row.invoice).data;
  if (!invoice || !figuresFit(invoice, review.confirmed.figures)) {
    return {};
  }
  return {
    scan: {
      ok: true,
      // The contract's schema is the domain invoice's shape with its unions widened to strings (kinds, TSO, option).
      invoice: invoice as unknown as NormalisedInvoice,
      warnings: [...(row.warnings ?? [])],
      provenance: {
        sources: {},
        lineSources: [],
        missing: [],
        ocr: { pages: 0, meanConfidence: 0 },
        ...(review.printedCommune ? { commune: review.printedCommune } : {}),
      },
    },
  };
}
