import { parseFrenchNumber } from '@pilote/tariffs/numbers';
import { z } from 'zod';
import { optimisationHistoryItemSchema, simulationHistoryItemSchema } from './history.ts';
import { organisationAddressSchema } from './organisations.ts';
import { pageNumberSchema, pageOf, pageSizeSchema } from './pagination.ts';
import { simulatorPoints, simulatorProfils, simulatorTarifs } from './simulator.ts';

/**
 * Sites (delivery points of an organisation, issue #24 §2, ADR 0068) under /api/sites/:
 *
 * - `GET    /api/sites/?page=&pageSize=&sort=&q=&tag=&option=` → the active organisation's sites, sorted and filtered
 *   by the server (`sort`: name, -name, pce, -pce, createdAt, -createdAt; `q`: name or PCE contains)
 * - `POST   /api/sites/`                → create (member and above)
 * - `GET    /api/sites/:id`             → one (404 for another organisation's id)
 * - `PUT    /api/sites/:id`             → update, every field sent (member and above)
 * - `DELETE /api/sites/:id`             → delete (member and above); its results stay, without their site
 * - `GET    /api/sites/:id/activity`    → its mandates (matched by PCE), consumption data, simulations,
 *   optimisations and audits
 * - `POST   /api/sites/import/`         → `{ fileName, content }` (CSV or XLSX, base64): a preview with the rows'
 *   French errors; nothing is saved
 * - `POST   /api/sites/import/confirm`  → the same body: saves the valid rows (member and above)
 * - `GET    /api/sites/export/?format=csv|xlsx` → every site of the organisation, in the import's columns
 */

export const SITE_NAME_MAX = 120;
export const SITE_TAG_MAX = 40;
export const SITE_TAGS_MAX = 20;
/** Rows of one import file at most. */
export const SITE_IMPORT_MAX_ROWS = 10_000;
/** Bytes of one import file at most (the base64 text is 4/3 of it). */
export const SITE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Errors listed in a preview at most (the counts are always whole). */
export const SITE_IMPORT_MAX_ERRORS = 500;
/** Valid rows shown in a preview at most. */
export const SITE_IMPORT_PREVIEW_ROWS = 100;

export const sitePointTypes = simulatorPoints;
export const siteOptions = simulatorTarifs;
export const siteSorts = ['name', '-name', 'pce', '-pce', 'createdAt', '-createdAt'] as const;
export type SiteSort = (typeof siteSorts)[number];

export const siteMessages = {
  nameRequired: 'Veuillez renseigner le nom du site.',
  nameTooLong: `Le nom du site ne doit pas dépasser ${SITE_NAME_MAX} caractères.`,
  pce: 'Le PCE doit comporter 14 chiffres.',
  pointType: 'Le type de point doit être PITD, LI ou PIC.',
  pointCode: 'Le code du point ne doit pas dépasser 40 caractères.',
  option: 'L’option tarifaire doit être T1, T2, T3, T4 ou TP.',
  profile: 'Le profil doit être l’un de P011 à P019.',
  car: 'La CAR doit être un nombre positif (MWh/an).',
  cja: 'La CJA doit être un nombre positif (MWh/j).',
  ntr: 'Le NTR doit être un entier compris entre 0 et 99.',
  supplier: 'Le fournisseur ne doit pas dépasser 120 caractères.',
  contractEndDate: 'La date de fin de contrat doit être une date valide (JJ/MM/AAAA ou AAAA-MM-JJ).',
  tag: `Une étiquette ne doit pas dépasser ${SITE_TAG_MAX} caractères.`,
  tags: `Un site a au plus ${SITE_TAGS_MAX} étiquettes.`,
  addressIncomplete: 'Adresse incomplète : indiquez l’adresse, le code postal (5 chiffres) et la commune.',
  pceTaken: 'Un site de l’organisation a déjà ce PCE.',
  pceTwice: 'Ce PCE figure déjà plus haut dans le fichier (ligne {line}).',
  notFound: 'Site introuvable.',
  fileEmpty: 'Le fichier est vide : la première ligne doit nommer les colonnes, puis un site par ligne.',
  fileHeader:
    'Colonnes obligatoires absentes de la première ligne : {missing}. Téléchargez un export pour voir les colonnes attendues.',
  fileTooManyRows: `Le fichier compte plus de ${SITE_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} sites : découpez-le en plusieurs fichiers.`,
  fileTooLarge: `Le fichier dépasse ${SITE_IMPORT_MAX_BYTES / 1024 / 1024} Mo.`,
  fileType: 'Format non reconnu : importez un fichier CSV (séparateur « ; ») ou XLSX.',
  fileEncoding: 'Le fichier CSV doit être encodé en UTF-8.',
  fileBase64: 'Le contenu du fichier est mal transmis (base64 attendu).',
  nothingToImport: 'Aucune ligne valide à importer : corrigez le fichier puis importez-le de nouveau.',
} as const;

export const siteOptionLabels: Record<(typeof siteOptions)[number], string> = {
  T1: 'T1',
  T2: 'T2',
  T3: 'T3',
  T4: 'T4',
  TP: 'TP',
};

const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A French or plain number (« 15 466,8 », 15466.8), or null when blank. */
function numberField(message: string, options: { integer?: boolean; max?: number } = {}) {
  return z.preprocess(
    (value) => {
      const blank = emptyToNull(value);
      if (blank === null) {
        return null;
      }
      const parsed = typeof blank === 'number' || typeof blank === 'string' ? parseFrenchNumber(blank) : null;
      return parsed ?? Number.NaN;
    },
    z
      .number({ error: message })
      .min(0, { error: message })
      .max(options.max ?? 1e9, { error: message })
      .refine((value) => !options.integer || Number.isInteger(value), { error: message })
      .nullable(),
  );
}

/** YYYY-MM-DD or DD/MM/YYYY, a real day; answered as YYYY-MM-DD. */
export function parseSiteDate(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : french
      ? [Number(french[3]), Number(french[2]), Number(french[1])]
      : [0, 0, 0];
  if (!year) {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** Spaces dropped: « 1234 5678 9012 34 » is a PCE typed in groups. */
export const sitePceSchema = z
  .string({ error: siteMessages.pce })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{14}$/, { error: siteMessages.pce }))
  .meta({ examples: ['21427513947265'] });

const optionalText = (max: number, message: string) =>
  z.preprocess(emptyToNull, z.string({ error: message }).trim().max(max, { error: message }).nullable());

/** Tags: an array, or one text separated by commas (an import cell); trimmed, blanks and duplicates dropped. */
const tagsSchema = z.preprocess(
  (value) => {
    const list = value === undefined || value === null ? [] : typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(list)) {
      return list;
    }
    const seen = new Set<string>();
    const tags: unknown[] = [];
    for (const item of list) {
      if (typeof item !== 'string') {
        tags.push(item);
      } else if (item.trim() !== '' && !seen.has(item.trim())) {
        seen.add(item.trim());
        tags.push(item.trim());
      }
    }
    return tags;
  },
  z
    .array(z.string({ error: siteMessages.tag }).max(SITE_TAG_MAX, { error: siteMessages.tag }), {
      error: siteMessages.tags,
    })
    .max(SITE_TAGS_MAX, { error: siteMessages.tags }),
);

export const siteAddressSchema = organisationAddressSchema;
export type SiteAddress = z.infer<typeof siteAddressSchema>;

/** POST /api/sites/ and PUT /api/sites/:id (every field sent; blanks are null). Also each row of an import. */
export const siteBodySchema = z
  .object({
    name: z
      .string({ error: siteMessages.nameRequired })
      .trim()
      .min(1, { error: siteMessages.nameRequired })
      .max(SITE_NAME_MAX, { error: siteMessages.nameTooLong }),
    pce: sitePceSchema,
    address: siteAddressSchema.nullable().optional().default(null),
    pointType: z.preprocess(emptyToNull, z.enum(sitePointTypes, { error: siteMessages.pointType }).nullable()),
    pointCode: optionalText(40, siteMessages.pointCode),
    option: z.preprocess(
      (value) => (typeof value === 'string' ? (emptyToNull(value.toUpperCase()) as unknown) : emptyToNull(value)),
      z.enum(siteOptions, { error: siteMessages.option }).nullable(),
    ),
    profile: z.preprocess(
      (value) => (typeof value === 'string' ? (emptyToNull(value.toUpperCase()) as unknown) : emptyToNull(value)),
      z.enum(simulatorProfils, { error: siteMessages.profile }).nullable(),
    ),
    /** Consommation annuelle de référence, MWh/an (the simulator's unit). */
    car: numberField(siteMessages.car),
    /** Capacité journalière souscrite, MWh/j (the simulator's unit). */
    cja: numberField(siteMessages.cja),
    ntr: numberField(siteMessages.ntr, { integer: true, max: 99 }),
    supplier: optionalText(120, siteMessages.supplier),
    contractEndDate: z.preprocess((value) => {
      const blank = emptyToNull(value);
      return typeof blank === 'string' ? (parseSiteDate(blank) ?? '!') : blank;
    }, z.iso.date({ error: siteMessages.contractEndDate }).nullable()),
    tags: tagsSchema,
  })
  .meta({
    examples: [
      {
        name: 'Usine de Laval',
        pce: '21427513947265',
        address: {
          label: '8 Boulevard du Port 80000 Amiens',
          address: '8 Boulevard du Port',
          postal_code: '80000',
          city: 'Amiens',
          citycode: '80021',
        },
        pointType: 'PITD',
        pointCode: 'GD1057',
        option: 'T4',
        profile: 'P016',
        car: 15466.8,
        cja: 109,
        ntr: null,
        supplier: 'Engie',
        contractEndDate: '2027-09-30',
        tags: ['Nord', 'Production'],
      },
    ],
  });
export type SiteBody = z.infer<typeof siteBodySchema>;
export type SiteBodyInput = z.input<typeof siteBodySchema>;

export const siteSchema = z.object({
  id: z.string().meta({ examples: ['5c0b1d5e-7c1a-4a4f-9f5e-2f1c2b3d4e5f'] }),
  name: z.string(),
  pce: z.string(),
  address: siteAddressSchema.nullable(),
  pointType: z.enum(sitePointTypes).nullable(),
  pointCode: z.string().nullable(),
  option: z.enum(siteOptions).nullable(),
  profile: z.enum(simulatorProfils).nullable(),
  car: z.number().nullable(),
  cja: z.number().nullable(),
  ntr: z.number().int().nullable(),
  supplier: z.string().nullable(),
  contractEndDate: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Site = z.infer<typeof siteSchema>;

/** A site's fields as saved (a validated body): what an import's preview shows of each row. */
export const siteValuesSchema = siteSchema.omit({ id: true, createdAt: true, updatedAt: true });

export const sitesPageSchema = pageOf(siteSchema);
export type SitesPage = z.infer<typeof sitesPageSchema>;

export const siteListQuerySchema = z.object({
  page: pageNumberSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(siteSorts, { error: 'Tri inconnu : name, -name, pce, -pce, createdAt ou -createdAt.' }).default('name'),
  /** Name or PCE contains (case and accents as typed). */
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().min(1).max(SITE_TAG_MAX).optional(),
  option: z.enum(siteOptions, { error: siteMessages.option }).optional(),
  /** Consumption data of the site's PCE: `missing`, `stale` (older than 45 days) or either (dashboard, ADR 0074). */
  data: z
    .enum(['missing', 'stale', 'missing-or-stale'], {
      error: 'Filtre de données inconnu : missing, stale ou missing-or-stale.',
    })
    .optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;
export type SiteListQueryInput = z.input<typeof siteListQuerySchema>;

export const siteIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const siteDeleteResponseSchema = z.object({ deleted: z.literal(true) });
/**
 * `PUT /api/sites/:id/audits/:auditId` (« Rattacher à un site », ADR 0079): an audit of the site's organisation saved
 * to the site (member and above); 404 for an audit of another organisation.
 */
export const siteAuditParamsSchema = z.object({ id: z.string().min(1).max(100), auditId: z.string().min(1).max(100) });
export const siteAuditLinkSchema = z.object({ siteId: z.string(), auditId: z.string() });
export type SiteAuditLink = z.infer<typeof siteAuditLinkSchema>;

// ---- import / export ----------------------------------------------------------------------------------------

export const siteImportBodySchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({ examples: ['sites.xlsx'] }),
  /** The file's bytes, base64. */
  content: z
    .string()
    .max(Math.ceil((SITE_IMPORT_MAX_BYTES * 4) / 3) + 4, { error: siteMessages.fileTooLarge })
    .meta({ examples: ['Tm9tO1BDRQpVc2luZSBkZSBMYXZhbDsyMTQyNzUxMzk0NzI2NQo='] }),
});
export type SiteImportBody = z.infer<typeof siteImportBodySchema>;

export const siteImportErrorSchema = z.object({
  /** Line of the file (1 = the header). */
  line: z.number().int().min(1),
  /** The column's header as the export writes it, or null for the row as a whole. */
  column: z.string().nullable(),
  message: z.string(),
});
export type SiteImportError = z.infer<typeof siteImportErrorSchema>;

export const siteImportPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** Data rows read (blank rows skipped). */
  rowCount: z.number().int().min(0),
  validCount: z.number().int().min(0),
  /** Rows with at least one error: they are not imported. */
  invalidCount: z.number().int().min(0),
  /** At most `SITE_IMPORT_MAX_ERRORS`, in file order. */
  errors: z.array(siteImportErrorSchema),
  /** The first valid rows (`SITE_IMPORT_PREVIEW_ROWS`), as they will be saved, with their line. */
  rows: z.array(z.object({ line: z.number().int().min(2), site: siteValuesSchema })),
});
export type SiteImportPreview = z.infer<typeof siteImportPreviewSchema>;

export const siteImportResultSchema = z.object({
  created: z.number().int().min(0),
  /** Rows left out: errors in the file, or a PCE saved meanwhile by someone else. */
  skipped: z.number().int().min(0),
});
export type SiteImportResult = z.infer<typeof siteImportResultSchema>;

/** `?site=<id>` on `POST /api/simulator/simulate/` and `POST /api/optimisation/`: the result is saved to that site. */
export const resultSiteQuerySchema = z.object({
  site: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ examples: ['5c0b1d5e-7c1a-4a4f-9f5e-2f1c2b3d4e5f'] }),
});

export const siteExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/**
 * The columns of an import file and of the export, in this order (the header row). Matching on import ignores case,
 * accents, spaces and what follows a parenthesis (« CAR (MWh/an) » = « car »).
 */
export const siteColumns = [
  { key: 'name', header: 'Nom', required: true },
  { key: 'pce', header: 'PCE', required: true },
  { key: 'address', header: 'Adresse', required: false },
  { key: 'postalCode', header: 'Code postal', required: false },
  { key: 'city', header: 'Commune', required: false },
  { key: 'citycode', header: 'Code INSEE', required: false },
  { key: 'pointType', header: 'Type de point', required: false },
  { key: 'pointCode', header: 'Code du point', required: false },
  { key: 'option', header: 'Option', required: false },
  { key: 'profile', header: 'Profil', required: false },
  { key: 'car', header: 'CAR (MWh/an)', required: false },
  { key: 'cja', header: 'CJA (MWh/j)', required: false },
  { key: 'ntr', header: 'NTR', required: false },
  { key: 'supplier', header: 'Fournisseur', required: false },
  { key: 'contractEndDate', header: 'Fin de contrat', required: false },
  { key: 'tags', header: 'Étiquettes', required: false },
] as const;
export type SiteColumnKey = (typeof siteColumns)[number]['key'];

/** « CAR (MWh/an) » → « car »; « Étiquettes » → « etiquettes ». */
export function normaliseSiteHeader(header: string): string {
  return header
    .split('(')[0]
    ?.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_'’-]+/g, '')
    .toLowerCase() as string;
}

// ---- a site's activity --------------------------------------------------------------------------------------

export const siteMandateSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  /** Last valid day (YYYY-MM-DD); null when it ended early (revoked, rejected). */
  expiryDate: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const siteAuditSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  /** Anomalies the audit found; null while it runs or when it failed. */
  anomalies: z.number().int().nullable(),
  /** € HT the claim letter asks back; null when unknown. */
  recoverable: z.number().nullable(),
});

export const siteConsumptionSchema = z.object({
  datasetId: z.string(),
  label: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** `GET /api/sites/:id/activity`: what the site page shows beside the site's own fields (latest first, ≤ 20 each). */
export const siteActivitySchema = z.object({
  /** The newest consumption dataset of the site's PCE, or null. */
  consumption: siteConsumptionSchema.nullable(),
  mandates: z.array(siteMandateSchema),
  simulations: z.array(simulationHistoryItemSchema),
  optimisations: z.array(optimisationHistoryItemSchema),
  audits: z.array(siteAuditSchema),
  /** Savings of the newest optimisation (€ HT/an), null when none. */
  optimisationSavings: z.number().nullable(),
  /** Sum of the audits' recoverable € HT, null when no audit gave one. */
  recoverable: z.number().nullable(),
});
export type SiteActivity = z.infer<typeof siteActivitySchema>;
