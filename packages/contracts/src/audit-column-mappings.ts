import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Column mappings of spreadsheet and CSV invoice exports (issue #25 §4, ADR 0085). An export whose header no reader
 * knows stops the audit with « Colonnes à indiquer »; a member maps its columns once, and the organisation's next
 * export with the same header is read without asking.
 *
 * - `GET    /api/audits/:id/columns`                    → `{ header }`: the columns to map (null when none asked)
 * - `PUT    /api/audits/:id/column-mapping`  {columns}  → 202 `{ id, status, mapping }`: kept, the audit relaunched
 * - `GET    /api/audits/column-mappings?page=&pageSize=` → the active organisation's mappings, newest first
 * - `DELETE /api/audits/column-mappings/:id`            → 200 `{ id }`
 *
 * Another organisation's audit or mapping answers 404; a viewer of the organisation 403 on the state-changing
 * routes (docs/permissions.md).
 */

/** The roles a column can take (`PortalColumn` of @pilote/invoices), in the form's order. */
export const columnRoleIds = [
  'pce',
  'firstDay',
  'lastDay',
  'month',
  'label',
  'quantity',
  'quantityUnit',
  'unitPrice',
  'unitPriceUnit',
  'prorata',
  'amount',
  'vat',
  'ttc',
  'supplier',
  'invoiceNumber',
  'tarif',
  'code',
  'ntr',
  'car',
  'cja',
  'consumption',
] as const;
export type ColumnRole = (typeof columnRoleIds)[number];

/** The form's French name of each role. */
export const COLUMN_ROLE_LABELS: Readonly<Record<ColumnRole, string>> = {
  pce: 'PCE (point de comptage)',
  firstDay: 'Date de début',
  lastDay: 'Date de fin',
  month: 'Mois',
  label: 'Libellé de la ligne',
  quantity: 'Quantité',
  quantityUnit: 'Unité de la quantité',
  unitPrice: 'Prix unitaire',
  unitPriceUnit: 'Unité du prix',
  prorata: 'Prorata / durée',
  amount: 'Montant HT',
  vat: 'TVA',
  ttc: 'Montant TTC',
  supplier: 'Fournisseur',
  invoiceNumber: 'N° de facture',
  tarif: 'Option tarifaire',
  code: 'Code PITD',
  ntr: 'NTR',
  car: 'CAR',
  cja: 'CJA',
  consumption: 'Consommation relevée',
};

/** The units a column of each role may be given (`COLUMN_UNITS` of @pilote/invoices). */
export const COLUMN_ROLE_UNITS: Readonly<Partial<Record<ColumnRole, readonly string[]>>> = {
  quantity: ['kWh', 'MWh', 'kWh/j', 'MWh/j'],
  unitPrice: ['€/kWh', '€/MWh', '€/an', '€/mois', '€/MWh/j/an', '€/kWh/j/an', '%'],
  car: ['kWh/an', 'MWh/an'],
  cja: ['kWh/j', 'MWh/j'],
  consumption: ['kWh', 'MWh'],
  amount: ['€'],
  vat: ['€'],
  ttc: ['€'],
};
const allUnits = [...new Set(Object.values(COLUMN_ROLE_UNITS).flat())] as [string, ...string[]];

export const COLUMN_MAPPING_MESSAGES = {
  notFound: 'Correspondance de colonnes introuvable.',
  noHeader: 'Cet audit n’attend aucune correspondance de colonnes.',
  forbidden: 'Votre rôle dans l’organisation (lecteur) ne permet pas de modifier les correspondances de colonnes.',
  invalid: 'Correspondance de colonnes incomplète.',
  role: 'Rôle de colonne inconnu.',
  unit: 'Unité inconnue.',
  index: 'Numéro de colonne invalide.',
} as const;

export const MAX_MAPPED_COLUMNS = 60;

const mappedColumnSchema = z
  .object({
    index: z
      .number({ error: COLUMN_MAPPING_MESSAGES.index })
      .int({ error: COLUMN_MAPPING_MESSAGES.index })
      .min(0, { error: COLUMN_MAPPING_MESSAGES.index })
      .max(MAX_MAPPED_COLUMNS - 1, { error: COLUMN_MAPPING_MESSAGES.index }),
    column: z.enum(columnRoleIds, { error: COLUMN_MAPPING_MESSAGES.role }),
    unit: z.enum(allUnits, { error: COLUMN_MAPPING_MESSAGES.unit }).nullable(),
  })
  .strict();
export type MappedColumn = z.infer<typeof mappedColumnSchema>;

/** `PUT /api/audits/:id/column-mapping`: the role (and unit) of each column used; unlisted columns are ignored. */
export const saveColumnMappingBodySchema = z
  .object({ columns: z.array(mappedColumnSchema).min(1, { error: COLUMN_MAPPING_MESSAGES.invalid }).max(60) })
  .strict();
export type SaveColumnMappingBody = z.infer<typeof saveColumnMappingBodySchema>;

/** One column of the header to map, as read in the file. */
export const headerColumnSchema = z.object({
  index: z.number().int().min(0),
  title: z.string(),
  proposed: z.object({ column: z.enum(columnRoleIds), unit: z.string().nullable() }).nullable(),
  samples: z.array(z.string()),
});
export type HeaderColumnDto = z.infer<typeof headerColumnSchema>;

/** `GET /api/audits/:id/columns`. */
export const auditColumnsSchema = z.object({
  header: z.object({ signature: z.string(), columns: z.array(headerColumnSchema) }).nullable(),
});
export type AuditColumns = z.infer<typeof auditColumnsSchema>;

export const columnMappingSchema = z.object({
  id: z.string(),
  signature: z.string(),
  titles: z.array(z.string()),
  columns: z.array(mappedColumnSchema),
  supplier: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ColumnMappingDto = z.infer<typeof columnMappingSchema>;

export const columnMappingListQuerySchema = pageQuerySchema;
export const columnMappingListSchema = pageOf(columnMappingSchema);
export type ColumnMappingList = z.infer<typeof columnMappingListSchema>;

export const columnMappingIdParamsSchema = z.object({
  id: z.uuid({ error: COLUMN_MAPPING_MESSAGES.notFound }),
});

export const saveColumnMappingResponseSchema = z.object({
  id: z.string(),
  status: z.literal('queued'),
  mapping: columnMappingSchema,
});
export type SaveColumnMappingResponse = z.infer<typeof saveColumnMappingResponseSchema>;

export const deleteColumnMappingResponseSchema = z.object({ id: z.string() });
