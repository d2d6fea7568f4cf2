import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** bytea ↔ Uint8Array (PGlite answers a Uint8Array, pg a Buffer: both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => value,
});

/**
 * One row per installation: created at the first start, kept across restarts.
 * Lets an operator (and the health check) tell one installation's database from another's.
 */
export const appInstance = pgTable('app_instance', {
  id: text('id').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastStartedAt: timestamptz('last_started_at').notNull().defaultNow(),
});

// Identity tables read and written by better-auth through its Drizzle adapter (ADR 0008). The JS field names
// are better-auth's; `role` and `tier` are our additional user fields.

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-case (better-auth normalises it). */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** 'user' | 'staff' | 'admin' (contracts: userRoles). */
    role: text('role').notNull().default('user'),
    /** 'free' | 'basic' | 'premium' | 'admin' | 'business_trial' (contracts: userTiers). */
    tier: text('tier').notNull().default('free'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'staff', 'admin')`),
    check('users_tier_check', sql`${table.tier} in ('free', 'basic', 'premium', 'admin', 'business_trial')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    /** Password hash of the 'credential' account (format in modules/auth/password.ts). */
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_idx').on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/**
 * Mails kept instead of sent when no SMTP server is configured (adapters/mail/outbox.ts), so that sign-up
 * works on a bare machine; admins read them in the admin panel.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.createdAt)],
);

// ---- Reference data (ADR 0011) -------------------------------------------------------------------------
// One `reference_datasets` row per import of a PITD, Zi, LI or PIC file; its rows live in `pitd_rows` /
// `zi_rows` / `transport_point_rows` (LI and PIC, ADR 0024)
// keyed by the dataset id. Earlier versions are kept, deactivated; at most one active dataset per kind.
// Without an active dataset the server falls back to the sample shipped with @pilote/tariffs.

export const referenceDatasets = pgTable(
  'reference_datasets',
  {
    id: text('id').primaryKey(),
    /** 'pitd' | 'zi' | 'li' | 'pic'. */
    kind: text('kind').notNull(),
    /** 1, 2, 3… per kind, in import order. */
    version: integer('version').notNull(),
    sourceFileName: text('source_file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    importedAt: timestamptz('imported_at').notNull().defaultNow(),
    /** Who imported it, e.g. `cli:alice`. */
    importedBy: text('imported_by').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** True when the imported file is itself a sample (results computed with it say so). */
    isSample: boolean('is_sample').notNull().default(false),
  },
  (table) => [
    check('reference_datasets_kind_check', sql`${table.kind} in ('pitd', 'zi', 'li', 'pic')`),
    uniqueIndex('reference_datasets_kind_version_idx').on(table.kind, table.version),
    uniqueIndex('reference_datasets_one_active_idx').on(table.kind).where(sql`${table.isActive}`),
  ],
);

/** One row of the PITD table: PITD code × commune. */
export const pitdRows = pgTable(
  'pitd_rows',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => referenceDatasets.id, { onDelete: 'cascade' }),
    codePitd: text('code_pitd').notNull(),
    libelle: text('libelle').notNull(),
    communeInsee: text('commune_insee').notNull(),
    commune: text('commune').notNull(),
    /** 'NaTran' | 'Teréga' (normalised by the importer). */
    tso: text('tso').notNull(),
    dso: text('dso').notNull(),
    ntr: integer('ntr').notNull(),
    stationMeteo: text('station_meteo').notNull(),
    /** Line of the imported file (header = 1), for tracing a value back to the file. */
    sourceLine: integer('source_line').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.codePitd, table.communeInsee] }),
    check('pitd_rows_ntr_check', sql`${table.ntr} between 0 and 10`),
  ],
);

/** One row of an LI or PIC point table (the dataset's kind says which): point code × commune (ADR 0024). */
export const transportPointRows = pgTable(
  'transport_point_rows',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => referenceDatasets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    communeInsee: text('commune_insee').notNull(),
    commune: text('commune').notNull(),
    /** 'NaTran' | 'Teréga' (normalised by the importer); one per code. */
    tso: text('tso').notNull(),
    ntr: integer('ntr').notNull(),
    sourceLine: integer('source_line').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.code, table.communeInsee] }),
    check('transport_point_rows_ntr_check', sql`${table.ntr} between 0 and 10`),
  ],
);

/** One Zi value: weather station × profile. */
export const ziRows = pgTable(
  'zi_rows',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => referenceDatasets.id, { onDelete: 'cascade' }),
    stationMeteo: text('station_meteo').notNull(),
    profil: text('profil').notNull(),
    zi: doublePrecision('zi').notNull(),
    sourceLine: integer('source_line').notNull(),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.stationMeteo, table.profil] })],
);

// ---- Simulations (issue 4) -----------------------------------------------------------------------------

/** Every simulation run through the API: what was asked, what was answered. The PDF is rendered from it. */
export const simulations = pgTable(
  'simulations',
  {
    id: text('id').primaryKey(),
    /** Who made it; null once their account is deleted (it stays with the organisation, migration 0025, ADR 0079). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation it belongs to (ADR 0066): every member may read it; `user_id` is who created it. */
    organisationId: text('organisation_id')
      .notNull()
      .references((): AnyPgColumn => organisations.id, { onDelete: 'cascade' }),
    pointDeReseau: text('point_de_reseau').notNull(),
    /** The validated input (form fields as numbers, plus the reference data used). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /**
     * The simulation result as answered (`resultat`). `json`, not `jsonb` (ADR 0038): the ~17 kB text is stored
     * as sent and read back whole (never queried inside), so PostgreSQL need not build a binary tree per insert.
     */
    result: json('result').$type<Record<string, unknown>>().notNull(),
    gridDates: jsonb('grid_dates').$type<Record<string, string | null>>().notNull(),
    /** First day of the month of effect (YYYY-MM-DD). */
    dateEffet: text('date_effet').notNull(),
    usedSampleData: boolean('used_sample_data').notNull(),
    /**
     * The year's fixed network cost of the result (`result.annuel.totalFixe`, €), for the dashboard (ADR 0079):
     * written by a trigger from the result when the insert does not give it (migration 0025).
     */
    annualNetworkEuros: doublePrecision('annual_network_euros'),
    /** The site it was run for (`?site=` on the simulator, ADR 0068); null when none, or once the site is deleted. */
    siteId: text('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('simulations_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('simulations_site_created_idx').on(table.siteId, table.createdAt),
    index('simulations_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
  ],
);

/**
 * The rendered PDF of a simulation, kept so that it is rendered once (ADR 0018). A simulation never changes;
 * `renderer_version` (PDF_RENDERER_VERSION in pdf-report.ts) changes when the layout does, and a row of an
 * older version is re-rendered and replaced on the next download.
 */
export const simulationPdfs = pgTable(
  'simulation_pdfs',
  {
    simulationId: text('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    rendererVersion: text('renderer_version').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.simulationId, table.rendererVersion] })],
);

// ---- Optimisations (ADR 0037) ---------------------------------------------------------------------------

/**
 * A summary of every CJA optimisation answered (not the daily series): what was asked and the main figures, so
 * the owner's assistant can talk about « ma dernière optimisation ». Read only by the owner (user_id).
 */
export const optimisations = pgTable(
  'optimisations',
  {
    id: text('id').primaryKey(),
    /** Who made it; null once their account is deleted (it stays with the organisation, migration 0025, ADR 0079). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation it belongs to (ADR 0066): every member may read it; `user_id` is who created it. */
    organisationId: text('organisation_id')
      .notNull()
      .references((): AnyPgColumn => organisations.id, { onDelete: 'cascade' }),
    /** The PITD code, its commune and TSO, the option (T4 / TP). */
    code: text('code').notNull(),
    commune: text('commune').notNull(),
    tso: text('tso').notNull(),
    tarif: text('tarif').notNull(),
    /** First day of the month of effect (YYYY-MM-DD). */
    dateEffet: text('date_effet').notNull(),
    cjaActuelle: doublePrecision('cja_actuelle').notNull(),
    cjaOptimisee: doublePrecision('cja_optimisee').notNull(),
    economieAnnuelle: doublePrecision('economie_annuelle').notNull(),
    pourcentageEconomie: doublePrecision('pourcentage_economie').notNull(),
    coutAvant: doublePrecision('cout_avant').notNull(),
    coutApres: doublePrecision('cout_apres').notNull(),
    /** True when the daily series was synthesised (no readings): the CJA is indicative. */
    seriesEstimated: boolean('series_estimated').notNull(),
    hasEstimates: boolean('has_estimates').notNull(),
    /**
     * The request that made it, as `POST /api/optimisation/` accepts it (the validated form, numbers, the month of
     * effect and the dataset used): « Recalculer » sends it again. Null for rows stored before migration 0017.
     */
    input: jsonb('input').$type<Record<string, unknown>>(),
    /**
     * The whole answer as returned to the client, parsed with `optimisationResponseSchema` on read. `json`, not
     * `jsonb`, like `simulations.result` (ADR 0038): written once, read whole; PostgreSQL compresses it (TOAST,
     * ADR 0064 § Storage). Null for rows stored before migration 0017 (the history shows their summary only).
     */
    result: json('result').$type<Record<string, unknown>>(),
    /** The site it was run for (`?site=` on the optimisation form, ADR 0068); null when none or deleted. */
    siteId: text('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('optimisations_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('optimisations_site_created_idx').on(table.siteId, table.createdAt),
    index('optimisations_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
  ],
);

// ---- Consumption data (issue 5, ADR 0013) --------------------------------------------------------------
// One `consumption_datasets` row per imported file (owned by one user, for one PCE); its days live in
// `consumption_readings`, one row per day from the first to the last (days absent from the file: `manquant`).
// Datasets are immutable: a new file is a new dataset; deleting a dataset deletes its days.

export const consumptionDatasets = pgTable(
  'consumption_datasets',
  {
    id: text('id').primaryKey(),
    /** Who imported it; null once their account is deleted (the organisation keeps it, migration 0025, ADR 0079). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation it belongs to (ADR 0066): every member may read it; `user_id` is who created it. */
    organisationId: text('organisation_id')
      .notNull()
      .references((): AnyPgColumn => organisations.id, { onDelete: 'cascade' }),
    /** Point de comptage et d'estimation: 14 digits. */
    pce: text('pce').notNull(),
    label: text('label'),
    /** 'simple' (date;kWh) | 'grdf' (GRDF daily export). */
    sourceFormat: text('source_format').notNull(),
    sourceFileName: text('source_file_name'),
    /** 'kWh' when the file gave energies, 'm3' when they were computed from volumes. */
    unit: text('unit').notNull(),
    /** kWh/m³ given at import for volumes without their own coefficient. */
    conversionCoefficient: doublePrecision('conversion_coefficient'),
    /**
     * The GRDF mandate whose fetched data this series is (source_format 'operator', ADR 0072): one series per
     * mandate, its days upserted by the sync jobs; deleted by the mandate's purge.
     */
    mandateId: text('mandate_id').references((): AnyPgColumn => mandates.id, { onDelete: 'cascade' }),
    /** 'demo' | 'adict': where an operator series came from (null for imported files). */
    operatorSource: text('operator_source'),
    /**
     * The last measured or estimated day of its readings (`manquant` days do not count; null: none), kept by a
     * statement trigger on `consumption_readings` for every writer (migration 0025, ADR 0079): the dashboard's and
     * the sites list's freshness reads it instead of the readings.
     */
    lastDay: date('last_day', { mode: 'string' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('consumption_datasets_pce_check', sql`${table.pce} ~ '^[0-9]{14}$'`),
    check('consumption_datasets_format_check', sql`${table.sourceFormat} in ('simple', 'grdf', 'operator')`),
    check(
      'consumption_datasets_operator_check',
      sql`(${table.sourceFormat} = 'operator') = (${table.mandateId} is not null and ${table.operatorSource} in ('demo', 'adict'))`,
    ),
    uniqueIndex('consumption_datasets_mandate_idx').on(table.mandateId),
    check('consumption_datasets_unit_check', sql`${table.unit} in ('kWh', 'm3')`),
    index('consumption_datasets_user_pce_idx').on(table.userId, table.pce),
    index('consumption_datasets_user_created_idx').on(table.userId, table.createdAt),
    index('consumption_datasets_organisation_pce_last_idx').on(table.organisationId, table.pce, table.lastDay),
    index('consumption_datasets_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
  ],
);

/** One day of a dataset. Primary key (dataset, date): a date appears once per dataset. */
export const consumptionReadings = pgTable(
  'consumption_readings',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => consumptionDatasets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Energy of the day (kWh); null exactly when the day is missing. */
    kwh: doublePrecision('kwh'),
    /** 'mesure' | 'estime' | 'manquant'. */
    quality: text('quality').notNull(),
    /** Volume (m³) and coefficient (kWh/m³) when the energy was computed from a volume. */
    volumeM3: doublePrecision('volume_m3'),
    coefficient: doublePrecision('coefficient'),
    /** Line of the imported file; null for a day absent from the file. */
    sourceLine: integer('source_line'),
    /**
     * Operator series (ADR 0072): the operator's quality of the day, 'published' | 'estimated' | 'corrected', or
     * 'informative' (not yet published, replaced when it is; ADR 0076).
     */
    operatorQuality: text('operator_quality'),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.date] }),
    check(
      'consumption_readings_operator_quality_check',
      sql`${table.operatorQuality} is null or ${table.operatorQuality} in ('published', 'estimated', 'corrected', 'informative')`,
    ),
    check('consumption_readings_quality_check', sql`${table.quality} in ('mesure', 'estime', 'manquant')`),
    check(
      'consumption_readings_kwh_check',
      sql`(${table.quality} = 'manquant' and ${table.kwh} is null) or (${table.quality} <> 'manquant' and ${table.kwh} >= 0)`,
    ),
  ],
);

/**
 * The year the portfolio optimiser reads per dataset (issue #24 §5, ADR 0083): its readings of the 365 days up to
 * `last_day`, packed — one row per dataset with a measured or estimated day, kept by the same statement trigger on
 * `consumption_readings` as `last_day` (every writer: file import, operator sync, purge; migration 0027). A chunk of the
 * portfolio run reads these rows instead of aggregating 365 readings per site.
 */
export const consumptionDatasetYears = pgTable('consumption_dataset_years', {
  datasetId: text('dataset_id')
    .primaryKey()
    .references(() => consumptionDatasets.id, { onDelete: 'cascade' }),
  /** The first stored day of the window (`last_day` − 364 when the year is complete). */
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  /** Readings in the window (365: a full year, every day stored). */
  days: integer('days').notNull(),
  /** The readings' kWh in date order, 8 bytes each (`float8send`, big-endian); NaN for a missing day. */
  kwh: bytea('kwh').notNull(),
  /** One letter per reading in date order: m mesure, e estime, x manquant. */
  quality: text('quality').notNull(),
});

/** Messages sent from the public contact form (/contact); staff and admins read them (GET /api/admin/contact-messages). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    /** 'commercial' | 'support' | 'donnees' | 'autre' (contracts: contactTopics). */
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('contact_messages_topic_check', sql`${table.topic} in ('commercial', 'support', 'donnees', 'autre')`),
    index('contact_messages_created_at_idx').on(table.createdAt),
  ],
);

// ---- Plans, quotas and billing (issue #12, ADR 0027) ---------------------------------------------------

/**
 * Units of a quota feature used by an organisation's members together in one billing period (`period_start`
 * identifies the period: the calendar month, the subscription period or the trial). Consumed by one conditional
 * upsert (plans/quota.ts). Per organisation since migration 0024 (ADR 0078); per user before.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** contracts: quotaFeatureNames. */
    feature: text('feature').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.feature, table.periodStart] }),
    check('usage_counters_used_check', sql`${table.used} >= 0`),
  ],
);

/**
 * The organisation's paid subscription as the billing provider last told us (one row per organisation: the latest
 * one; ADR 0078). The entitlement (organisations.tier) is derived from it by the billing service, for Stripe and the
 * local provider alike. `user_id`: who subscribed.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    organisationId: text('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'stripe' | 'local'. */
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    /** The tier the subscription buys ('basic' | 'premium'), null when its price is unknown. */
    plan: text('plan'),
    /** The provider's status (contracts: subscriptionStatusSchema). */
    status: text('status').notNull(),
    /** 'month' | 'year' (ADR 0078). */
    interval: text('interval').notNull().default('month'),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('billing_subscriptions_interval_check', sql`${table.interval} in ('month', 'year')`),
    uniqueIndex('billing_subscriptions_provider_subscription_idx').on(table.provider, table.subscriptionId),
    index('billing_subscriptions_customer_idx').on(table.provider, table.customerId),
  ],
);

/** Provider events already processed (each event id once, ADR 0027). */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamptz('processed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Audit of tier changes and counter resets: who (admin) or what (provider, trial, period end), and when. */
export const planEvents = pgTable(
  'plan_events',
  {
    id: text('id').primaryKey(),
    /** The organisation whose plan changed (ADR 0078); null only for events of a deleted organisation's past. */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** Before ADR 0078: the user whose plan changed. Kept for those rows; null on the organisation's events. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'tier_change' | 'usage_reset'. */
    kind: text('kind').notNull(),
    /** 'admin' | 'stripe' | 'local' | 'trial' | 'trial_end' | 'period_end'. */
    source: text('source').notNull(),
    fromTier: text('from_tier'),
    toTier: text('to_tier'),
    feature: text('feature'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('plan_events_kind_check', sql`${table.kind} in ('tier_change', 'usage_reset')`),
    index('plan_events_user_created_idx').on(table.userId, table.createdAt),
    index('plan_events_organisation_created_idx').on(table.organisationId, table.createdAt),
  ],
);

/** The 14-day business trial: at most one per organisation, and one started per user, ever (ADR 0078). */
export const businessTrials = pgTable(
  'business_trials',
  {
    organisationId: text('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Who started it (null: granted by an administrator to an organisation whose starter is gone). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz('started_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
  },
  (table) => [uniqueIndex('business_trials_user_idx').on(table.userId)],
);

/**
 * The local demonstration provider's own records (adapters/billing/local.ts): what Stripe would hold. Checkout
 * and portal sessions, and subscriptions; the entitlement code reads them only through the adapter.
 */
export const localBillingSessions = pgTable(
  'local_billing_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation the checkout or portal is for (ADR 0078). */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** 'month' | 'year'. */
    interval: text('interval').notNull().default('month'),
    /** 'checkout' | 'portal'. */
    kind: text('kind').notNull(),
    plan: text('plan').notNull(),
    /** 'open' | 'completed' | 'expired'. */
    status: text('status').notNull().default('open'),
    subscriptionId: text('subscription_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('local_billing_sessions_kind_check', sql`${table.kind} in ('checkout', 'portal')`),
    index('local_billing_sessions_user_idx').on(table.userId),
  ],
);

export const localBillingSubscriptions = pgTable(
  'local_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation that pays (ADR 0078). */
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    plan: text('plan').notNull(),
    /** 'month' | 'year'. */
    interval: text('interval').notNull().default('month'),
    status: text('status').notNull(),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('local_billing_subscriptions_user_idx').on(table.userId),
    index('local_billing_subscriptions_organisation_idx').on(table.organisationId),
  ],
);

// ---- Invoice audits (issue #14, ADR 0034) --------------------------------------------------------------
// One `audits` row per uploaded invoice file, owned by one user. The bytes live in the storage adapter under a
// generated key (`storage_uri`); the name shown is the sanitised original name. The job (`audit.run`) fills
// `invoice` / `report` (done) or `error` (failed). The claim letter PDF is rendered once per audit and kept.

export const audits = pgTable(
  'audits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation it belongs to (ADR 0066): every member may read it; `user_id` is who created it. */
    organisationId: text('organisation_id')
      .notNull()
      .references((): AnyPgColumn => organisations.id, { onDelete: 'cascade' }),
    /** Original name, sanitised (control characters, path separators and bidi marks removed), ≤ 255. */
    fileName: text('file_name').notNull(),
    /** MIME type the browser announced (kept, never trusted). */
    declaredMime: text('declared_mime').notNull(),
    /** Format sniffed from the magic bytes at creation: pdf, xml, xlsx, xls. */
    format: text('format').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Storage URI of the bytes (`local://…`, `s3://…`). */
    storageUri: text('storage_uri').notNull(),
    /** uploaded → queued → running → done | failed. */
    status: text('status').notNull(),
    /** French reason of a failure (reader refusal, time or memory overrun). */
    error: text('error'),
    /** What the reader found when it refused (shown with « format non reconnu »). */
    found: jsonb('found').$type<string[]>(),
    invoice: jsonb('invoice').$type<Record<string, unknown>>(),
    report: jsonb('report').$type<Record<string, unknown>>(),
    warnings: jsonb('warnings').$type<string[]>(),
    /** The site the invoice is for (ADR 0068); null when none or once the site is deleted. */
    siteId: text('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    /**
     * The review step (issue #25 §6, ADR 0071): the fields asked of the user (missing or doubtful), the values read
     * and suggested, then the values the user confirmed. Null when the reading needed no review.
     */
    review: jsonb('review').$type<Record<string, unknown>>(),
    /**
     * Which invoice of its file this audit is when the file holds several (a portal export, ADR 0086):
     * `{ pce, month, invoiceNumber, index, count }` (contracts `auditPartSchema`); null for a file of one invoice. The
     * audits of one file share its `storage_uri`.
     */
    part: jsonb('part').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('audits_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('audits_site_created_idx').on(table.siteId, table.createdAt),
    index('audits_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
    // One audit per file and place in it (ADR 0086): a file of one invoice, or its first, is place 0.
    uniqueIndex('audits_storage_uri_part_idx').on(table.storageUri, sql`coalesce((${table.part} ->> 'index'), '0')`),
    check(
      'audits_status_check',
      sql`${table.status} in ('uploaded', 'queued', 'running', 'to_complete', 'done', 'failed')`,
    ),
  ],
);

/**
 * What a user confirmed or corrected in an audit's review step, per supplier and PCE (issue #25 §6, ADR 0071): it
 * pre-fills the review of that supplier's next invoice. `pce` is '' when the invoice printed none.
 */
export const auditSupplierCorrections = pgTable(
  'audit_supplier_corrections',
  {
    /** The organisation whose audits use the correction (ADR 0081; per user before migration 0022). */
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Who confirmed it last (kept when the member leaves: the organisation's correction stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The supplier's name as read, folded (lower case, no accents, single spaces). */
    supplierKey: text('supplier_key').notNull(),
    pce: text('pce').notNull(),
    /** The confirmed values (contracts: auditReviewValuesSchema). */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.supplierKey, table.pce] })],
);

/** The claim letter of an audit, rendered once per renderer version (like `simulation_pdfs`). */
export const auditClaimLetters = pgTable(
  'audit_claim_letters',
  {
    auditId: text('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    rendererVersion: text('renderer_version').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.auditId, table.rendererVersion] })],
);

/**
 * The column mappings of an organisation (issue #25 §4, ADR 0085): what each column of a spreadsheet or CSV export
 * whose header no reader knows means, given once by a member; the next export with the same header (`signature`:
 * its folded titles) is read with it. `supplier` is the supplier of the last invoice read with it.
 */
export const auditColumnMappings = pgTable(
  'audit_column_mappings',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Who gave it last (kept when the member leaves: the organisation's mapping stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    signature: text('signature').notNull(),
    /** The titles as printed, for the list. */
    titles: jsonb('titles').$type<string[]>().notNull(),
    /** Column index → { column (role), unit }: `PortalMapping` of @pilote/invoices. */
    mapping: jsonb('mapping').$type<Record<string, { column: string; unit: string | null }>>().notNull(),
    supplier: text('supplier'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('audit_column_mappings_organisation_signature_idx').on(table.organisationId, table.signature),
    index('audit_column_mappings_organisation_updated_idx').on(table.organisationId, table.updatedAt, table.id),
  ],
);

/** The header of an audit's export that waits for its column mapping (ADR 0085): titles, proposals, samples. */
export const auditHeadersToMap = pgTable('audit_headers_to_map', {
  auditId: text('audit_id')
    .primaryKey()
    .references(() => audits.id, { onDelete: 'cascade' }),
  /** `HeaderToMap` of @pilote/invoices. */
  header: jsonb('header').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * The database job queue (adapters/jobs, ADR 0030). One row per job; workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so several instances on one PostgreSQL never run the same job. Periodic jobs get a
 * deterministic id (`every:<name>:<period start>`), hence one run per period whatever the number of instances.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamptz('run_at').notNull(),
    /** 'pending' | 'running' | 'done' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** The claim's token (instance + random): completion only counts when it still holds the claim. */
    lockedBy: text('locked_by'),
    /** A running job whose lock expired (crashed instance, overrun) is claimed again or failed. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** At most one pending or running job per key (enqueue returns the existing one). */
    singletonKey: text('singleton_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    /**
     * Enqueue order: jobs due at the same instant are claimed first in, first out. `created_at` cannot tell them
     * apart (PGlite's clock ticks in milliseconds, and one transaction gives one instant).
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    check('jobs_status_check', sql`${table.status} in ('pending', 'running', 'done', 'failed')`),
    index('jobs_due_idx').on(table.status, table.runAt),
    index('jobs_finished_idx').on(table.finishedAt),
    uniqueIndex('jobs_singleton_key_idx').on(table.singletonKey).where(sql`${table.status} in ('pending', 'running')`),
  ],
);

/**
 * Local storage adapter (adapters/storage/local.ts): one row per signed upload URL, consumed by the first PUT
 * that presents it (single use, even when that PUT is then refused).
 */
export const storageUploads = pgTable(
  'storage_uploads',
  {
    /** The token's id (random), part of the signed token. */
    id: text('id').primaryKey(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    maxBytes: integer('max_bytes').notNull(),
    /** The size the client declared when asking for the URL (≤ max_bytes): the PUT must carry exactly this. */
    size: integer('size').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('storage_uploads_expires_idx').on(table.expiresAt)],
);

/**
 * Dated tariff values recorded in the admin panel or by a grid import (ADR 0025). Append-only: a change, an undo or
 * a re-import writes a new version of (parameter, date); nothing is updated or deleted. The current stored value
 * of a (parameter, date) is its highest version; `action = 'withdraw'` means « no stored value: the packaged one
 * applies ». `id` only grows, so `max(id)` tells every instance whether its cached overlay is stale.
 */
export const tariffParameterValues = pgTable(
  'tariff_parameter_values',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parameterId: text('parameter_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    /** 'set' | 'withdraw'. */
    action: text('action').notNull(),
    value: doublePrecision('value'),
    unit: text('unit').notNull(),
    /** 'official' | 'secondary' | 'estimate'. */
    status: text('status').notNull(),
    /** [{ title, url, publishedOn }]. */
    references: jsonb('references').$type<{ title: string; url: string; publishedOn: string | null }[]>().notNull(),
    note: text('note').notNull().default(''),
    /** 'panel' | 'undo' | 'import'. */
    origin: text('origin').notNull(),
    /** Grid import batch (one file), null otherwise. */
    batchId: text('batch_id'),
    recordedById: text('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's e-mail at the time (kept when the account goes). */
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (table) => [
    check('tariff_parameter_values_action_check', sql`${table.action} in ('set', 'withdraw')`),
    check('tariff_parameter_values_status_check', sql`${table.status} in ('official', 'secondary', 'estimate')`),
    check('tariff_parameter_values_origin_check', sql`${table.origin} in ('panel', 'undo', 'import')`),
    uniqueIndex('tariff_parameter_values_version_idx').on(table.parameterId, table.validFrom, table.version),
  ],
);

/** Every write of the tariff data administration (values, undos, grid and reference imports), newest first. */
export const tariffDataAudit = pgTable(
  'tariff_data_audit',
  {
    id: text('id').primaryKey(),
    /** 'value.add' | 'value.undo' | 'grid.import' | 'reference.import'. */
    action: text('action').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'tariff_data_audit_action_check',
      sql`${table.action} in ('value.add', 'value.undo', 'grid.import', 'reference.import')`,
    ),
    index('tariff_data_audit_created_at_idx').on(table.createdAt),
  ],
);

// ---- Mandates (issue #13, ADR 0031) ---------------------------------------------------------------------
// Personal fields are stored encrypted (AES-256-GCM, `<key id>` in each value's envelope, modules/mandates/
// crypto.ts): a dump shows none of them in clear. After the 30-day purge of a revoked mandate they are null and
// the row is the minimal proof record, deleted 5 years after the mandate ended.

export const mandates = pgTable(
  'mandates',
  {
    id: text('id').primaryKey(),
    /** The customer; null once the account is deleted (the proof record outlives it). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The organisation it belongs to (ADR 0066). Set for every mandate made since migration 0021 and backfilled for
     * the others; null only for a proof record whose account was deleted before that migration, or once its
     * organisation is deleted (the proof record outlives it, like the account).
     */
    organisationId: text('organisation_id').references((): AnyPgColumn => organisations.id, {
      onDelete: 'set null',
    }),
    /** 'simple' | 'signed' (contracts: mandateKinds). */
    kind: text('kind').notNull(),
    /** 'electricity' | 'gas'. */
    energyType: text('energy_type').notNull(),
    /** contracts: mandateManagers. */
    manager: text('manager').notNull(),
    /** contracts: mandateStatuses. */
    status: text('status').notNull(),
    managerNameEnc: text('manager_name_enc'),
    deliveryPointNumberEnc: text('delivery_point_number_enc'),
    addressEnc: text('address_enc'),
    postalCodeEnc: text('postal_code_enc'),
    cityEnc: text('city_enc'),
    /** The PNG of the drawn signature (signed mandates), encrypted. */
    signatureEnc: text('signature_enc'),
    /** Signer's IP and user agent at signing (evidence), encrypted JSON. */
    evidenceEnc: text('evidence_enc'),
    authorizedConsumptionData: boolean('authorized_consumption_data').notNull(),
    authorizedTechnicalData: boolean('authorized_technical_data').notNull(),
    authorizedContractualData: boolean('authorized_contractual_data').notNull(),
    authorizedLoadCurve: boolean('authorized_load_curve').notNull(),
    durationMonths: integer('duration_months').notNull(),
    /** Last valid day (Europe/Paris). */
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    /** Version of the mandate and consent text the customer accepted (modules/mandates/mandate-text.ts). */
    consentTextVersion: text('consent_text_version').notNull(),
    /** SHA-256 (hex) of the sealed PDF as stored at signing; kept in the proof record. */
    pdfSha256: text('pdf_sha256'),
    sealedAt: timestamptz('sealed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    sentDate: timestamptz('sent_date'),
    activatedAt: timestamptz('activated_at'),
    rejectedAt: timestamptz('rejected_at'),
    rejectionReason: text('rejection_reason'),
    decidedBy: text('decided_by'),
    revokedAt: timestamptz('revoked_at'),
    expiredAt: timestamptz('expired_at'),
    reminder30SentAt: timestamptz('reminder_30_sent_at'),
    reminder7SentAt: timestamptz('reminder_7_sent_at'),
    purgedAt: timestamptz('purged_at'),
  },
  (table) => [
    check('mandates_kind_check', sql`${table.kind} in ('simple', 'signed')`),
    check('mandates_energy_type_check', sql`${table.energyType} in ('electricity', 'gas')`),
    check(
      'mandates_status_check',
      sql`${table.status} in ('pending', 'sent', 'active', 'expired', 'revoked', 'rejected')`,
    ),
    check('mandates_duration_check', sql`${table.durationMonths} between 6 and 36`),
    index('mandates_user_created_idx').on(table.userId, table.createdAt),
    index('mandates_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
    index('mandates_status_manager_idx').on(table.status, table.manager),
    index('mandates_expiry_idx').on(table.status, table.expiryDate),
  ],
);

/** The sealed PDF of a mandate, encrypted like the personal fields (it holds them); deleted by the purge. */
export const mandateDocuments = pgTable('mandate_documents', {
  mandateId: text('mandate_id')
    .primaryKey()
    .references(() => mandates.id, { onDelete: 'cascade' }),
  /** AES-256-GCM envelope (crypto.ts `encryptBytes`). */
  pdfEnc: bytea('pdf_enc').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * The operator side of a GRDF mandate (issue #26, ADR 0072): the data-access right declared through the
 * operator-data adapter, its state and reason, and the data sync (status, last run, contractual and technical data).
 * One row per mandate sent through the adapter; the personal-data purge clears the fetched data.
 */
export const mandateOperatorAccess = pgTable(
  'mandate_operator_access',
  {
    mandateId: text('mandate_id')
      .primaryKey()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    /** 'demo' | 'adict'. */
    source: text('source').notNull(),
    /** The operator's id of the right; null until the declaration is answered. */
    accessRightId: text('access_right_id'),
    /** 'declaring' then the adapter's states: pending, active, refused, revoked, obsolete, to_recheck; 'ended'. */
    accessState: text('access_state').notNull(),
    proofStatus: text('proof_status'),
    /** French reason of a refusal or failed proof (mandate card, staff); operator's own words in operator_reason. */
    reason: text('reason'),
    operatorReason: text('operator_reason'),
    /** 'idle' | 'syncing' | 'ok' | 'error' | 'stopped'. */
    syncStatus: text('sync_status').notNull().default('idle'),
    /** French message of the last failed sync (cleared by a successful one). */
    syncError: text('sync_error'),
    lastSyncAt: timestamptz('last_sync_at'),
    /** Contractual data (CAR, CJA, option, profile…) and technical data (PITD, frequency): adapter shapes, no address. */
    contractual: jsonb('contractual'),
    technical: jsonb('technical'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('mandate_operator_access_source_check', sql`${table.source} in ('demo', 'adict')`),
    check(
      'mandate_operator_access_state_check',
      sql`${table.accessState} in ('declaring', 'pending', 'active', 'refused', 'revoked', 'obsolete', 'to_recheck', 'ended')`,
    ),
    check(
      'mandate_operator_access_sync_check',
      sql`${table.syncStatus} in ('idle', 'syncing', 'ok', 'error', 'stopped')`,
    ),
  ],
);

// ---- Bug reports (issue #15, ADR 0035) -------------------------------------------------------------------

/**
 * A bug report sent from the floating widget, by anyone. `user_id` links the signed-in sender (kept when the
 * account is deleted: the report stays, unlinked); anonymous senders give `reporter_email`. The screenshot lives
 * in object storage (`screenshot_uri`, its size in `screenshot_bytes` for the anonymous daily storage cap).
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** 'minor' | 'major' | 'critical' (contracts: bugSeverities). */
    severity: text('severity').notNull().default('minor'),
    /** 'new' | 'in_progress' | 'resolved' | 'rejected' (contracts: bugReportStatuses). */
    status: text('status').notNull().default('new'),
    statusNote: text('status_note'),
    url: text('url').notNull().default(''),
    elementSelector: text('element_selector'),
    elementHtml: text('element_html'),
    screenshotUri: text('screenshot_uri'),
    screenshotBytes: integer('screenshot_bytes').notNull().default(0),
    reporterEmail: text('reporter_email'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    browserInfo: jsonb('browser_info').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('bug_reports_severity_check', sql`${table.severity} in ('minor', 'major', 'critical')`),
    check('bug_reports_status_check', sql`${table.status} in ('new', 'in_progress', 'resolved', 'rejected')`),
    index('bug_reports_created_at_idx').on(table.createdAt),
    index('bug_reports_status_idx').on(table.status, table.createdAt),
  ],
);

// ---- Organisations (issue #24 §1, ADR 0061) ------------------------------------------------------------
// A company account: its members (one role each) and its pending invitations. Every user belongs to at least one
// (a personal organisation made at sign-up by the trigger of migration 0016, or lazily by the organisations
// module); objects will belong to organisations (next step of issue #24).

/** The address as the BAN search gives it (contracts: organisationAddressSchema). */
export interface OrganisationAddressValue {
  label: string;
  address: string;
  postal_code: string;
  city: string;
  citycode: string | null;
}

export const organisations = pgTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** 9 digits, Luhn-checked (contracts). */
    siren: text('siren'),
    /** Normalised `FR` + key + SIREN (contracts). */
    vatNumber: text('vat_number'),
    address: jsonb('address').$type<OrganisationAddressValue>(),
    /** The organisation's plan (ADR 0078; canonical tier, was users.tier before migration 0024). */
    tier: text('tier').notNull().default('free'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('organisations_tier_check', sql`${table.tier} in ('free', 'basic', 'premium', 'admin', 'business_trial')`),
  ],
);

/**
 * Our invoices for the organisations' payments (ADR 0078): one per payment of either provider, numbered without gap
 * in its sequence (`billing_invoice_sequences`, taken in the invoice's own transaction), with the seller's and the
 * buyer's identity as they were when it was issued. Kept when the organisation is deleted (legal retention).
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** « F-2026-000001 »: the sequence and its number. */
    number: text('number').notNull(),
    sequence: text('sequence').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    provider: text('provider').notNull(),
    /** The provider's payment (Stripe invoice id, local subscription period): one invoice per payment. */
    paymentRef: text('payment_ref').notNull(),
    plan: text('plan').notNull(),
    interval: text('interval').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    amountHtCents: integer('amount_ht_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    vatCents: integer('vat_cents').notNull(),
    amountTtcCents: integer('amount_ttc_cents').notNull(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (table) => [
    uniqueIndex('billing_invoices_number_idx').on(table.number),
    uniqueIndex('billing_invoices_sequence_number_idx').on(table.sequence, table.sequenceNumber),
    uniqueIndex('billing_invoices_payment_idx').on(table.provider, table.paymentRef),
    index('billing_invoices_organisation_idx').on(table.organisationId, table.issuedAt, table.id),
  ],
);

/** The last number given in each invoice sequence (a row lock serialises the next one; no gap on rollback). */
export const billingInvoiceSequences = pgTable('billing_invoice_sequences', {
  sequence: text('sequence').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contracts: organisationRoles. */
    role: text('role').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    index('organisation_members_user_idx').on(table.userId),
    check('organisation_members_role_check', sql`${table.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    /** admin | member | viewer (an owner is made by a transfer, never invited). */
    role: text('role').notNull(),
    /** SHA-256 (hex) of the link's secret; the secret itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('organisation_invitations_org_idx').on(table.organisationId, table.createdAt),
    check('organisation_invitations_role_check', sql`${table.role} in ('admin', 'member', 'viewer')`),
  ],
);

/** The organisation a user last chose (header switcher); gone with the membership it points to. */
export const activeOrganisations = pgTable(
  'active_organisations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'active_organisations_membership_fk',
      columns: [table.organisationId, table.userId],
      foreignColumns: [organisationMembers.organisationId, organisationMembers.userId],
    }).onDelete('cascade'),
  ],
);

// ---- Sites (issue #24 §2, ADR 0068) --------------------------------------------------------------------
// A delivery point of an organisation: its PCE (unique per organisation), address and tariff data. The list is
// read per organisation, sorted by name, PCE or creation and filtered by option or tag (10 000 sites per
// organisation): each of those has an index beginning with organisation_id; the search (name or PCE contains)
// reads one organisation's rows only.

/** The address as the BAN search gives it (contracts: siteAddressSchema). */
export interface SiteAddressValue {
  label: string;
  address: string;
  postal_code: string;
  city: string;
  citycode: string | null;
}

export const sites = pgTable(
  'sites',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Point de comptage et d'estimation: 14 digits, unique per organisation. */
    pce: text('pce').notNull(),
    address: jsonb('address').$type<SiteAddressValue>(),
    /** 'PITD' | 'LI' | 'PIC' (contracts: sitePointTypes). */
    pointType: text('point_type'),
    pointCode: text('point_code'),
    /** T1 | T2 | T3 | T4 | TP. */
    option: text('option'),
    profile: text('profile'),
    /** Consommation annuelle de référence, MWh/an (the simulator's unit, contracts `siteMessages.car`). */
    car: doublePrecision('car'),
    /** Capacité journalière souscrite, MWh/j (the simulator's and optimiser's unit, contracts `siteMessages.cja`). */
    cja: doublePrecision('cja'),
    ntr: integer('ntr'),
    supplier: text('supplier'),
    contractEndDate: date('contract_end_date', { mode: 'string' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('sites_pce_check', sql`${table.pce} ~ '^[0-9]{14}$'`),
    check('sites_point_type_check', sql`${table.pointType} in ('PITD', 'LI', 'PIC')`),
    check('sites_option_check', sql`${table.option} in ('T1', 'T2', 'T3', 'T4', 'TP')`),
    uniqueIndex('sites_organisation_pce_idx').on(table.organisationId, table.pce),
    index('sites_organisation_name_idx').on(table.organisationId, table.name, table.id),
    index('sites_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
    index('sites_organisation_option_name_idx').on(table.organisationId, table.option, table.name, table.id),
    index('sites_tags_idx').using('gin', table.tags),
  ],
);

// ---- Portfolio optimisation (issue #24 §4–§5, ADR 0077) ------------------------------------------------------
// One row per « Optimiser tout le portefeuille » run; at most one running per organisation (partial unique index).
// Its sites' results in `portfolio_run_sites`, written chunk by chunk; the run's counters and sums follow them.

export const portfolioRuns = pgTable(
  'portfolio_runs',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'running' | 'done' | 'cancelled' | 'failed'. */
    status: text('status').notNull(),
    /** Sites with consumption data when it started; sites computed (optimised or skipped) so far. */
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** French sentence of a failed (or interrupted) run. */
    message: text('message'),
    /** First day of the month whose grids are read. */
    dateEffet: text('date_effet').notNull(),
    sitesOptimised: integer('sites_optimised').notNull().default(0),
    sitesSkipped: integer('sites_skipped').notNull().default(0),
    currentCostEuros: doublePrecision('current_cost_euros').notNull().default(0),
    optimisedCostEuros: doublePrecision('optimised_cost_euros').notNull().default(0),
    savingsEuros: doublePrecision('savings_euros').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    check('portfolio_runs_status_check', sql`${table.status} in ('running', 'done', 'cancelled', 'failed')`),
    uniqueIndex('portfolio_runs_one_running_idx').on(table.organisationId).where(sql`${table.status} = 'running'`),
    index('portfolio_runs_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
  ],
);

/** One site of a run: its costs and CJAs, or why it was skipped (`message`, costs null). */
export const portfolioRunSites = pgTable(
  'portfolio_run_sites',
  {
    runId: text('run_id')
      .notNull()
      .references(() => portfolioRuns.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    cjaActuelle: doublePrecision('cja_actuelle'),
    cjaOptimisee: doublePrecision('cja_optimisee'),
    currentCostEuros: doublePrecision('current_cost_euros'),
    optimisedCostEuros: doublePrecision('optimised_cost_euros'),
    savingsEuros: doublePrecision('savings_euros'),
    message: text('message'),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.siteId] }),
    index('portfolio_run_sites_ranked_idx').on(table.runId, table.savingsEuros.desc().nullsLast(), table.siteId),
  ],
);
