/**
 * The review step of the invoice audit (issue #25 §6–7, ADR 0071): which required fields of a read invoice are
 * missing or doubtful, what the user's own data suggests for them (earlier corrections for the same supplier, the
 * site, the GRDF data of a mandate, the consumption datasets), the NTR candidates of the site's commune when the
 * invoice prints no PITD code, and the invoice with the user's confirmed values applied.
 */
import type {
  AuditReviewField,
  AuditReviewFieldId,
  AuditReviewFigures,
  AuditReviewValues,
  NormalisedInvoiceDto,
} from '@pilote/contracts';
import { formatNumberFr, type NormalisedInvoice, type ReadingProblem } from '@pilote/tariffs';
import { and, asc, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activeOrganisations,
  auditSupplierCorrections,
  consumptionDatasets,
  consumptionReadings,
  organisationMembers,
  sites,
} from '../../db/schema.ts';
import type { PitdEntry } from '../reference-data/source.ts';
import { operatorSuggestionOf } from './operator-suggestions.ts';

type Value = NonNullable<AuditReviewField['read']>;

const LABELS: Readonly<Record<AuditReviewFieldId, { label: string; unit: string }>> = {
  pce: { label: 'Point de comptage et d’estimation (PCE)', unit: '' },
  period: { label: 'Période de facturation', unit: '' },
  tarif: { label: 'Option tarifaire', unit: '' },
  car: { label: 'Consommation annuelle de référence (CAR)', unit: 'MWh/an' },
  cja: { label: 'Capacité journalière souscrite (CJA)', unit: 'MWh/j' },
  ntr: { label: 'Niveau de tarif régional (NTR) du point', unit: '' },
  pointCode: { label: 'Code du point imprimé sur la facture', unit: '' },
  ntrPrinted: { label: 'NTR imprimé sur la facture', unit: '' },
  consumption: { label: 'Consommation de la période', unit: 'MWh' },
};

/** A value suggested for a field, and where it comes from (French, shown beside the field). */
export interface Suggestion {
  value: Value;
  from: string;
}

export type Suggestions = Partial<Record<AuditReviewFieldId, Suggestion>>;

/** The NTR of the point when the invoice prints no PITD code: from the site's commune (PITD table). */
export interface CommuneNtr {
  commune: string;
  /** The PITD rows of the commune (one per code). */
  rows: readonly PitdEntry[];
  /** True when the commune is the one printed on the invoice (ADR 0081), not the site's. */
  printed?: boolean;
}

/** The distinct NTR values of a commune's PITD rows, ascending. */
export function ntrValuesOf(rows: readonly PitdEntry[]): number[] {
  return [...new Set(rows.map((row) => row.ntr))].sort((a, b) => a - b);
}

/** Supplier names folded for the corrections' key: lower case, no accents, single spaces. */
export function supplierKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The required fields of the invoice that are missing or doubtful. Required: the PCE of a distribution point; the
 * CJA of a T4 / TP invoice and of a transport point; the CAR of a profiled option (T1–T3); the point's NTR when no
 * PITD code is printed and the commune's PITD rows do not give one NTR. Doubtful: a CJA or CAR the reading checks
 * found inconsistent with the lines (ADR 0062), or a field the reader marked of low confidence.
 */
export function reviewFieldsOf(input: {
  invoice: NormalisedInvoice;
  problems: readonly ReadingProblem[];
  lowConfidence?: readonly AuditReviewFieldId[];
  suggestions: Suggestions;
  commune: CommuneNtr | null;
}): AuditReviewField[] {
  const { invoice, problems, suggestions, commune } = input;
  const fields: AuditReviewField[] = [];
  const ask = (field: AuditReviewFieldId, reason: 'missing' | 'doubtful', message: string, read: Value | null) => {
    const suggestion = suggestions[field] ?? null;
    fields.push({
      field,
      ...LABELS[field],
      reason,
      message,
      read,
      suggested: suggestion?.value ?? null,
      suggestedFrom: suggestion?.from ?? null,
      candidates: [],
    });
  };
  const distribution = invoice.point.pointDeReseau === 'PITD';
  const doubtful = (field: string) => problems.find((problem) => problem.field === field)?.message ?? null;
  const low = new Set(input.lowConfidence ?? []);

  if (distribution && invoice.point.pce === null) {
    ask('pce', 'missing', 'Le PCE n’est pas imprimé sur la facture (ou n’a pas pu être lu).', null);
  } else if (low.has('pce')) {
    ask('pce', 'doubtful', 'Le PCE a été lu avec une confiance faible.', invoice.point.pce);
  }
  if (low.has('period')) {
    ask('period', 'doubtful', 'La période de facturation a été lue avec une confiance faible.', invoice.period);
  }
  if (low.has('tarif')) {
    ask('tarif', 'doubtful', 'L’option tarifaire a été lue avec une confiance faible.', invoice.tarif);
  }
  // The point's code and the NTR printed on the page (ADR 0087): asked when a reader of low confidence read them.
  if (low.has('pointCode') && invoice.point.code !== null) {
    ask('pointCode', 'doubtful', 'Le code du point a été lu avec une confiance faible.', invoice.point.code);
    const asked = fields[fields.length - 1];
    if (asked) {
      asked.label = `Code ${invoice.point.pointDeReseau} imprimé sur la facture`;
    }
  }
  if (low.has('ntrPrinted') && invoice.ntr !== null) {
    ask('ntrPrinted', 'doubtful', 'Le NTR imprimé a été lu avec une confiance faible.', invoice.ntr);
  }
  const needsCja = !distribution || invoice.tarif === 'T4' || invoice.tarif === 'TP';
  const cjaDoubt = doubtful('cja');
  if (needsCja && invoice.cja === null) {
    ask(
      'cja',
      'missing',
      'La capacité journalière souscrite n’est pas imprimée sur la facture : elle est nécessaire au contrôle des termes de capacité.',
      null,
    );
  } else if (invoice.cja !== null && (cjaDoubt || low.has('cja'))) {
    ask('cja', 'doubtful', cjaDoubt ?? 'La CJA a été lue avec une confiance faible.', invoice.cja);
  }
  const needsCar = distribution && (invoice.tarif === 'T1' || invoice.tarif === 'T2' || invoice.tarif === 'T3');
  const carDoubt = doubtful('car');
  if (needsCar && invoice.car === null) {
    ask(
      'car',
      'missing',
      'La consommation annuelle de référence n’est pas imprimée sur la facture : elle fixe la capacité facturée des options T1 à T3.',
      null,
    );
  } else if (invoice.car !== null && (carDoubt || low.has('car'))) {
    ask('car', 'doubtful', carDoubt ?? 'La CAR a été lue avec une confiance faible.', invoice.car);
  }
  const consumptionDoubt = doubtful('consumption');
  if (invoice.consumptionMwh !== null && (consumptionDoubt || low.has('consumption'))) {
    ask(
      'consumption',
      'doubtful',
      consumptionDoubt ?? 'La consommation a été lue avec une confiance faible.',
      invoice.consumptionMwh,
    );
  }
  if (distribution && invoice.point.code === null) {
    const values = commune ? ntrValuesOf(commune.rows) : [];
    if (values.length !== 1) {
      const message = !commune
        ? 'La facture n’imprime pas le code PITD du point et la commune du site n’est pas connue : indiquez le NTR de votre point (il figure sur votre contrat d’acheminement ou dans le simulateur).'
        : values.length === 0
          ? `La facture n’imprime pas le code PITD du point et la table des PITD ne connaît pas la commune ${commune.commune}${commune.printed ? ' imprimée sur la facture' : ''} : indiquez le NTR de votre point.`
          : `La facture n’imprime pas le code PITD du point ; à ${commune.commune}${commune.printed ? ' (commune imprimée sur la facture)' : ''}, les PITD de la table ont des NTR différents (${values.join(', ')}) : choisissez celui de votre point.`;
      ask('ntr', 'missing', message, invoice.ntr);
      const asked = fields[fields.length - 1];
      if (asked && commune) {
        asked.candidates = values.map((value) => ({
          value,
          label: `NTR ${value} — ${commune.rows
            .filter((row) => row.ntr === value)
            .map((row) => row.codePitd)
            .join(', ')}`,
        }));
      }
    }
  }
  return fields;
}

/** The invoice with the confirmed values in place of the values read (the figures only when they fit its lines). */
export function applyReview(invoice: NormalisedInvoice, values: AuditReviewValues): NormalisedInvoice {
  const figures = values.figures && figuresFit(invoice, values.figures) ? values.figures : null;
  return {
    ...invoice,
    point: { ...invoice.point, pce: values.pce ?? invoice.point.pce, code: values.pointCode ?? invoice.point.code },
    period: values.period ?? invoice.period,
    tarif: values.tarif ?? invoice.tarif,
    car: values.car ?? invoice.car,
    cja: values.cja ?? invoice.cja,
    ntr: values.ntrPrinted ?? invoice.ntr,
    consumptionMwh: values.consumption ?? invoice.consumptionMwh,
    ...(figures
      ? {
          lines: invoice.lines.map((line, index) => {
            const confirmed = figures.lines[index];
            return confirmed
              ? { ...line, quantity: confirmed.quantity, unitPrice: confirmed.unitPrice, amount: confirmed.amount }
              : line;
          }),
          vat: figures.vat.map((vat) => ({ ...vat })),
          totals: { ...figures.totals },
        }
      : {}),
  };
}

/**
 * Whether confirmed figures answer this invoice's table: one entry per line read and per VAT line (ADR 0087). A
 * reading with other counts (a changed reader, a forged body) applies none of them.
 */
export function figuresFit(
  invoice: Pick<NormalisedInvoice | NormalisedInvoiceDto, 'lines' | 'vat'>,
  figures: AuditReviewFigures,
): boolean {
  return figures.lines.length === invoice.lines.length && figures.vat.length === invoice.vat.length;
}

/** The fields asked but not given (French error details for a 400). */
export function missingAnswers(fields: readonly AuditReviewField[], values: AuditReviewValues): AuditReviewFieldId[] {
  return fields.map((f) => f.field).filter((field) => values[field] === undefined);
}

const mwh = (kwh: number) => Math.round(kwh) / 1000;

/** The organisations whose sites the user sees: the active one first, then the others. */
export async function organisationsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ organisationId: organisationMembers.organisationId, active: activeOrganisations.organisationId })
    .from(organisationMembers)
    .leftJoin(activeOrganisations, eq(activeOrganisations.userId, organisationMembers.userId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisationMembers.createdAt));
  const active = rows.find((row) => row.active === row.organisationId)?.organisationId;
  return [...new Set([...(active ? [active] : []), ...rows.map((row) => row.organisationId)])];
}

/** The user's role in the active organisation (the personal one when none is chosen). */
export async function activeRole(db: Database, userId: string): Promise<string | undefined> {
  const [organisationId] = await organisationsOf(db, userId);
  if (!organisationId) {
    return undefined;
  }
  const [row] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

/** The site of the PCE in the user's organisations (the active one first), if any. */
async function siteOf(db: Database, userId: string, pce: string) {
  const organisations = await organisationsOf(db, userId);
  if (organisations.length === 0) {
    return undefined;
  }
  const rows = await db
    .select()
    .from(sites)
    .where(and(inArray(sites.organisationId, organisations), eq(sites.pce, pce)));
  return rows.sort((a, b) => organisations.indexOf(a.organisationId) - organisations.indexOf(b.organisationId))[0];
}

/** The user's consumption datasets of a PCE: theirs and their organisations' (ADR 0066). */
async function datasetsOf(db: Database, userId: string, pce: string) {
  const organisations = await organisationsOf(db, userId);
  return and(
    eq(consumptionDatasets.pce, pce),
    organisations.length > 0
      ? or(eq(consumptionDatasets.userId, userId), inArray(consumptionDatasets.organisationId, organisations))
      : eq(consumptionDatasets.userId, userId),
  );
}

/** Σ kWh of each of the last full years of the PCE's newest consumption dataset (oldest first), MWh. */
export async function yearlyConsumptionMwh(
  db: Database,
  userId: string,
  pce: string,
  until: string,
): Promise<number[]> {
  const datasets = await db
    .select({ id: consumptionDatasets.id })
    .from(consumptionDatasets)
    .where(await datasetsOf(db, userId, pce))
    .orderBy(desc(consumptionDatasets.createdAt))
    .limit(1);
  const dataset = datasets[0];
  if (!dataset) {
    return [];
  }
  // Years counted back from the invoice's last day, included: (until − 365·(k+1), until − 365·k]; only whole years (≥ 360 days
  // read), so a partial year never passes for a low consumption.
  const years = await db
    .select({
      year: sql<number>`floor((${until}::date - ${consumptionReadings.date}) / 365)::int`,
      kwh: sql<number>`sum(${consumptionReadings.kwh})::float8`,
      days: sql<number>`count(${consumptionReadings.kwh})::int`,
    })
    .from(consumptionReadings)
    .where(
      and(
        eq(consumptionReadings.datasetId, dataset.id),
        isNotNull(consumptionReadings.kwh),
        gte(consumptionReadings.date, sql`${until}::date - 1094`),
        sql`${consumptionReadings.date} <= ${until}::date`,
      ),
    )
    .groupBy(sql`1`);
  return years
    .filter((row) => row.days >= 360)
    .sort((a, b) => b.year - a.year)
    .map((row) => mwh(row.kwh));
}

const TARIFS = ['T1', 'T2', 'T3', 'T4', 'TP'] as const;
const asTarif = (value: string | null | undefined) => TARIFS.find((t) => t === value) ?? null;
const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' });

/**
 * What the user's data suggests for each field, in this order of precedence: the user's last correction for this
 * supplier and PCE (then for this supplier), the site of the PCE, the GRDF data of a mandate, the consumption
 * history (CAR ≈ the last full year). Also the site's commune, for the NTR.
 */
export async function suggestionsFor(
  db: Database,
  /**
   * The audit's owner and organisation (whose corrections pre-fill, ADR 0081); a user id alone: their active
   * organisation's.
   */
  owner: string | AuditOwner,
  invoice: NormalisedInvoice,
  /** The NTR of a PITD code (the PITD table), for the PITD of the GRDF data; absent: no NTR from them. */
  ntrOfPitd?: (code: string) => Promise<number | null>,
): Promise<{ suggestions: Suggestions; communeInsee: string | null; communeName: string | null }> {
  const userId = typeof owner === 'string' ? owner : owner.userId;
  const organisationId =
    typeof owner === 'string' ? ((await organisationsOf(db, owner))[0] ?? null) : owner.organisationId;
  const suggestions: Suggestions = {};
  const offer = (field: AuditReviewFieldId, value: Value | null | undefined, from: string) => {
    if (value !== null && value !== undefined && suggestions[field] === undefined) {
      suggestions[field] = { value, from };
    }
  };
  const key = supplierKey(invoice.supplier);
  const corrections = organisationId
    ? await db
        .select()
        .from(auditSupplierCorrections)
        .where(
          and(
            eq(auditSupplierCorrections.organisationId, organisationId),
            eq(auditSupplierCorrections.supplierKey, key),
          ),
        )
        .orderBy(desc(auditSupplierCorrections.updatedAt))
    : [];
  const pce = invoice.point.pce;
  const samePce = corrections.find((row) => row.pce === (pce ?? ''));
  for (const row of samePce ? [samePce] : corrections.slice(0, 1)) {
    const values = row.values as AuditReviewValues;
    const whose = row.userId === userId ? 'votre correction' : 'la correction d’un membre de l’organisation';
    const from = `${whose} du ${DAY.format(row.updatedAt)} (${invoice.supplier}${row.pce ? `, PCE ${row.pce}` : ''})`;
    offer('pce', values.pce, from);
    if (samePce) {
      offer('pointCode', values.pointCode, from);
      offer('tarif', values.tarif, from);
      offer('car', values.car, from);
      offer('cja', values.cja, from);
      offer('ntr', values.ntr, from);
    }
  }
  const knownPce = pce ?? (suggestions.pce?.value as string | undefined) ?? null;
  let communeInsee: string | null = null;
  let communeName: string | null = null;
  if (knownPce) {
    const site = await siteOf(db, userId, knownPce);
    if (site) {
      const from = `votre site « ${site.name} »`;
      offer('tarif', asTarif(site.option), from);
      offer('car', site.car !== null ? mwh(site.car) : null, from);
      offer('cja', site.cja !== null ? mwh(site.cja) : null, from);
      offer('ntr', site.ntr, from);
      communeInsee = site.address?.citycode ?? null;
      communeName = site.address?.city ?? null;
    }
    // The GRDF data fetched through an active mandate for the PCE (issue #26 §4, ADR 0076).
    const operator = await operatorSuggestionOf(db, userId, await organisationsOf(db, userId), knownPce);
    if (operator) {
      offer('tarif', asTarif(operator.tarif), operator.from);
      offer('car', operator.carMwh, operator.from);
      offer('cja', operator.cjaMwh, operator.from);
      offer('pointCode', operator.pitdCode, operator.from);
      if (operator.pitdCode && ntrOfPitd) {
        const ntr = await ntrOfPitd(operator.pitdCode);
        offer('ntr', ntr, `${operator.from}, PITD ${operator.pitdCode}`);
      }
    }
    const years = await yearlyConsumptionMwh(db, userId, knownPce, invoice.period.lastDay);
    const last = years[years.length - 1];
    if (last !== undefined) {
      offer('car', last, `la consommation des 12 mois précédant la facture (${formatNumberFr(last, 0, 3)} MWh)`);
    }
  }
  return { suggestions, communeInsee, communeName };
}

/** Who an audit is for: its owner, and the organisation it belongs to (ADR 0066). */
export interface AuditOwner {
  userId: string;
  organisationId: string;
}

/**
 * Keeps what the user confirmed for the supplier and PCE in the audit's organisation: it pre-fills the next invoice
 * of that supplier for every member (ADR 0081).
 */
export async function rememberCorrection(
  db: Database,
  { userId, organisationId }: AuditOwner,
  invoice: { supplier: string; point: { pce: string | null } },
  values: AuditReviewValues,
  now: Date,
): Promise<void> {
  const pce = values.pce ?? invoice.point.pce ?? '';
  // What this invoice prints (its figures, consumption, NTR) is not the next invoice's: only the point's data is kept.
  const { figures: _figures, consumption: _consumption, ntrPrinted: _ntrPrinted, ...kept } = values;
  await db
    .insert(auditSupplierCorrections)
    .values({ organisationId, userId, supplierKey: supplierKey(invoice.supplier), pce, values: kept, updatedAt: now })
    .onConflictDoUpdate({
      target: [
        auditSupplierCorrections.organisationId,
        auditSupplierCorrections.supplierKey,
        auditSupplierCorrections.pce,
      ],
      set: { userId, values: kept, updatedAt: now },
    });
}
