import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { lineSourceSchema } from './simulator.ts';

/**
 * Invoice audit (issue #14; spec §2.5, §3 « Audit upload », §4, §5, §7, §8). docs/api.md § Audits, ADR 0034.
 *
 * - `POST /api/audits/sign-upload`     {filename, mime, size}        → `{ url, gcs_uri, expires_at }` then `PUT` the
 *   file's bytes to `url` (a signed, expiring, single-use URL of the storage adapter)
 * - `POST /api/audits/create`          {gcs_uri, filename, mime} → 201 `{ id }` (the file is sniffed here)
 * - `POST /api/audits/:id/start/`      {}                        → 202 `{ id, status }` (queued; one quota unit)
 * - `GET  /api/audits/?page=&pageSize=`                          → the caller's audits, newest first
 * - `GET  /api/audits/:id/`                                      → status, the normalised invoice and the findings
 * - `GET  /api/audits/:id/claim-letter-link`                     → `{ url, expiresAt }` (signed, 1 hour)
 * - `GET  /api/audits/:id/claim-letter?exp=&sig=`                → the claim letter PDF
 *
 * `gcs_uri` keeps the spec's name; it holds the storage URI (`local://…` or `s3://bucket/…`). Every audit is its
 * owner's: another user's id answers 404.
 */

/**
 * Spec §5: accepted extensions (the server decides on the bytes, never on the name); PNG and JPEG scans and photos
 * too, read by OCR (issue #25 §5, ADR 0080).
 */
export const auditExtensions = ['.pdf', '.xml', '.xls', '.xlsx', '.csv', '.png', '.jpg', '.jpeg'] as const;
/** The `accept` of the file picker. */
export const AUDIT_ACCEPT = auditExtensions.join(',');
/** Largest file accepted (bytes): 20 Mo. */
export const AUDIT_MAX_BYTES = 20 * 1024 * 1024;

export const AUDIT_MESSAGES = {
  extension: 'Format non pris en charge : déposez un fichier PDF, XML, XLS, XLSX ou CSV, ou une image PNG ou JPEG.',
  tooLarge: 'Le fichier dépasse la taille maximale de 20 Mo.',
  empty: 'Le fichier est vide.',
  notFound: 'Audit introuvable.',
  uploadMissing: "Le fichier n'a pas été reçu par le stockage : relancez l'upload.",
  uploadForeign: 'Ce fichier ne vous appartient pas ou son lien a expiré : relancez l’upload.',
  magicBytes:
    'Le contenu du fichier ne correspond à aucun format accepté (PDF, XML, XLS, XLSX, CSV, PNG, JPEG) : son extension ne suffit pas.',
  alreadyStarted: 'Cet audit est déjà lancé.',
  notToComplete: 'Cet audit n’attend aucune valeur à compléter.',
  reviewMissing: 'Valeur à compléter.',
  /** A scan's confirmation without the table's figures, or with other counts than the lines read (ADR 0087). */
  figuresMissing:
    'Confirmez les montants lus par OCR (lignes, TVA, totaux) : aucun contrôle ne porte sur un montant non confirmé.',
  reviewForbidden: 'Votre rôle dans l’organisation (lecteur) ne permet pas de compléter un audit.',
  documentUnavailable: 'Aperçu disponible pour les factures PDF et les images seulement.',
  timeout: 'L’analyse du fichier a dépassé le temps autorisé : fichier refusé.',
  memory: 'L’analyse du fichier a dépassé la mémoire autorisée : fichier refusé.',
  crashed: 'L’analyse du fichier a échoué de façon inattendue : fichier refusé.',
  letterUnavailable:
    'La lettre de réclamation n’est disponible que pour un audit terminé qui relève au moins une anomalie facturée en trop.',
  letterDoubtfulReading:
    'La lettre de réclamation n’est pas proposée : la lecture de la facture est à vérifier (valeurs incohérentes ou lignes non lues).',
  noDuplicate: 'Cet audit ne signale aucune facture antérieure couvrant la même période.',
  linkInvalid: 'Lien de téléchargement invalide.',
  linkExpired: 'Ce lien de téléchargement a expiré : redemandez la lettre depuis la page de l’audit.',
  /** Spec §8: what the audit screen shows when a step of upload/start fails without a server message. */
  uploadOrStartFailed: "Erreur lors de l'upload/démarrage (permission ou quota ?)",
} as const;

/** Spec §8: « Upload GCS échoué (status) ». */
export function uploadFailedMessage(status: number): string {
  return `Upload GCS échoué (${status})`;
}

/** The extension of a name, lower-cased, if it is one of spec §5's. */
export function auditExtensionOf(filename: string): (typeof auditExtensions)[number] | null {
  const lower = filename.trim().toLowerCase();
  return auditExtensions.find((extension) => lower.endsWith(extension)) ?? null;
}

const filenameSchema = z
  .string({ error: 'Le nom du fichier est obligatoire.' })
  .trim()
  .min(1, { error: 'Le nom du fichier est obligatoire.' })
  .max(255, { error: 'Le nom du fichier ne doit pas dépasser 255 caractères.' })
  .refine((name) => auditExtensionOf(name) !== null, { error: AUDIT_MESSAGES.extension });

/** What browsers give for the four formats varies (empty, octet-stream…): any short type is accepted and only kept. */
const mimeSchema = z.string().trim().max(100, { error: 'Type MIME invalide.' });

export const signUploadBodySchema = z.object({
  filename: filenameSchema,
  mime: mimeSchema,
  /** The file's exact size (File.size): the signed PUT must carry exactly these bytes (ADR 0030, 0034). */
  size: z
    .number({ error: 'La taille du fichier est obligatoire.' })
    .int()
    .min(1, { error: AUDIT_MESSAGES.empty })
    .max(AUDIT_MAX_BYTES, { error: AUDIT_MESSAGES.tooLarge }),
});
export type SignUploadBody = z.infer<typeof signUploadBodySchema>;

export const signUploadResponseSchema = z.object({
  /** Where to PUT the bytes (our `/api/storage/uploads/:token`, or an S3 presigned URL). Single use. */
  url: z.string(),
  /** The storage URI of the object (spec name kept). */
  gcs_uri: z.string(),
  expires_at: z.string(),
  /** Headers the PUT must carry (Content-Type for S3's signature). */
  headers: z.record(z.string(), z.string()).meta({ examples: [{ 'Content-Type': 'application/pdf' }] }),
  max_bytes: z.number().int(),
});
export type SignUploadResponse = z.infer<typeof signUploadResponseSchema>;

export const createAuditBodySchema = z.object({
  gcs_uri: z.string().trim().min(1).max(1000),
  filename: filenameSchema,
  mime: mimeSchema,
});
export type CreateAuditBody = z.infer<typeof createAuditBodySchema>;

export const createAuditResponseSchema = z.object({ id: z.string() });
export type CreateAuditResponse = z.infer<typeof createAuditResponseSchema>;

export const auditIdParamsSchema = z.object({
  id: z.uuid({ error: AUDIT_MESSAGES.notFound }),
});

/** `to_complete`: read, but a required field is missing or doubtful: the user confirms it (review step, ADR 0071). */
export const auditStatuses = ['uploaded', 'queued', 'running', 'to_complete', 'done', 'failed'] as const;
export const auditStatusSchema = z.enum(auditStatuses);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

export const startAuditBodySchema = z.object({}).strict().optional();
export const startAuditResponseSchema = z.object({ id: z.string(), status: auditStatusSchema });
export type StartAuditResponse = z.infer<typeof startAuditResponseSchema>;

/** PNG and JPEG: scans and photos, read by OCR and always confirmed by the user before any check (ADR 0080). */
/** CSV: a supplier portal's export (issue #25 §4, ADR 0081). */
export const auditFormats = ['pdf', 'xml', 'xlsx', 'xls', 'png', 'jpeg', 'csv'] as const;

/**
 * One invoice of a file that holds several (a supplier portal's export: one invoice per PCE and month, or per number):
 * each is an audit of its own on the same stored file (ADR 0086).
 */
export const auditPartSchema = z.object({
  pce: z.string(),
  /** `YYYY-MM`. */
  month: z.string(),
  /** Set when the export prints a number on every row (two invoices of one PCE-month are then two parts). */
  invoiceNumber: z.string().nullable(),
  /** Its place in the file (0 = first) and how many invoices the file holds. */
  index: z.number().int(),
  count: z.number().int(),
  /** A PDF's invoice: its first page in the file, the page the review step draws (ADR 0090). */
  firstPage: z.number().int().positive().optional(),
});
export type AuditPart = z.infer<typeof auditPartSchema>;

export const auditSummarySchema = z.object({
  id: z.string(),
  /** The name as uploaded, sanitised for display (the file is stored under a generated id). */
  filename: z.string(),
  format: z.enum(auditFormats),
  sizeBytes: z.number().int(),
  status: auditStatusSchema,
  /** French reason when `failed`. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Number of `anomalie` findings when done. */
  anomalies: z.number().int().nullable(),
  /** Number of `alerte` findings when done (to check with the supplier, amount not certain). */
  alerts: z.number().int().nullable(),
  /** Σ over-billed € of the anomalies when done (the recoverable amount). */
  recoverableEuros: z.number().nullable(),
  /** Which invoice of its file this audit is, when the file holds several (ADR 0086); null otherwise. */
  part: auditPartSchema.nullable().optional(),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

/** One invoice of the audit's file, as its results page lists them (ADR 0086). */
export const auditFileInvoiceSchema = z.object({
  id: z.string(),
  part: auditPartSchema,
  status: auditStatusSchema,
  anomalies: z.number().int().nullable(),
  recoverableEuros: z.number().nullable(),
  /** The site it belongs to: the one it was saved to, else the organisation's site of its PCE; null when none. */
  site: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AuditFileInvoice = z.infer<typeof auditFileInvoiceSchema>;

export const auditListQuerySchema = pageQuerySchema;
export const auditListSchema = pageOf(auditSummarySchema);
export type AuditList = z.infer<typeof auditListSchema>;

const periodSchema = z.object({ firstDay: z.string(), lastDay: z.string() });

export const invoiceLineSchema = z.object({
  label: z.string(),
  kind: z.string(),
  quantity: z.number().nullable(),
  quantityUnit: z.string().nullable(),
  unitPrice: z.number().nullable(),
  unitPriceUnit: z.string().nullable(),
  prorata: z.number().nullable(),
  amount: z.number(),
  period: periodSchema.nullable(),
});

export const normalisedInvoiceSchema = z.object({
  format: z.enum(auditFormats),
  layout: z.string(),
  supplier: z.string(),
  /** The supplier's postal address as letter lines, when the file gives it (e-invoices, ADR 0081). */
  supplierAddress: z.array(z.string().max(200)).max(8).optional(),
  invoiceNumber: z.string().nullable(),
  issuedOn: z.string().nullable(),
  point: z.object({
    pointDeReseau: z.enum(['PITD', 'LI', 'PIC']),
    code: z.string().nullable(),
    pce: z.string().nullable(),
  }),
  tso: z.string().nullable(),
  period: periodSchema,
  tarif: z.string().nullable(),
  car: z.number().nullable(),
  cja: z.number().nullable(),
  ntr: z.number().nullable(),
  consumptionMwh: z.number().nullable(),
  lines: z.array(invoiceLineSchema),
  vat: z.array(z.object({ rate: z.number(), base: z.number(), amount: z.number() })),
  totals: z.object({ totalHt: z.number(), totalTva: z.number(), totalTtc: z.number() }),
});
export type NormalisedInvoiceDto = z.infer<typeof normalisedInvoiceSchema>;

const figureSchema = z.object({ label: z.string(), value: z.union([z.number(), z.string()]), unit: z.string() });

export const auditFindingSchema = z.object({
  id: z.string(),
  check: z.string(),
  severity: z.enum(['anomalie', 'alerte', 'information']),
  title: z.string(),
  message: z.string(),
  amountEuros: z.number(),
  rule: z.object({
    id: z.string(),
    label: z.string(),
    legalReference: z.string(),
    sources: z.array(lineSourceSchema),
  }),
  billed: figureSchema,
  expected: figureSchema,
  lineIndex: z.number().int().nullable(),
  isEstimate: z.boolean(),
});
export type AuditFindingDto = z.infer<typeof auditFindingSchema>;

/** What the user says of an earlier invoice of the same point and period (ADR 0062). */
export const duplicateQualifications = ['doublon', 'rectificative', 'distincte'] as const;
export const duplicateQualificationSchema = z.enum(duplicateQualifications);
export type DuplicateQualification = z.infer<typeof duplicateQualificationSchema>;

/**
 * The audit report. The fields added by the safety gates (ADR 0062) default to empty for reports stored before
 * them; `duplicateQualification` is the user's answer about `possibleDuplicates`, kept in the same JSON column.
 */
export const auditReportSchema = z.object({
  findings: z.array(auditFindingSchema),
  checksRun: z.array(z.string()),
  checksSkipped: z.array(z.object({ check: z.string(), reason: z.string() })),
  readingProblems: z.array(z.object({ id: z.string(), field: z.string(), message: z.string() })).default([]),
  unverifiableLines: z
    .array(z.object({ lineIndex: z.number().int(), label: z.string(), reason: z.string() }))
    .default([]),
  possibleDuplicates: z
    .array(z.object({ invoiceNumber: z.string().nullable(), period: periodSchema, sharedDays: z.number().int() }))
    .default([]),
  duplicateQualification: duplicateQualificationSchema.nullable().default(null),
  overBilledEuros: z.number(),
  underBilledEuros: z.number(),
});
export type AuditReportDto = z.infer<typeof auditReportSchema>;

export const qualifyDuplicateBodySchema = z.object({ qualification: duplicateQualificationSchema });
export type QualifyDuplicateBody = z.infer<typeof qualifyDuplicateBodySchema>;

/**
 * Whether the claim letter is offered (ADR 0062), the same rule for the server (409) and the screen: a finished
 * audit with over-billed anomalies (positive amounts), on an invoice read without warnings or reading problems.
 */
export function claimLetterOffered(audit: {
  status: AuditStatus;
  report: Pick<AuditReportDto, 'findings' | 'readingProblems'> | null;
  warnings: readonly string[];
  /** True once the user confirmed the values read in the review step (ADR 0071): its reading problems are settled. */
  readingConfirmed?: boolean;
}): { offered: true } | { offered: false; reason: string } {
  const claimed = audit.report?.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0) ?? [];
  if (audit.status !== 'done' || !audit.report || claimed.length === 0) {
    return { offered: false, reason: AUDIT_MESSAGES.letterUnavailable };
  }
  if ((audit.report.readingProblems.length > 0 && audit.readingConfirmed !== true) || audit.warnings.length > 0) {
    return { offered: false, reason: AUDIT_MESSAGES.letterDoubtfulReading };
  }
  return { offered: true };
}

/**
 * The fields the review step can ask (issue #25 §6, ADR 0071). Values in the invoice's units (MWh, MWh/j). `ntr` is
 * the point's NTR (asked when no PITD code is printed); on a scan read by OCR the printed point code (`pointCode`),
 * the printed NTR (`ntrPrinted`) and the period's consumption (`consumption`, MWh) are asked too (ADR 0087).
 */
export const auditReviewFieldIds = [
  'pce',
  'period',
  'tarif',
  'car',
  'cja',
  'ntr',
  'pointCode',
  'ntrPrinted',
  'consumption',
] as const;
export type AuditReviewFieldId = (typeof auditReviewFieldIds)[number];

const isoDay = z.iso.date({ error: 'Date invalide (AAAA-MM-JJ).' });

const ntrSchema = z
  .number({ error: 'NTR : un entier de 0 à 10.' })
  .int({ error: 'NTR : un entier de 0 à 10.' })
  .min(0, { error: 'NTR : un entier de 0 à 10.' })
  .max(10, { error: 'NTR : un entier de 0 à 10.' });

const euros = (what: string) =>
  z
    .number({ error: `${what} : un montant en euros.` })
    .min(-100_000_000, { error: `${what} : montant trop grand.` })
    .max(100_000_000, { error: `${what} : montant trop grand.` });
const figure = (what: string) =>
  z
    .number({ error: `${what} : un nombre.` })
    .min(-100_000_000, { error: `${what} : nombre trop grand.` })
    .max(100_000_000, { error: `${what} : nombre trop grand.` })
    .nullable();

/**
 * The figures of a scan's table as the user confirms them (ADR 0087): one entry per line read, in the order read
 * (quantity and unit price null when the line printed none), the VAT lines and the totals. The service checks the
 * counts against the invoice read.
 */
const reviewFiguresSchema = z
  .object({
    lines: z
      .array(
        z
          .object({ quantity: figure('Quantité'), unitPrice: figure('Prix unitaire'), amount: euros('Montant') })
          .strict(),
      )
      .max(500),
    vat: z
      .array(
        z
          .object({
            rate: z
              .number({ error: 'Taux de TVA : un nombre.' })
              .min(0, { error: 'Taux de TVA : de 0 à 100 %.' })
              .max(1, { error: 'Taux de TVA : de 0 à 100 %.' }),
            base: euros('Base de TVA'),
            amount: euros('Montant de TVA'),
          })
          .strict(),
      )
      .max(20),
    totals: z
      .object({ totalHt: euros('Total HT'), totalTva: euros('Total TVA'), totalTtc: euros('Total TTC') })
      .strict(),
  })
  .strict();

/** What the user confirms or corrects. Every field asked must be given (checked by the service). */
export const auditReviewValuesSchema = z
  .object({
    pce: z
      .string()
      .trim()
      .regex(/^\d{14}$/, { error: 'Le PCE compte 14 chiffres.' })
      .meta({ examples: ['21427513947265'] })
      .optional(),
    period: z
      .object({ firstDay: isoDay, lastDay: isoDay })
      .refine((p) => p.firstDay <= p.lastDay, { error: 'La fin de la période précède son début.' })
      .optional(),
    tarif: z.enum(['T1', 'T2', 'T3', 'T4', 'TP'], { error: 'Option tarifaire : T1, T2, T3, T4 ou TP.' }).optional(),
    /** MWh/an. */
    car: z
      .number({ error: 'CAR : un nombre de MWh/an.' })
      .positive({ error: 'La CAR doit être positive.' })
      .max(10_000_000, { error: 'CAR trop grande.' })
      .optional(),
    /** MWh/j. */
    cja: z
      .number({ error: 'CJA : un nombre de MWh/j.' })
      .positive({ error: 'La CJA doit être positive.' })
      .max(1_000_000, { error: 'CJA trop grande.' })
      .optional(),
    ntr: ntrSchema.optional(),
    /** The point's code printed on the invoice (PITD « GI060012 », LI, PIC), as confirmed. */
    pointCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9 _.-]{0,39}$/, { error: 'Code du point : lettres et chiffres (ex. GI060012).' })
      .meta({ examples: ['GI060012'] })
      .optional(),
    /** The NTR printed on the invoice (the one it bills), as confirmed. */
    ntrPrinted: ntrSchema.optional(),
    /** MWh over the period. */
    consumption: z
      .number({ error: 'Consommation : un nombre de MWh.' })
      .nonnegative({ error: 'La consommation ne peut pas être négative.' })
      .max(100_000_000, { error: 'Consommation trop grande.' })
      .optional(),
    /** The table's figures of a scan read by OCR, confirmed or corrected (ADR 0087). */
    figures: reviewFiguresSchema.optional(),
  })
  .strict();
export type AuditReviewValues = z.infer<typeof auditReviewValuesSchema>;
export type AuditReviewFigures = z.infer<typeof reviewFiguresSchema>;

const reviewValueSchema = z.union([z.string(), z.number(), z.object({ firstDay: z.string(), lastDay: z.string() })]);

/** One field the review step asks: what was read, why it is asked, and the suggestion from the user's data. */
export const auditReviewFieldSchema = z.object({
  field: z.enum(auditReviewFieldIds),
  /** French label (« Capacité journalière souscrite (CJA) »). */
  label: z.string(),
  /** `missing`: not printed or not read; `doubtful`: read, but it disagrees with the rest of the invoice. */
  reason: z.enum(['missing', 'doubtful']),
  /** French sentence: why it is asked. */
  message: z.string(),
  unit: z.string(),
  read: reviewValueSchema.nullable(),
  suggested: reviewValueSchema.nullable(),
  /** French: where the suggestion comes from (« votre site … », « votre correction du … »), null without one. */
  suggestedFrom: z.string().nullable(),
  /** NTR: the values the PITD table gives for the site's commune (they disagree, hence the question). */
  candidates: z.array(z.object({ value: z.number(), label: z.string() })),
});
export type AuditReviewField = z.infer<typeof auditReviewFieldSchema>;

export const auditReviewSchema = z.object({
  fields: z.array(auditReviewFieldSchema),
  /**
   * True on a scan read by OCR: the table's figures (lines, VAT, totals) are asked « à confirmer » too, and the
   * confirmation must carry them (`figures`, ADR 0087).
   */
  figuresAsked: z.boolean().default(false),
  /**
   * A scan's delivery commune as printed and read (the NTR's source, ADR 0081), kept so that the confirmed scan —
   * not read again (ADR 0087) — is checked with the same commune as the first reading, not the site's.
   */
  printedCommune: z.string().nullable().optional(),
  /** What the user confirmed (null while « À compléter »). */
  confirmed: auditReviewValuesSchema.nullable(),
  confirmedAt: z.string().nullable(),
});
export type AuditReview = z.infer<typeof auditReviewSchema>;

export const confirmReviewResponseSchema = startAuditResponseSchema;

export const auditDetailSchema = auditSummarySchema.extend({
  /** The review step: the fields asked and, once confirmed, the values the checks ran on (ADR 0071). */
  review: auditReviewSchema.nullable(),
  invoice: normalisedInvoiceSchema.nullable(),
  report: auditReportSchema.nullable(),
  /** Reader's warnings (fields it could not read but did not need). */
  warnings: z.array(z.string()),
  /** When the reader refused the file: what it found (shown with « format non reconnu »). */
  found: z.array(z.string()),
  /** Every invoice of the audit's file, itself included, in the file's order; empty for a file of one (ADR 0086). */
  invoicesInFile: z.array(auditFileInvoiceSchema).optional(),
  /** The site the audit is saved to (« Rattacher à un site », ADR 0079), null when none; its page lists the audit. */
  site: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const claimLetterLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ClaimLetterLinkResponse = z.infer<typeof claimLetterLinkResponseSchema>;

export const claimLetterQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});
