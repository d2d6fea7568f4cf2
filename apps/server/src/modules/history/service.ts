import {
  type HistoryDeleteResponse,
  type ObjectAction,
  type OptimisationBody,
  type OptimisationDetail,
  type OptimisationHistoryItem,
  type OptimisationHistoryPage,
  type OptimisationRecalculation,
  type OptimisationResponse,
  optimisationBodySchema,
  optimisationHistoryItemSchema,
  optimisationResponseSchema,
  type PageQuery,
  pageOffset,
  type RecalculationLine,
  type SimulateBody,
  type SimulationDetail,
  type SimulationHistoryItem,
  type SimulationHistoryPage,
  type SimulationRecalculation,
  type SimulationResultDto,
  simulateBodySchema,
  simulationResultSchema,
  simulatorPointSchema,
} from '@pilote/contracts';
import { roundEuros } from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { optimisations as optimisationsTable, simulations as simulationsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConcurrencyLimiter } from '../../lib/concurrency-limiter.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { OptimisationService } from '../optimisation/service.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import { linkOwner, type PdfLinkSigner } from '../simulator/pdf-link.ts';
import type { SimulatorService } from '../simulator/service.ts';
import { readStoredResult } from '../simulator/stored-result.ts';
import {
  deleteOwnOptimisation,
  deleteOwnSimulation,
  deleteResultsBefore,
  findOptimisationById,
  findSimulationById,
  keepSite,
  listOptimisations,
  listSimulations,
  type OptimisationSummaryRow,
  type SimulationHistoryRow,
  type StoredOptimisationRow,
  type StoredSimulationRow,
} from './repository.ts';

export const HISTORY_MESSAGES = {
  simulationNotFound: 'Simulation introuvable.',
  optimisationNotFound: 'Optimisation introuvable.',
  optimisationDatasetGone:
    'Les relevés de consommation de cette optimisation ont été supprimés depuis : elle ne peut pas être recalculée sur les mêmes données. Relancez-la depuis la page Optimisation.',
  optimisationWithoutDetail:
    'Cette optimisation a été enregistrée avant la conservation du détail : elle ne peut pas être recalculée. Relancez-la depuis la page Optimisation.',
} as const;

/** The daily purge of results older than the retention (ADR 0064). */
export const HISTORY_PURGE_JOB = 'history.purge';

export interface HistoryServiceDependencies {
  db: Database;
  /** Results belong to organisations (ADR 0066): lists read the active one, an id any of the caller's. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  /** Recalculating IS a simulation (one unit of quota, a new stored entry; ADR 0064). */
  simulator: Pick<SimulatorService, 'simulate'>;
  /** The app's bound on simulations at once (ADR 0038): a recalculation waits in the same queue. */
  simulations: ConcurrencyLimiter;
  /** Recalculating an optimisation IS an optimisation (one unit of the `optimisations` quota, a new entry). */
  optimiser: Pick<OptimisationService, 'optimiseAndStore'>;
  pdfLinks: PdfLinkSigner;
  /** Stored results older than this many months are deleted by the daily job. */
  retentionMonths: number;
  now?: () => Date;
}

function money(text: string | null): number | null {
  const value = text === null ? Number.NaN : Number(text);
  return Number.isFinite(value) ? roundEuros(value) : null;
}

function toSimulationItem(row: SimulationHistoryRow): SimulationHistoryItem {
  const point = simulatorPointSchema.parse(row.pointDeReseau);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    pointDeReseau: point,
    code: row.code,
    commune: row.commune,
    gestionnaire: point === 'PITD' ? row.dso : row.tso,
    tarif: row.tarif,
    dateEffet: row.dateEffet,
    totalAnnuelHt: money(row.totalAnnuel),
    usedSampleData: row.usedSampleData,
  };
}

function toOptimisationItem(row: OptimisationSummaryRow): OptimisationHistoryItem {
  // Parsed on read: the row was written from a validated answer, and the contract says what integrations get
  // (the schema drops the row's other columns, its request and answer among them).
  return optimisationHistoryItemSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });
}

/** The stored request and answer of an optimisation, parsed with the contract's schemas; null before 0017. */
function optimisationDetailOf(row: StoredOptimisationRow): Pick<OptimisationDetail, 'input' | 'result'> {
  return {
    input: row.input === null ? null : optimisationBodySchema.parse(row.input),
    result: row.result === null ? null : optimisationResponseSchema.parse(row.result),
  };
}

/** A stored value as a form field: absent → empty (what the form sends for a field left blank). */
function field(value: unknown): string | number {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/**
 * The body that makes this simulation again: the stored validated form (`input.form`, simulator/service.ts) with
 * its month of effect, as the fields `POST /api/simulator/simulate/` reads (`cpl` is sent as `capacite`).
 */
export function bodyOfStoredInput(input: Record<string, unknown>, month: string): SimulateBody {
  const form = (input.form ?? {}) as Record<string, unknown>;
  return simulateBodySchema.parse({
    pointDeReseau: field(form.pointDeReseau),
    code: field(form.code),
    commune: field(form.commune),
    tso: field(form.tso),
    dso: field(form.dso),
    profil: field(form.profil),
    tarif: field(form.tarif),
    car: field(form.car),
    cja: field(form.cja),
    assiette: field(form.assiette),
    cjsInterruptible: field(form.cjsInterruptible),
    capacite: field(form.cpl),
    cee: field(form.cee),
    distanceM: field(form.distanceM),
    debitNormalise: field(form.debitNormalise),
    ntr: field(form.ntr),
    dateEffetMonth: month,
    honeypot: '',
  });
}

type Amount = { unit: RecalculationLine['unit']; value: number };

/** Every id of either list, in the current list's order, those that disappeared last. */
function matchById<T extends { id: string }>(
  previous: readonly T[],
  current: readonly T[],
): { id: string; old: T | undefined; now: T | undefined }[] {
  const before = new Map(previous.map((line) => [line.id, line]));
  const after = new Map(current.map((line) => [line.id, line]));
  const ids = [...after.keys(), ...[...before.keys()].filter((id) => !after.has(id))];
  return ids.map((id) => ({ id, old: before.get(id), now: after.get(id) }));
}

/**
 * One line of a difference (ADR 0064): both amounts rounded to the cent with the domain's rounding, the difference
 * computed on those rounded amounts, so that old + difference = new to the cent on screen.
 */
function lineDifference(
  line: Pick<RecalculationLine, 'id' | 'label' | 'unit'>,
  ancien: number | null,
  nouveau: number | null,
): RecalculationLine {
  const before = ancien === null ? null : roundEuros(ancien);
  const after = nouveau === null ? null : roundEuros(nouveau);
  return { ...line, ancien: before, nouveau: after, difference: roundEuros((after ?? 0) - (before ?? 0)) };
}

/** A line's yearly amount to the cent, or its per-MWh price when it has no yearly amount (no assiette). */
function amountOf(line: SimulationResultDto['lignes'][number] | undefined, unit: Amount['unit']): number | null {
  if (!line) {
    return null;
  }
  return unit === '€/an' ? roundEuros(line.annualAmount ?? 0) : roundEuros(line.unitPrice);
}

/** What the difference reads of a result: its lines only. */
type ResultLines = Pick<SimulationResultDto, 'lignes'>;

function yearlyTotal(result: ResultLines): number {
  return roundEuros(result.lignes.reduce((sum, line) => sum + (line.annualAmount ?? 0), 0));
}

/**
 * What changed, line by line (ADR 0064): each line of either result (matched by id), amounts rounded to the cent
 * with the domain's rounding, the difference computed on those rounded amounts (so that old + difference = new to
 * the cent on screen), then the yearly total excluding VAT.
 */
export function diffResults(previous: ResultLines, current: ResultLines): RecalculationLine[] {
  const lines = matchById(previous.lignes, current.lignes).map(({ id, old, now }): RecalculationLine => {
    const yearly = (now ?? old)?.annualAmount !== null || (old ?? now)?.annualAmount !== null;
    const unit: Amount['unit'] = yearly ? '€/an' : '€/MWh';
    return lineDifference({ id, label: (now ?? old)?.label ?? id, unit }, amountOf(old, unit), amountOf(now, unit));
  });
  lines.push(
    lineDifference(
      { id: 'total', label: 'Total annuel HT', unit: '€/an' },
      yearlyTotal(previous),
      yearlyTotal(current),
    ),
  );
  return lines;
}

/** The cost components of an optimisation's breakdown, in the optimisation view's order. */
const OPTIMISATION_COMPONENTS = [
  ['distribution_fixe', 'distribution (termes de capacité et CTA)'],
  ['transport_fixe', 'transport (capacités)'],
  ['transport_stockage', 'compensation stockage'],
  ['transport_penalites', 'pénalités de dépassement'],
] as const;

type OptimisationLine = { id: string; label: string; amount: number };

function optimisationLines(result: OptimisationResponse): OptimisationLine[] {
  const side = (key: 'avant' | 'apres', who: string): OptimisationLine[] =>
    OPTIMISATION_COMPONENTS.map(([component, label]) => ({
      id: `${key}.${component}`,
      label: `${who} — ${label}`,
      amount: result.couts[key][component],
    }));
  return [
    ...side('avant', 'CJA actuelle'),
    { id: 'avant.total_annuel', label: 'Coût annuel HT avec la CJA actuelle', amount: result.couts.avant.total_annuel },
    ...side('apres', 'CJA recommandée'),
    { id: 'economie', label: 'Économie annuelle HT', amount: result.economieAnnuelle },
  ];
}

/**
 * What changed between two optimisations, line by line to the cent (ADR 0064, the same rounding as
 * {@link diffResults}): each cost component with the current CJA, then with the recommended CJA, the saving, and
 * last the yearly cost with the recommended CJA (`total`).
 */
export function diffOptimisations(previous: OptimisationResponse, current: OptimisationResponse): RecalculationLine[] {
  const lines = matchById(optimisationLines(previous), optimisationLines(current)).map(({ id, old, now }) =>
    lineDifference({ id, label: (now ?? old)?.label ?? id, unit: '€/an' }, old?.amount ?? null, now?.amount ?? null),
  );
  lines.push(
    lineDifference(
      { id: 'total', label: 'Coût annuel HT avec la CJA recommandée', unit: '€/an' },
      previous.couts.apres.total_annuel,
      current.couts.apres.total_annuel,
    ),
  );
  return lines;
}

/** `now` minus `months` calendar months (UTC), the day kept or clamped to the month's last. */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

export function createHistoryService({
  db,
  access,
  simulator,
  simulations,
  optimiser,
  pdfLinks,
  retentionMonths,
  now = () => new Date(),
}: HistoryServiceDependencies) {
  const optimisationNotFound = () => new AppError('NOT_FOUND', HISTORY_MESSAGES.optimisationNotFound);
  const simulationNotFound = () => new AppError('NOT_FOUND', HISTORY_MESSAGES.simulationNotFound);

  /**
   * An optimisation of one of the caller's organisations (404 otherwise), when their role there allows `action`
   * (ADR 0066): `create` for a recalculation (a new entry in the same organisation), `delete` for a deletion.
   */
  async function optimisationFor(actor: Actor | null, id: string, action: ObjectAction) {
    return access.authorise(requireUser(actor), await findOptimisationById(db, id), action, optimisationNotFound);
  }

  async function simulationFor(actor: Actor | null, id: string, action: ObjectAction) {
    return access.authorise(requireUser(actor), await findSimulationById(db, id), action, simulationNotFound);
  }

  /** The stored result in today's shape (ADR 0041), parsed with the contract's schema. */
  function resultOf(row: StoredSimulationRow): SimulationResultDto {
    return simulationResultSchema.parse(readStoredResult(row.result));
  }

  return {
    async simulations(actor: Actor | null, query: PageQuery): Promise<SimulationHistoryPage> {
      const owner = await access.scope(requireUser(actor));
      const { rows, total } = await listSimulations(db, owner, { limit: query.pageSize, offset: pageOffset(query) });
      return { items: rows.map(toSimulationItem), total, page: query.page, pageSize: query.pageSize };
    },

    async simulation(actor: Actor | null, id: string): Promise<SimulationDetail> {
      const { object: row } = await simulationFor(actor, id, 'read');
      const link = pdfLinks.link(row.id, linkOwner(row));
      return {
        simulationId: row.id,
        createdAt: row.createdAt.toISOString(),
        input: bodyOfStoredInput(row.input, row.dateEffet.slice(0, 7)),
        resultat: resultOf(row),
        pdfUrl: link.url,
        pdfUrlExpiresAt: link.expiresAt.toISOString(),
      };
    },

    async deleteSimulation(actor: Actor | null, id: string): Promise<HistoryDeleteResponse> {
      const owner = await simulationFor(actor, id, 'delete');
      if (!(await deleteOwnSimulation(db, owner, id))) {
        throw simulationNotFound();
      }
      return { id, deleted: true };
    },

    /**
     * « Recalculer » (ADR 0064): the same form at the current month with today's grids and stored values, as a new
     * simulation (one unit of the `simulations` quota, a new history entry), and what changed line by line.
     */
    async recalculate(actor: Actor | null, id: string): Promise<SimulationRecalculation> {
      const { object: row, ...scope } = await simulationFor(actor, id, 'create');
      const previous = resultOf(row);
      const body = bodyOfStoredInput(row.input, now().toISOString().slice(0, 7));
      // The new entry goes to the recalculated one's organisation (the caller may create there: checked above).
      const current = await simulations.run(() => simulator.simulate(actor, body, { scope }));
      // Its site too (ADR 0079): the history of a site goes on with the recalculated result.
      await keepSite(db, simulationsTable, current.simulationId, row.siteId, row.organisationId);
      const lines = diffResults(previous, current.resultat);
      return {
        previous: { simulationId: row.id, createdAt: row.createdAt.toISOString(), dateEffet: row.dateEffet },
        current,
        lines,
        changed: lines.some((line) => line.difference !== 0),
      };
    },

    async optimisations(actor: Actor | null, query: PageQuery): Promise<OptimisationHistoryPage> {
      const owner = await access.scope(requireUser(actor));
      const { rows, total } = await listOptimisations(db, owner, {
        limit: query.pageSize,
        offset: pageOffset(query),
      });
      return { items: rows.map(toOptimisationItem), total, page: query.page, pageSize: query.pageSize };
    },

    async optimisation(actor: Actor | null, id: string): Promise<OptimisationDetail> {
      const { object: row } = await optimisationFor(actor, id, 'read');
      return { ...toOptimisationItem({ ...row, detailKept: row.result !== null }), ...optimisationDetailOf(row) };
    },

    /**
     * « Recalculer » an optimisation (ADR 0064): the stored request at the current month with today's grids and
     * stored values, as a new optimisation (one unit of the `optimisations` quota, a new history entry), and what
     * changed line by line. An optimisation stored before migration 0017 has no request to send again: 409.
     */
    async recalculateOptimisation(actor: Actor | null, id: string): Promise<OptimisationRecalculation> {
      const { object: row, ...scope } = await optimisationFor(actor, id, 'create');
      const { input, result: previous } = optimisationDetailOf(row);
      if (input === null || previous === null) {
        throw new AppError('CONFLICT', HISTORY_MESSAGES.optimisationWithoutDetail);
      }
      const body: OptimisationBody = { ...input, dateEffetMonth: now().toISOString().slice(0, 7) };
      const stored = await optimiser.optimiseAndStore(actor, body, { scope }).catch((error: unknown) => {
        // The only id the request names besides this one: its dataset, deleted since (the unit was given back).
        if (error instanceof AppError && error.code === 'NOT_FOUND' && input.datasetId) {
          throw new AppError('CONFLICT', HISTORY_MESSAGES.optimisationDatasetGone);
        }
        throw error;
      });
      await keepSite(db, optimisationsTable, stored.id, row.siteId, row.organisationId);
      const lines = diffOptimisations(previous, stored.response);
      return {
        previous: {
          optimisationId: row.id,
          createdAt: row.createdAt.toISOString(),
          dateEffet: row.dateEffet,
          cjaActuelle: previous.cjaActuelle,
          cjaOptimisee: previous.cjaOptimisee,
        },
        current: {
          optimisationId: stored.id,
          createdAt: stored.createdAt.toISOString(),
          dateEffet: stored.response.dateEffet,
          cjaActuelle: stored.response.cjaActuelle,
          cjaOptimisee: stored.response.cjaOptimisee,
        },
        result: stored.response,
        lines,
        changed: lines.some((line) => line.difference !== 0),
      };
    },

    async deleteOptimisation(actor: Actor | null, id: string): Promise<HistoryDeleteResponse> {
      const owner = await optimisationFor(actor, id, 'delete');
      if (!(await deleteOwnOptimisation(db, owner, id))) {
        throw optimisationNotFound();
      }
      return { id, deleted: true };
    },

    /** The retention rule: results made (runs ended) more than `retentionMonths` months before `at` are deleted. */
    async purge(at: Date): Promise<{ simulations: number; optimisations: number; portfolioRuns: number }> {
      return deleteResultsBefore(db, monthsBefore(at, retentionMonths));
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
