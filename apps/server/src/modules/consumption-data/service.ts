import { randomUUID } from 'node:crypto';
import {
  CONSUMPTION_MESSAGES,
  type ConsumptionDatasetDetail,
  type ConsumptionDatasetList,
  type ConsumptionDatasetListQuery,
  type ConsumptionDatasetSummary,
  type ConsumptionDatasetSummaryResponse,
  type ConsumptionOverview,
  type CreateConsumptionDataBody,
  type CreateConsumptionDataResponse,
  normalisePce,
  pageOffset,
  parseFrenchNumber,
  type SeriesWindow,
} from '@pilote/contracts';
import { formatConsumptionErrors, MAX_CONVERSION_COEFFICIENT, parseConsumptionCsv } from '@pilote/invoices/csv';
import { type IsoDate, type JourConsommation, type QualiteJour, roundHalfAwayFromZero } from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import {
  countDatasets,
  type DatasetWithStats,
  deleteDatasetOf,
  insertConsumptionDataset,
  listDatasetsWithStats,
  monthlyStats,
  readingsOf,
} from './repository.ts';
import {
  candidateWindow,
  describeWindow,
  frenchDate,
  MAX_MISSING_SHARE,
  type SeriesWindowChoice,
  spansAYear,
  tooManyMissing,
} from './series-window.ts';

/** At most this many line errors are answered. */
const MAX_ERRORS = 50;

export interface ConsumptionDataServiceDependencies {
  db: Database;
  /** Datasets belong to an organisation (ADR 0066): the active one for lists and imports, any of the caller's by id. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  now?: () => Date;
}

const round3 = (value: number) => roundHalfAwayFromZero(value, 3);

function toSummary(row: DatasetWithStats): ConsumptionDatasetSummary {
  return {
    id: row.id,
    pce: row.pce,
    label: row.label,
    sourceFormat: row.sourceFormat as ConsumptionDatasetSummary['sourceFormat'],
    sourceFileName: row.sourceFileName,
    unit: row.unit as ConsumptionDatasetSummary['unit'],
    conversionCoefficient: row.conversionCoefficient,
    createdAt: row.createdAt.toISOString(),
    debut: row.debut,
    fin: row.fin,
    jours: row.jours,
    totalKwh: round3(row.totalKwh),
    totalMwh: round3(row.totalKwh / 1000),
    maxJournalierKwh: row.maxKwh === null ? null : round3(row.maxKwh),
    qualite: { mesure: row.mesure, estime: row.estime, manquant: row.manquant },
    anneeComplete: spansAYear(row.debut, row.fin),
  };
}

/** The year of readings chosen for an optimisation (see series-window.ts). */
export interface SelectedSeries {
  dataset: ConsumptionDatasetSummary;
  window: SeriesWindowChoice;
  jours: JourConsommation[];
  message: string;
}

export type SeriesSelection = { kind: 'dataset'; selected: SelectedSeries } | { kind: 'none'; raison: string };

const notFound = () => new AppError('NOT_FOUND', CONSUMPTION_MESSAGES.notFound);

export function createConsumptionDataService({
  db,
  access,
  now = () => new Date(),
}: ConsumptionDataServiceDependencies) {
  /** A dataset of one of the caller's organisations (404 otherwise), when their role there allows `action`. */
  async function readableDataset(
    actor: Actor,
    id: string,
    action: 'read' | 'delete' = 'read',
  ): Promise<DatasetWithStats> {
    const [row] = await listDatasetsWithStats(db, null, { id });
    return (await access.authorise(actor, row, action, notFound)).object;
  }

  /** A dataset of that organisation, or 404. */
  async function datasetOf(organisationId: string, id: string): Promise<DatasetWithStats> {
    const [row] = await listDatasetsWithStats(db, organisationId, { id });
    if (!row) {
      throw notFound();
    }
    return row;
  }

  /** The chosen window of a dataset and its days, or why it cannot be used. */
  async function windowOf(
    row: DatasetWithStats,
    dateEffet: IsoDate,
  ): Promise<{ ok: true; selected: SelectedSeries } | { ok: false; raison: string }> {
    const summary = toSummary(row);
    const name = `« ${row.label ?? row.sourceFileName ?? row.id.slice(0, 8)} » (PCE ${row.pce})`;
    const choice = candidateWindow(row.debut, row.fin, dateEffet);
    if (!choice) {
      return {
        ok: false,
        raison: `les relevés ${name} couvrent du ${frenchDate(row.debut)} au ${frenchDate(row.fin)} (${row.jours} jours) : il faut une année complète (365 jours consécutifs).`,
      };
    }
    const rows = await readingsOf(db, row.id, { from: choice.debut, to: choice.fin });
    const missing = rows.filter((day) => day.quality === 'manquant').length;
    if (tooManyMissing(missing, rows.length)) {
      return {
        ok: false,
        raison: `sur ${describeWindow(choice)}, ${missing} jour(s) sur ${rows.length} manquent dans les relevés ${name} (au plus ${Math.round(MAX_MISSING_SHARE * 100)} %).`,
      };
    }
    return {
      ok: true,
      selected: {
        dataset: summary,
        window: choice,
        jours: rows.map((day) => ({
          date: day.date,
          mwh: day.kwh === null ? null : day.kwh / 1000,
          qualite: day.quality as QualiteJour,
        })),
        message: `Consommation journalière : vos relevés ${name}, ${describeWindow(choice)}${missing > 0 ? `, dont ${missing} jour(s) manquant(s)` : ''}.`,
      },
    };
  }

  return {
    async list(actor: Actor | null, query: ConsumptionDatasetListQuery): Promise<ConsumptionDatasetList> {
      const { organisationId } = await access.scope(requireUser(actor));
      const [rows, total] = await Promise.all([
        listDatasetsWithStats(db, organisationId, {}, { limit: query.pageSize, offset: pageOffset(query) }),
        countDatasets(db, organisationId),
      ]);
      return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async create(actor: Actor | null, body: CreateConsumptionDataBody): Promise<CreateConsumptionDataResponse> {
      const signedIn = requireUser(actor);
      const { user } = signedIn;
      const { organisationId } = await access.scope(signedIn, 'create');
      const pceText = body.pce?.trim() ? normalisePce(body.pce) : undefined;
      if (pceText !== undefined && !/^\d{14}$/.test(pceText)) {
        throw validationError('pce', CONSUMPTION_MESSAGES.pceFormat);
      }
      if (body.csv.trim() === '') {
        throw validationError('csv', CONSUMPTION_MESSAGES.csvRequired);
      }
      let coefficient: number | undefined;
      if (body.coefficientConversion !== null && body.coefficientConversion !== undefined) {
        const raw = String(body.coefficientConversion).trim();
        if (raw !== '') {
          const parsed = parseFrenchNumber(raw);
          if (parsed === null || parsed <= 0 || parsed > MAX_CONVERSION_COEFFICIENT) {
            throw validationError('coefficientConversion', CONSUMPTION_MESSAGES.coefficient);
          }
          coefficient = parsed;
        }
      }
      const parsed = parseConsumptionCsv(body.csv, {
        format: body.format ?? 'auto',
        maxErrors: MAX_ERRORS,
        ...(coefficient === undefined ? {} : { coefficientConversion: coefficient }),
        ...(pceText === undefined ? {} : { expectedPce: pceText }),
      });
      if (!parsed.ok) {
        const messages = formatConsumptionErrors(parsed.errors);
        throw new AppError('VALIDATION_FAILED', messages[0] as string, {
          details: messages.map((message) => ({ path: '/csv', message })),
        });
      }
      const pce = pceText ?? parsed.pce;
      if (!pce) {
        throw validationError('pce', CONSUMPTION_MESSAGES.pceRequired);
      }
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await insertConsumptionDataset(
          tx,
          {
            id,
            userId: user.id,
            organisationId,
            pce,
            label: body.label?.trim() || null,
            sourceFormat: parsed.format,
            sourceFileName: body.fileName?.trim() || null,
            unit: parsed.unit,
            conversionCoefficient: coefficient ?? null,
            createdAt: now(),
          },
          parsed.releves.map((day) => ({
            datasetId: id,
            date: day.date,
            kwh: day.kwh,
            quality: day.qualite,
            volumeM3: day.volumeM3,
            coefficient: day.coefficient,
            sourceLine: day.line,
          })),
        );
      });
      const row = await datasetOf(organisationId, id);
      return { dataset: toSummary(row), warnings: [...parsed.warnings] };
    },

    async detail(actor: Actor | null, id: string): Promise<ConsumptionDatasetDetail> {
      const row = await readableDataset(requireUser(actor), id);
      const days = await readingsOf(db, id);
      return {
        dataset: toSummary(row),
        releves: days.map((day) => ({
          date: day.date,
          kwh: day.kwh,
          qualite: day.quality as QualiteJour,
          volumeM3: day.volumeM3,
          coefficient: day.coefficient,
        })),
      };
    },

    async remove(actor: Actor | null, id: string): Promise<{ id: string; deleted: true }> {
      const row = await readableDataset(requireUser(actor), id, 'delete');
      if (!(await deleteDatasetOf(db, row.organisationId, id))) {
        throw notFound();
      }
      return { id, deleted: true };
    },

    async overview(actor: Actor | null): Promise<ConsumptionOverview> {
      const { organisationId } = await access.scope(requireUser(actor));
      const rows = await listDatasetsWithStats(db, organisationId);
      const byPce = new Map<string, ConsumptionOverview['pces'][number]>();
      const qualite = { mesure: 0, estime: 0, manquant: 0 };
      let totalKwh = 0;
      for (const row of rows) {
        qualite.mesure += row.mesure;
        qualite.estime += row.estime;
        qualite.manquant += row.manquant;
        totalKwh += row.totalKwh;
        const entry = byPce.get(row.pce);
        if (entry) {
          entry.datasets += 1;
          entry.debut = row.debut < entry.debut ? row.debut : entry.debut;
          entry.fin = row.fin > entry.fin ? row.fin : entry.fin;
          entry.jours += row.jours;
          entry.totalMwh = round3(entry.totalMwh + row.totalKwh / 1000);
          const created = row.createdAt.toISOString();
          entry.dernierImport = created > entry.dernierImport ? created : entry.dernierImport;
        } else {
          byPce.set(row.pce, {
            pce: row.pce,
            datasets: 1,
            debut: row.debut,
            fin: row.fin,
            jours: row.jours,
            totalMwh: round3(row.totalKwh / 1000),
            dernierImport: row.createdAt.toISOString(),
          });
        }
      }
      return {
        datasets: rows.length,
        totalMwh: round3(totalKwh / 1000),
        qualite,
        pces: [...byPce.values()].sort((a, b) => (a.pce < b.pce ? -1 : a.pce > b.pce ? 1 : 0)),
      };
    },

    async datasetSummary(
      actor: Actor | null,
      id: string,
      dateEffetMonth: string | undefined,
    ): Promise<ConsumptionDatasetSummaryResponse> {
      const row = await readableDataset(requireUser(actor), id);
      const months = await monthlyStats(db, id);
      const dateEffet = `${dateEffetMonth ?? now().toISOString().slice(0, 7)}-01`;
      const chosen = await windowOf(row, dateEffet);
      const serieOptimisation: SeriesWindow & { dateEffet: string } = chosen.ok
        ? {
            dateEffet,
            utilisable: true,
            regle: chosen.selected.window.regle,
            debut: chosen.selected.window.debut,
            fin: chosen.selected.window.fin,
            joursManquants: chosen.selected.jours.filter((day) => day.qualite === 'manquant').length,
            message: chosen.selected.message,
          }
        : {
            dateEffet,
            utilisable: false,
            regle: null,
            debut: null,
            fin: null,
            joursManquants: null,
            message: `Relevés inutilisables pour l’optimisation : ${chosen.raison}`,
          };
      return {
        dataset: toSummary(row),
        mois: months.map((month) => ({
          mois: month.mois,
          jours: month.jours,
          totalKwh: round3(month.totalKwh),
          maxJournalierKwh: month.maxKwh === null ? null : round3(month.maxKwh),
          qualite: { mesure: month.mesure, estime: month.estime, manquant: month.manquant },
        })),
        serieOptimisation,
      };
    },

    /**
     * The year of readings an optimisation uses (ADR 0013), among the datasets of the organisation the optimisation
     * is made in (ADR 0066). `datasetId`: that dataset (404 if not the organisation's;
     * 422 `CONSUMPTION_DATA_INSUFFICIENT` if it has no usable year). `pce`: the organisation's datasets of that PCE, newest
     * first, rule 1 before rule 2 across them; none usable → `kind: 'none'` with the reason (the caller
     * synthesises a typical year). Neither → `kind: 'none'`.
     */
    async selectSeries(
      organisationId: string,
      selector: { datasetId?: string | undefined; pce?: string | undefined },
      dateEffet: IsoDate,
    ): Promise<SeriesSelection> {
      if (selector.datasetId) {
        const row = await datasetOf(organisationId, selector.datasetId);
        if (selector.pce && selector.pce !== row.pce) {
          throw validationError(
            'pce',
            `Le PCE « ${selector.pce} » ne correspond pas au jeu de données choisi (PCE ${row.pce}).`,
          );
        }
        const chosen = await windowOf(row, dateEffet);
        if (!chosen.ok) {
          throw new AppError(
            'CONSUMPTION_DATA_INSUFFICIENT',
            `Optimisation impossible sur ce jeu de données : ${chosen.raison} Importez une année complète ou retirez le jeu de données pour utiliser une année type estimée.`,
          );
        }
        return { kind: 'dataset', selected: chosen.selected };
      }
      if (!selector.pce) {
        return {
          kind: 'none',
          raison: 'aucun jeu de données de consommation choisi (champ « pce » ou « datasetId »).',
        };
      }
      const rows = await listDatasetsWithStats(db, organisationId, { pce: selector.pce });
      if (rows.length === 0) {
        return { kind: 'none', raison: `aucun relevé importé pour le PCE ${selector.pce}.` };
      }
      const reasons: string[] = [];
      for (const rule of ['annee-precedant-date-effet', 'derniere-annee-complete'] as const) {
        for (const row of rows) {
          const choice = candidateWindow(row.debut, row.fin, dateEffet);
          if (choice?.regle !== rule) {
            continue;
          }
          const chosen = await windowOf(row, dateEffet);
          if (chosen.ok) {
            return { kind: 'dataset', selected: chosen.selected };
          }
          reasons.push(chosen.raison);
        }
      }
      for (const row of rows) {
        if (!candidateWindow(row.debut, row.fin, dateEffet)) {
          const chosen = await windowOf(row, dateEffet);
          if (!chosen.ok) {
            reasons.push(chosen.raison);
          }
        }
      }
      return { kind: 'none', raison: reasons[0] ?? `aucun relevé utilisable pour le PCE ${selector.pce}.` };
    },
  };
}

export type ConsumptionDataService = ReturnType<typeof createConsumptionDataService>;
