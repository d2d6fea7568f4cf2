import {
  type HistoryDeleteResponse,
  type OptimisationHistoryItem,
  type OptimisationHistoryPage,
  optimisationHistoryItemSchema,
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
import { AppError } from '../../lib/app-error.ts';
import type { ConcurrencyLimiter } from '../../lib/concurrency-limiter.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { PdfLinkSigner } from '../simulator/pdf-link.ts';
import type { SimulatorService } from '../simulator/service.ts';
import { readStoredResult } from '../simulator/stored-result.ts';
import {
  deleteOwnOptimisation,
  deleteOwnSimulation,
  deleteResultsBefore,
  findOwnOptimisation,
  findOwnSimulation,
  listOptimisations,
  listSimulations,
  type Owner,
  type SimulationHistoryRow,
  type StoredOptimisationRow,
  type StoredSimulationRow,
} from './repository.ts';

export const HISTORY_MESSAGES = {
  simulationNotFound: 'Simulation introuvable.',
  optimisationNotFound: 'Optimisation introuvable.',
} as const;

/** The daily purge of results older than the retention (ADR 0064). */
export const HISTORY_PURGE_JOB = 'history.purge';

export interface HistoryServiceDependencies {
  db: Database;
  /** Recalculating IS a simulation (one unit of quota, a new stored entry; ADR 0064). */
  simulator: Pick<SimulatorService, 'simulate'>;
  /** The app's bound on simulations at once (ADR 0038): a recalculation waits in the same queue. */
  simulations: ConcurrencyLimiter;
  pdfLinks: PdfLinkSigner;
  /** Stored results older than this many months are deleted by the daily job. */
  retentionMonths: number;
  now?: () => Date;
}

/** Who the caller's results belong to (today: the caller; next: their current organisation, ADR 0064). */
function ownerOf(actor: Actor | null): Owner {
  const { user } = requireUser(actor);
  return { userId: user.id };
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

function toOptimisationItem(row: StoredOptimisationRow): OptimisationHistoryItem {
  // Parsed on read: the row was written from a validated answer, and the contract says what integrations get.
  return optimisationHistoryItemSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });
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

/** A line's yearly amount to the cent, or its per-MWh price when it has no yearly amount (no assiette). */
function amountOf(line: SimulationResultDto['lignes'][number] | undefined, unit: Amount['unit']): number | null {
  if (!line) {
    return null;
  }
  return unit === '€/an' ? roundEuros(line.annualAmount ?? 0) : roundEuros(line.unitPrice);
}

function yearlyTotal(result: SimulationResultDto): number {
  return roundEuros(result.lignes.reduce((sum, line) => sum + (line.annualAmount ?? 0), 0));
}

/**
 * What changed, line by line (ADR 0064): each line of either result (matched by id), amounts rounded to the cent
 * with the domain's rounding, the difference computed on those rounded amounts (so that old + difference = new to
 * the cent on screen), then the yearly total excluding VAT.
 */
export function diffResults(previous: SimulationResultDto, current: SimulationResultDto): RecalculationLine[] {
  const before = new Map(previous.lignes.map((line) => [line.id, line]));
  const after = new Map(current.lignes.map((line) => [line.id, line]));
  const ids = [...after.keys(), ...[...before.keys()].filter((id) => !after.has(id))];
  const lines = ids.map((id): RecalculationLine => {
    const old = before.get(id);
    const now = after.get(id);
    const yearly = (now ?? old)?.annualAmount !== null || (old ?? now)?.annualAmount !== null;
    const unit: Amount['unit'] = yearly ? '€/an' : '€/MWh';
    const ancien = amountOf(old, unit);
    const nouveau = amountOf(now, unit);
    return {
      id,
      label: (now ?? old)?.label ?? id,
      unit,
      ancien,
      nouveau,
      difference: roundEuros((nouveau ?? 0) - (ancien ?? 0)),
    };
  });
  const ancien = yearlyTotal(previous);
  const nouveau = yearlyTotal(current);
  lines.push({
    id: 'total',
    label: 'Total annuel HT',
    unit: '€/an',
    ancien,
    nouveau,
    difference: roundEuros(nouveau - ancien),
  });
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
  simulator,
  simulations,
  pdfLinks,
  retentionMonths,
  now = () => new Date(),
}: HistoryServiceDependencies) {
  async function ownSimulation(owner: Owner, id: string): Promise<StoredSimulationRow> {
    const row = await findOwnSimulation(db, owner, id);
    if (!row) {
      throw new AppError('NOT_FOUND', HISTORY_MESSAGES.simulationNotFound);
    }
    return row;
  }

  /** The stored result in today's shape (ADR 0041), parsed with the contract's schema. */
  function resultOf(row: StoredSimulationRow): SimulationResultDto {
    return simulationResultSchema.parse(readStoredResult(row.result));
  }

  return {
    async simulations(actor: Actor | null, query: PageQuery): Promise<SimulationHistoryPage> {
      const owner = ownerOf(actor);
      const { rows, total } = await listSimulations(db, owner, { limit: query.pageSize, offset: pageOffset(query) });
      return { items: rows.map(toSimulationItem), total, page: query.page, pageSize: query.pageSize };
    },

    async simulation(actor: Actor | null, id: string): Promise<SimulationDetail> {
      const owner = ownerOf(actor);
      const row = await ownSimulation(owner, id);
      const link = pdfLinks.link(row.id, row.userId);
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
      const owner = ownerOf(actor);
      if (!(await deleteOwnSimulation(db, owner, id))) {
        throw new AppError('NOT_FOUND', HISTORY_MESSAGES.simulationNotFound);
      }
      return { id, deleted: true };
    },

    /**
     * « Recalculer » (ADR 0064): the same form at the current month with today's grids and stored values, as a new
     * simulation (one unit of the `simulations` quota, a new history entry), and what changed line by line.
     */
    async recalculate(actor: Actor | null, id: string): Promise<SimulationRecalculation> {
      const owner = ownerOf(actor);
      const row = await ownSimulation(owner, id);
      const previous = resultOf(row);
      const body = bodyOfStoredInput(row.input, now().toISOString().slice(0, 7));
      const current = await simulations.run(() => simulator.simulate(actor, body));
      const lines = diffResults(previous, current.resultat);
      return {
        previous: { simulationId: row.id, createdAt: row.createdAt.toISOString(), dateEffet: row.dateEffet },
        current,
        lines,
        changed: lines.some((line) => line.difference !== 0),
      };
    },

    async optimisations(actor: Actor | null, query: PageQuery): Promise<OptimisationHistoryPage> {
      const owner = ownerOf(actor);
      const { rows, total } = await listOptimisations(db, owner, {
        limit: query.pageSize,
        offset: pageOffset(query),
      });
      return { items: rows.map(toOptimisationItem), total, page: query.page, pageSize: query.pageSize };
    },

    async optimisation(actor: Actor | null, id: string): Promise<OptimisationHistoryItem> {
      const row = await findOwnOptimisation(db, ownerOf(actor), id);
      if (!row) {
        throw new AppError('NOT_FOUND', HISTORY_MESSAGES.optimisationNotFound);
      }
      return toOptimisationItem(row);
    },

    async deleteOptimisation(actor: Actor | null, id: string): Promise<HistoryDeleteResponse> {
      if (!(await deleteOwnOptimisation(db, ownerOf(actor), id))) {
        throw new AppError('NOT_FOUND', HISTORY_MESSAGES.optimisationNotFound);
      }
      return { id, deleted: true };
    },

    /** The retention rule: results made more than `retentionMonths` months before `at` are deleted. */
    async purge(at: Date): Promise<{ simulations: number; optimisations: number }> {
      return deleteResultsBefore(db, monthsBefore(at, retentionMonths));
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
