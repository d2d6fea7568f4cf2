/**
 * Tariff data administration (issue 11 part 3, ADR 0025): dated values added in the admin panel, grid imports,
 * reference-table imports, the audit log, and the public calendar of grid changes.
 */
import type { EstimateBasis, ParameterGrid, ParameterUnit, ValueStatus } from '@pilote/tariffs';
import { statusLabel } from '@pilote/tariffs/status';
import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';
import { estimateBases } from './simulator.ts';

export const parameterGrids = ['ATRD7 GRDF', 'ATRT8', 'CTA', 'Accise', 'TVA', 'CEE'] as const;
export const parameterGridSchema = z.enum(parameterGrids);
export const parameterUnits = [
  '€/an',
  '€/MWh',
  '€/MWh/j/an',
  '€/m/an',
  '€/Nm³/h/an',
  'MWh/j',
  'Nm³/h',
  'ratio',
  'coefficient',
] as const;
export const parameterUnitSchema = z.enum(parameterUnits, { error: 'Unité inconnue.' });
export const valueStatuses = ['official', 'secondary', 'estimate'] as const;
export const valueStatusSchema = z.enum(valueStatuses, {
  error: 'Statut inconnu (officiel, secondaire ou estimation).',
});
export type ValueStatusDto = z.infer<typeof valueStatusSchema>;

/** The lists above are the engine's unions, exactly: a grid, unit or status added there fails to compile here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatchTheEngine: [
  Same<(typeof parameterGrids)[number], ParameterGrid>,
  Same<(typeof parameterUnits)[number], ParameterUnit>,
  Same<ValueStatusDto, ValueStatus>,
] = [true, true, true];
void listsMatchTheEngine;

/** French labels of the statuses (the panel and /tarifs-energie). */
export const valueStatusLabels: Record<ValueStatusDto, string> = {
  official: 'Officielle',
  secondary: 'Source secondaire',
  estimate: 'Estimation',
};

/**
 * The label of a status, capitalised as in `valueStatusLabels`; an estimate whose kind is known says it:
 * « Estimation (source secondaire) », « Estimation (formule de la délibération 2024-40) », « Estimation (valeur
 * précédente reconduite) » (ADR 0050).
 */
export function valueStatusText(status: ValueStatusDto, basis?: EstimateBasis | null): string {
  if (status !== 'estimate' || !basis) {
    return valueStatusLabels[status];
  }
  const label = statusLabel(status, basis);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

export const tariffDataMessages = {
  parameterId: 'Veuillez choisir un paramètre.',
  validFrom: 'Veuillez indiquer une date d’effet valide (AAAA-MM-JJ).',
  value: 'Veuillez indiquer une valeur numérique.',
  referenceTitle: 'Veuillez indiquer le titre de la référence.',
  referenceUrl: 'Veuillez indiquer une adresse web (https://…) pour la référence.',
  references: 'Indiquez au moins une référence (titre et adresse).',
  note: 'La note ne peut pas dépasser 1 000 caractères.',
  fileText: 'Le fichier est vide.',
} as const;

const isoDateSchema = z
  .string({ error: tariffDataMessages.validFrom })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: tariffDataMessages.validFrom })
  .meta({ examples: ['2026-07-01'] });

export const tariffReferenceSchema = z.object({
  title: z
    .string({ error: tariffDataMessages.referenceTitle })
    .trim()
    .min(1, { error: tariffDataMessages.referenceTitle })
    .max(300)
    .meta({
      examples: [
        "Délibération CRE n° 2026-28 du 28 janvier 2026 portant décision sur l'évolution annuelle du tarif d'utilisation des réseaux de transport de gaz naturel de NaTran et Teréga au 1er avril 2026",
      ],
    }),
  url: z
    .string({ error: tariffDataMessages.referenceUrl })
    .trim()
    .max(1000)
    .regex(/^https?:\/\/\S+$/i, { error: tariffDataMessages.referenceUrl })
    .meta({
      examples: [
        'https://www.cre.fr/fileadmin/Documents/Deliberations/2026/260128_2026-28_maj_tarifaire_ATRT8_1er_avril_2026.pdf',
      ],
    }),
  publishedOn: isoDateSchema.nullable().default(null),
});
export type TariffReferenceDto = z.infer<typeof tariffReferenceSchema>;

/**
 * A reference as answered for a packaged value: the package's own sources are not typed in the panel, so they are
 * not held to the panel's input limits (a quoted excerpt may exceed 300 characters, and a source with no public
 * address points to its section of docs/tariff-sources.md).
 */
export const packagedTariffReferenceSchema = tariffReferenceSchema.extend({
  title: z.string().min(1),
  url: z.string().min(1),
});

/** POST /api/admin/tariff-data/values (admin): adds a dated value (a new version when one exists on that date). */
export const addTariffValueBodySchema = z
  .object({
    parameterId: z
      .string({ error: tariffDataMessages.parameterId })
      .trim()
      .min(1, { error: tariffDataMessages.parameterId })
      .max(100),
    validFrom: isoDateSchema,
    /** null ends the parameter from that date. */
    value: z.number({ error: tariffDataMessages.value }).finite({ error: tariffDataMessages.value }).nullable(),
    unit: parameterUnitSchema,
    status: valueStatusSchema,
    references: z.array(tariffReferenceSchema).min(1, { error: tariffDataMessages.references }).max(10),
    note: z.string().trim().max(1000, { error: tariffDataMessages.note }).default(''),
  })
  .meta({
    examples: [
      {
        parameterId: 'atrd7.grdf.t1.abonnement',
        validFrom: '2026-07-01',
        value: 56.4,
        unit: '€/an',
        status: 'official',
        references: [
          {
            title:
              "Délibération CRE n° 2024-40 du 15 février 2024 portant décision sur le tarif péréqué d'utilisation des réseaux publics de distribution de gaz naturel de GRDF (ATRD7)",
            url: 'https://www.legifrance.gouv.fr/jorf/id/JORFTEXT000049565712',
            publishedOn: '2024-02-15',
          },
        ],
        note: 'Grille au 1er juillet 2026 publiée par la CRE.',
      },
    ],
  });
export type AddTariffValueBody = z.input<typeof addTariffValueBodySchema>;

/** POST /api/admin/tariff-data/values/undo (admin): a new version restoring what was in force before the last one. */
export const undoTariffValueBodySchema = z.object({
  parameterId: z.string().trim().min(1).max(100),
  validFrom: isoDateSchema,
});
export type UndoTariffValueBody = z.infer<typeof undoTariffValueBodySchema>;

/** One stored version of a (parameter, date). `action: 'withdraw'` = no stored value from this version on. */
export const storedTariffValueSchema = z.object({
  id: z
    .number()
    .int()
    .meta({ examples: [42] }),
  parameterId: z.string().meta({ examples: ['atrd7.grdf.t1.abonnement'] }),
  validFrom: z.string().meta({ examples: ['2026-07-01'] }),
  version: z.number().int().min(1),
  action: z.enum(['set', 'withdraw']),
  value: z
    .number()
    .nullable()
    .meta({ examples: [56.4] }),
  unit: parameterUnitSchema,
  status: valueStatusSchema,
  references: z.array(tariffReferenceSchema),
  note: z.string().meta({ examples: ['Grille au 1er juillet 2026 publiée par la CRE.'] }),
  recordedBy: z.string().meta({ examples: ['admin@exemple.fr'] }),
  recordedAt: z.iso.datetime(),
  /** 'panel' (one value), 'undo', 'import' (a grid file). */
  origin: z.enum(['panel', 'undo', 'import']),
});
export type StoredTariffValue = z.infer<typeof storedTariffValueSchema>;
export const storedTariffValueResponseSchema = z.object({ value: storedTariffValueSchema });

/** One dated value as the engine reads it (packaged, or stored over the packaged one). */
export const tariffDatedValueSchema = z.object({
  validFrom: z.string(),
  value: z.number().nullable(),
  status: valueStatusSchema,
  references: z.array(packagedTariffReferenceSchema),
  note: z.string().nullable(),
  origin: z.enum(['package', 'stored']),
  /** Stored values: who and when, and the version number of (parameter, date). */
  stored: z.object({ version: z.number().int(), recordedBy: z.string(), recordedAt: z.iso.datetime() }).nullable(),
  /** True when a stored value replaces a packaged value of the same date. */
  replacesPackaged: z.boolean(),
});
export type TariffDatedValue = z.infer<typeof tariffDatedValueSchema>;

export const tariffParameterSchema = z.object({
  id: z.string(),
  grid: parameterGridSchema,
  description: z.string(),
  unit: parameterUnitSchema,
  lastCheckedOn: z.string(),
  values: z.array(tariffDatedValueSchema),
});
export type TariffParameterDto = z.infer<typeof tariffParameterSchema>;

/** GET /api/admin/tariff-data/parameters?grid=&q=&page=&pageSize= (staff and admin). */
export const tariffParametersQuerySchema = pageQuerySchema.extend({
  grid: parameterGridSchema.optional(),
  q: z.string().trim().max(200).optional(),
});
export type TariffParametersQuery = z.infer<typeof tariffParametersQuerySchema>;
export const tariffParametersResponseSchema = pageOf(tariffParameterSchema);
export type TariffParametersResponse = z.infer<typeof tariffParametersResponseSchema>;

/**
 * GET /api/tariff-data/values?page=&pageSize= (public): the stored values the engine lays over the packaged ones
 * (current version of each (parameter, date), withdrawn ones left out), so /tarifs-energie shows what the simulator
 * uses. Ordered by parameter then date.
 */
export const publicStoredValuesQuerySchema = pageQuerySchema;
export const publicStoredValueSchema = z.object({
  parameterId: z.string(),
  validFrom: z.string(),
  value: z.number().nullable(),
  unit: parameterUnitSchema,
  status: valueStatusSchema,
  references: z.array(tariffReferenceSchema),
  note: z.string(),
});
export type PublicStoredValue = z.infer<typeof publicStoredValueSchema>;
export const publicStoredValuesResponseSchema = pageOf(publicStoredValueSchema);
export type PublicStoredValuesResponse = z.infer<typeof publicStoredValuesResponseSchema>;

/** GET /api/admin/tariff-data/audit?page=&pageSize= (staff and admin). */
export const tariffAuditQuerySchema = pageQuerySchema;
export const tariffAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['value.add', 'value.undo', 'grid.import', 'reference.import']),
  actorEmail: z.string(),
  summary: z.string(),
  createdAt: z.iso.datetime(),
});
export type TariffAuditEntry = z.infer<typeof tariffAuditEntrySchema>;
export const tariffAuditResponseSchema = pageOf(tariffAuditEntrySchema);
export type TariffAuditResponse = z.infer<typeof tariffAuditResponseSchema>;

/** GET /api/tariff-data/calendar?from=&to=&page=&pageSize= (public): grid changes grouped by date and grid. */
export const tariffCalendarQuerySchema = pageQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type TariffCalendarQuery = z.infer<typeof tariffCalendarQuerySchema>;
export const tariffCalendarChangeSchema = z.object({
  parameterId: z.string(),
  description: z.string(),
  unit: parameterUnitSchema,
  value: z.number().nullable(),
  previousValue: z.number().nullable(),
  status: valueStatusSchema,
  /** Why an estimate is one, when known (ADR 0050); null or absent otherwise. */
  basis: z.enum(estimateBases).nullable().optional(),
  origin: z.enum(['package', 'stored']),
});
export const tariffCalendarEntrySchema = z.object({
  date: z.string(),
  grid: parameterGridSchema,
  /** 'past' (already in force) or 'upcoming', relative to the server's today. */
  when: z.enum(['past', 'upcoming']),
  changes: z.array(tariffCalendarChangeSchema),
});
export type TariffCalendarEntry = z.infer<typeof tariffCalendarEntrySchema>;
export const tariffCalendarResponseSchema = pageOf(tariffCalendarEntrySchema).extend({
  from: z.string(),
  to: z.string(),
  today: z.string(),
});
export type TariffCalendarResponse = z.infer<typeof tariffCalendarResponseSchema>;

/** Grid file import (CSV or JSON) — POST …/grid-import/preview and …/grid-import/confirm (admin). */
export const GRID_IMPORT_MAX_CHARS = 200_000;
export const GRID_IMPORT_MAX_ROWS = 500;
export const GRID_CSV_HEADER = [
  'parametre',
  'date_effet',
  'valeur',
  'unite',
  'statut',
  'reference_titre',
  'reference_url',
  'note',
] as const;
export const gridImportBodySchema = z.object({
  format: z.enum(['csv', 'json'], { error: 'Format inconnu (csv ou json).' }),
  fileName: z.string().trim().min(1).max(255),
  text: z
    .string({ error: tariffDataMessages.fileText })
    .min(1, { error: tariffDataMessages.fileText })
    .max(GRID_IMPORT_MAX_CHARS, { error: `Le fichier dépasse ${GRID_IMPORT_MAX_CHARS / 1000} ko.` }),
});
export type GridImportBody = z.infer<typeof gridImportBodySchema>;

export const gridImportChangeSchema = z.object({
  parameterId: z.string(),
  description: z.string(),
  unit: parameterUnitSchema,
  validFrom: z.string(),
  /** Value the engine reads on that date today (null when none). */
  before: z.number().nullable(),
  after: z.number().nullable(),
  status: valueStatusSchema,
  /** 'new' date, 'replace' a value of that date, or 'same' value (still recorded with its reference). */
  kind: z.enum(['new', 'replace', 'same']),
});
export const referenceSimulationSchema = z.object({
  label: z.string(),
  dateEffet: z.string(),
  /** Yearly total before / after (€/an), null when the grids cannot compute that case. */
  before: z.number().nullable(),
  after: z.number().nullable(),
  error: z.string().nullable(),
});
export type ReferenceSimulation = z.infer<typeof referenceSimulationSchema>;
export const gridImportPreviewSchema = z.object({
  fileName: z.string(),
  changes: z.array(gridImportChangeSchema),
  simulations: z.array(referenceSimulationSchema),
});
export type GridImportPreview = z.infer<typeof gridImportPreviewSchema>;
export const gridImportResultSchema = z.object({ recorded: z.number().int(), batchId: z.string() });
export type GridImportResult = z.infer<typeof gridImportResultSchema>;

/** Reference tables (PITD, Zi, and later LI, PIC) imported from the panel: one registration per kind. */
export const referenceImportKindSchema = z.object({
  kind: z.string(),
  label: z.string(),
  header: z.array(z.string()),
  activeVersion: z.number().int().nullable(),
});
export type ReferenceImportKind = z.infer<typeof referenceImportKindSchema>;
export const referenceImportKindsResponseSchema = z.object({ items: z.array(referenceImportKindSchema) });
export const referenceImportParamsSchema = z.object({
  kind: z
    .string()
    .regex(/^[a-z0-9-]{1,20}$/)
    .meta({ examples: ['pitd'] }),
});
export const REFERENCE_IMPORT_MAX_CHARS = 900_000;
export const referenceImportBodySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  text: z
    .string({ error: tariffDataMessages.fileText })
    .min(1, { error: tariffDataMessages.fileText })
    .max(REFERENCE_IMPORT_MAX_CHARS, {
      error: 'Le fichier dépasse 900 ko : importez-le avec la commande tariffs:import.',
    }),
  isSample: z.boolean().default(false),
});
export type ReferenceImportBody = z.input<typeof referenceImportBodySchema>;
const referenceImportChangedPointSchema = z.object({
  code: z.string(),
  libelle: z.string(),
  communeInsee: z.string(),
  commune: z.string(),
  ntr: z.number().int(),
});
/**
 * PITD table: what the new version changes against the table in service (the active import, or the official table
 * shipped with the server: `against`), keyed by PITD code × commune; counts, and the first 20 rows of each kind
 * (ADR 0051).
 */
export const referenceImportChangesSchema = z.object({
  against: z.enum(['import', 'package']),
  added: z.number().int(),
  removed: z.number().int(),
  ntrChanged: z.number().int(),
  samples: z.object({
    added: z.array(referenceImportChangedPointSchema),
    removed: z.array(referenceImportChangedPointSchema),
    /** `ntrBefore`: the former value (« 0 ou 2 » for a doubled NTR of the shipped table). */
    ntrChanged: z.array(referenceImportChangedPointSchema.extend({ ntrBefore: z.string() })),
  }),
});
export type ReferenceImportChanges = z.infer<typeof referenceImportChangesSchema>;
export const referenceImportPreviewSchema = z.object({
  kind: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  distinctKeys: z.number().int(),
  activeVersion: z.number().int().nullable(),
  /** Rows of the active version (null when none: the packaged sample answers). */
  activeRowCount: z.number().int().nullable(),
  warnings: z.array(z.string()),
  /** Line-numbered French errors: the file would be refused (nothing is written). */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** PITD table: rows added, removed and NTR changed against the table in service; null for other tables. */
  changes: referenceImportChangesSchema.nullable().optional(),
});
export type ReferenceImportPreview = z.infer<typeof referenceImportPreviewSchema>;
export const referenceImportResultSchema = z.object({
  kind: z.string(),
  version: z.number().int(),
  rowCount: z.number().int(),
  previousVersion: z.number().int().nullable(),
  message: z.string(),
});
export type ReferenceImportResult = z.infer<typeof referenceImportResultSchema>;
