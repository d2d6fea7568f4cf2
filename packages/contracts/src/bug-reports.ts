import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** Spec §3/§4: severities of a bug report (default minor) and the triage states (ADR 0035). */
export const bugSeverities = ['minor', 'major', 'critical'] as const;
export const bugSeveritySchema = z.enum(bugSeverities);
export type BugSeverity = z.infer<typeof bugSeveritySchema>;
export const bugSeverityLabels: Record<BugSeverity, string> = {
  minor: 'Mineure',
  major: 'Majeure',
  critical: 'Critique',
};

export const bugReportStatuses = ['new', 'in_progress', 'resolved', 'rejected'] as const;
export const bugReportStatusSchema = z.enum(bugReportStatuses);
export type BugReportStatus = z.infer<typeof bugReportStatusSchema>;
export const bugReportStatusLabels: Record<BugReportStatus, string> = {
  new: 'Nouveau',
  in_progress: 'En cours',
  resolved: 'Résolu',
  rejected: 'Rejeté',
};
/** nouveau → en cours → résolu / rejeté (a new report may also be closed directly). */
export const bugReportTransitions: Record<BugReportStatus, readonly BugReportStatus[]> = {
  new: ['in_progress', 'resolved', 'rejected'],
  in_progress: ['resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

/** Spec §5 messages (used exactly by the widget and the server). */
export const bugReportMessages = {
  titleRequired: 'Le titre est obligatoire.',
  descriptionRequired: 'La description est obligatoire.',
  emailRequired: "L'email est obligatoire si vous n'êtes pas connecté.",
  success: 'Merci ! Votre rapport a été envoyé avec succès.',
  genericError: 'Une erreur est survenue.',
  network: 'Impossible de se connecter au serveur.',
} as const;

/** Spec §9: the picked element's HTML is cut to 500 characters; its selector path is about 6 levels deep. */
export const BUG_ELEMENT_HTML_MAX = 500;
export const BUG_SELECTOR_MAX_DEPTH = 6;
export const BUG_SELECTOR_MAX_LENGTH = 1000;
export const BUG_TITLE_MAX = 200;
export const BUG_DESCRIPTION_MAX = 5000;
/** The screenshot (PNG or JPEG data URL): at most 3 MiB decoded and 16 million pixels (ADR 0035). */
export const BUG_SCREENSHOT_MAX_BYTES = 3 * 1024 * 1024;
export const BUG_SCREENSHOT_MAX_PIXELS = 16_000_000;
/** base64 of the bytes above plus the data-URL prefix. */
export const BUG_SCREENSHOT_MAX_CHARS = Math.ceil((BUG_SCREENSHOT_MAX_BYTES * 4) / 3) + 64;

const shortText = (max: number) => z.string().max(max, `Ce champ ne doit pas dépasser ${max} caractères.`);

export const browserInfoSchema = z.object({
  userAgent: shortText(500),
  language: shortText(50),
  platform: shortText(100),
  screenResolution: shortText(30),
  viewportSize: shortText(30),
});
export type BrowserInfo = z.infer<typeof browserInfoSchema>;

/** POST /api/common/bug-reports/ (anyone; the signed-in user is linked when present). */
export const bugReportBodySchema = z.object({
  title: z
    .string({ error: bugReportMessages.titleRequired })
    .trim()
    .min(1, bugReportMessages.titleRequired)
    .max(BUG_TITLE_MAX, `Le titre ne doit pas dépasser ${BUG_TITLE_MAX} caractères.`),
  description: z
    .string({ error: bugReportMessages.descriptionRequired })
    .trim()
    .min(1, bugReportMessages.descriptionRequired)
    .max(BUG_DESCRIPTION_MAX, `La description ne doit pas dépasser ${BUG_DESCRIPTION_MAX} caractères.`),
  severity: bugSeveritySchema.default('minor'),
  url: z.string().max(2000, "L'adresse de la page est trop longue.").default(''),
  elementSelector: z
    .string()
    .max(BUG_SELECTOR_MAX_LENGTH, 'Le sélecteur de l’élément est trop long.')
    .nullable()
    .default(null),
  elementHtml: z
    .string()
    .max(BUG_ELEMENT_HTML_MAX, `Le HTML de l’élément ne doit pas dépasser ${BUG_ELEMENT_HTML_MAX} caractères.`)
    .nullable()
    .default(null),
  /** data:image/png;base64,… or data:image/jpeg;base64,… — checked again by the server (magic bytes, size, pixels). */
  screenshot: z
    .string()
    .max(BUG_SCREENSHOT_MAX_CHARS, 'La capture d’écran est trop volumineuse.')
    .nullable()
    .default(null),
  userEmail: z
    .string()
    .trim()
    .max(254, "L'adresse e-mail est trop longue.")
    .pipe(z.union([z.literal(''), z.email({ error: 'Veuillez indiquer une adresse e-mail valide.' })]))
    .nullable()
    .default(null),
  browserInfo: browserInfoSchema,
  consoleErrors: z.array(z.string().max(1000)).max(0, 'consoleErrors doit être une liste vide.').default([]),
});
export type BugReportBody = z.input<typeof bugReportBodySchema>;
export type BugReportInput = z.output<typeof bugReportBodySchema>;

export const bugReportCreatedSchema = z.object({ id: z.string() });

/** GET /api/admin/bug-reports?status=&severity=&page=&pageSize= (staff and admin), newest first. */
export const adminBugReportsQuerySchema = pageQuerySchema.extend({
  status: bugReportStatusSchema.optional(),
  severity: bugSeveritySchema.optional(),
});
export type AdminBugReportsQuery = z.infer<typeof adminBugReportsQuerySchema>;

export const bugReportSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  severity: bugSeveritySchema,
  status: bugReportStatusSchema,
  url: z.string(),
  reporterEmail: z.string().nullable(),
  hasScreenshot: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type BugReportSummary = z.infer<typeof bugReportSummarySchema>;
export const adminBugReportsResponseSchema = pageOf(bugReportSummarySchema);
export type AdminBugReportsResponse = z.infer<typeof adminBugReportsResponseSchema>;

export const bugReportDetailSchema = bugReportSummarySchema.extend({
  description: z.string(),
  elementSelector: z.string().nullable(),
  elementHtml: z.string().nullable(),
  browserInfo: browserInfoSchema,
  userId: z.string().nullable(),
  /** A short-lived signed link to the screenshot, or null. */
  screenshotUrl: z.string().nullable(),
  statusNote: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type BugReportDetail = z.infer<typeof bugReportDetailSchema>;

export const bugReportIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PATCH /api/admin/bug-reports/:id — a status change with a note (required for résolu / rejeté). */
export const bugReportStatusBodySchema = z
  .object({
    status: bugReportStatusSchema,
    note: z.string().trim().max(2000, 'La note ne doit pas dépasser 2000 caractères.').default(''),
  })
  .refine((body) => body.status === 'new' || body.status === 'in_progress' || body.note.length > 0, {
    message: 'Une note est obligatoire pour clore un rapport.',
    path: ['note'],
  });
export type BugReportStatusBody = z.input<typeof bugReportStatusBodySchema>;
