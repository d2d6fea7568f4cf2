/**
 * Tariff data administration (ADR 0025): staff and admins read the dated values, the audit log and the
 * calendar; only admins add a value, undo one, import a grid file or a reference table. Every write adds rows
 * (never an update) and one audit entry, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type {
  AddTariffValueBody,
  GridImportBody,
  GridImportPreview,
  GridImportResult,
  PublicStoredValuesResponse,
  ReferenceImportBody,
  ReferenceImportPreview,
  ReferenceImportResult,
  ReferenceSimulation,
  StoredTariffValue,
  TariffAuditResponse,
  TariffCalendarEntry,
  TariffCalendarQuery,
  TariffCalendarResponse,
  TariffDatedValue,
  TariffParametersQuery,
  TariffParametersResponse,
  UndoTariffValueBody,
  UserRole,
} from '@pilote/contracts';
import { addTariffValueBodySchema, referenceImportBodySchema } from '@pilote/contracts';
import {
  changesBetween,
  createParameterOverlay,
  isIsoDate,
  isOverlayEntry,
  type OverlayValue,
  overlaidRegistry,
  overlayValueProblem,
  PARAMETER_REGISTRY,
  type Parameter,
  type ParameterOverlay,
  REFERENCE_CASES,
  referencesOf,
  resolveAt,
  type SimulationInput,
  simulate,
  TariffDomainError,
  withOverlay,
} from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { type Actor, requireRole } from '../auth/session.ts';
import type { ReferenceFileCheck, ReferenceFileChecker } from '../reference-data/check-file.ts';
import { ReferenceImportError } from '../reference-data/importer.ts';
import { checkInWorker } from '../reference-data/worker-check.ts';
import { parseGridFile } from './grid-file.ts';
import { type StoredOverlay, storedKey, type TariffOverlaySource } from './overlay-source.ts';
import { REFERENCE_IMPORTS, type ReferenceImportRegistration } from './reference-imports.ts';
import {
  findAudit,
  findVersions,
  insertAudit,
  insertValueVersion,
  lockValueKey,
  type StoredValueInsert,
  type StoredValueRecord,
} from './repository.ts';

const READERS: readonly UserRole[] = ['staff', 'admin'];
const ADMINS: readonly UserRole[] = ['admin'];
/** The public calendar shows at most this span (days). */
const MAX_CALENDAR_DAYS = 5 * 366;

export interface TariffDataServiceDependencies {
  db: Database;
  overlaySource: TariffOverlaySource;
  now?: () => Date;
  referenceImports?: readonly ReferenceImportRegistration[];
  /** Parses and checks an uploaded reference table (default: in a worker thread, off the event loop). */
  checkReferenceFile?: ReferenceFileChecker;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const frenchNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });
/** A value as the audit log says it: French decimals, « fin » for the end of a parameter. */
const auditValue = (value: number | null) => (value === null ? 'fin' : frenchNumber.format(value));

function toStoredDto(row: StoredValueRecord): StoredTariffValue {
  return {
    id: row.id,
    parameterId: row.parameterId,
    validFrom: row.validFrom,
    version: row.version,
    action: row.action as StoredTariffValue['action'],
    value: row.value,
    unit: row.unit as StoredTariffValue['unit'],
    status: row.status as StoredTariffValue['status'],
    references: row.references,
    note: row.note,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
    origin: row.origin as StoredTariffValue['origin'],
  };
}

function yearlyTotal(input: SimulationInput, date: string, overlay: ParameterOverlay): number {
  const result = simulate(input, date, { overlay });
  const total = result.lignes.reduce((sum, line) => sum + (line.annualAmount ?? 0), 0);
  return Math.round(total * 100) / 100;
}

/** Before/after yearly totals of the reference cases at `date`. */
export function referenceSimulations(
  date: string,
  before: ParameterOverlay,
  after: ParameterOverlay,
): ReferenceSimulation[] {
  return REFERENCE_CASES.map(({ label, input }) => {
    const run = (overlay: ParameterOverlay) => {
      try {
        return { total: yearlyTotal(input, date, overlay), error: null };
      } catch (error) {
        if (error instanceof TariffDomainError) {
          return { total: null, error: error.message };
        }
        throw error;
      }
    };
    const b = run(before);
    const a = run(after);
    return { label, dateEffet: date, before: b.total, after: a.total, error: a.error ?? b.error };
  });
}

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A checker that hands back a file already checked (in the worker), so the import inside a transaction only writes. */
function alreadyChecked(checked: ReferenceFileCheck): ReferenceFileChecker {
  return async () => checked;
}

export function createTariffDataService({
  db,
  overlaySource,
  now = () => new Date(),
  referenceImports = REFERENCE_IMPORTS,
  checkReferenceFile = checkInWorker,
}: TariffDataServiceDependencies) {
  const params = new Map(PARAMETER_REGISTRY.map((p) => [p.id, p]));

  function parameterOrError(parameterId: string): Parameter {
    const param = params.get(parameterId);
    if (!param) {
      throw validationError('parameterId', `Paramètre inconnu : « ${parameterId} ».`);
    }
    return param;
  }

  /** Checks one value against its parameter: French message on the field at fault. */
  function checkValue(value: OverlayValue): void {
    const param = parameterOrError(value.parameterId);
    if (!isIsoDate(value.from)) {
      throw validationError('validFrom', 'Veuillez indiquer une date d’effet valide (AAAA-MM-JJ).');
    }
    if (value.unit !== param.unit) {
      throw validationError(
        'unit',
        `L’unité « ${value.unit} » ne correspond pas à celle du paramètre « ${param.description} » (${param.unit}).`,
      );
    }
    const problem = overlayValueProblem(value, param);
    if (problem) {
      throw validationError('value', capitalise(problem));
    }
  }

  async function writeVersion(
    actor: Actor,
    tx: Pick<Database, 'select' | 'insert' | 'execute'>,
    row: Omit<StoredValueInsert, 'version' | 'recordedBy' | 'recordedById'>,
  ): Promise<StoredValueRecord> {
    await lockValueKey(tx, row.parameterId, row.validFrom);
    const [latest] = await findVersions(tx, row.parameterId, row.validFrom);
    return insertValueVersion(tx, {
      ...row,
      version: (latest?.version ?? 0) + 1,
      recordedById: actor.user.id,
      recordedBy: actor.user.email,
    });
  }

  function datedValues(param: Parameter, stored: StoredOverlay): TariffDatedValue[] {
    const packagedDates = new Set(param.entries.map((e) => e.from));
    return withOverlay(param, stored.overlay).entries.map((entry) => {
      const record = isOverlayEntry(entry) ? stored.current.get(storedKey(param.id, entry.from)) : undefined;
      return {
        validFrom: entry.from,
        value: entry.value,
        status: entry.status,
        references: referencesOf(entry).map((ref) => ({
          title: ref.title,
          url: ref.url,
          publishedOn: ref.publishedOn,
        })),
        note: entry.notes ?? null,
        origin: isOverlayEntry(entry) ? 'stored' : 'package',
        stored: record
          ? { version: record.version, recordedBy: record.recordedBy, recordedAt: record.recordedAt.toISOString() }
          : null,
        replacesPackaged: isOverlayEntry(entry) && packagedDates.has(entry.from),
      };
    });
  }

  function registrationOf(kind: string): ReferenceImportRegistration {
    const registration = referenceImports.find((r) => r.kind === kind);
    if (!registration) {
      throw new AppError('NOT_FOUND', `Table de référence inconnue : « ${kind} ».`);
    }
    return registration;
  }

  async function checkedGridFile(body: GridImportBody): Promise<{ values: OverlayValue[]; stored: StoredOverlay }> {
    const parsed = parseGridFile(body.format, body.text);
    if (!parsed.ok) {
      const details = parsed.errors.map((e) => ({ path: '/text', message: `Ligne ${e.line} : ${e.message}` }));
      throw new AppError('VALIDATION_FAILED', `Fichier « ${body.fileName} » refusé : ${details[0]?.message}`, {
        details,
      });
    }
    const seen = new Set<string>();
    const details: { path: string; message: string }[] = [];
    parsed.values.forEach((value, index) => {
      const problem = overlayValueProblem(value, params.get(value.parameterId));
      const key = storedKey(value.parameterId, value.from);
      if (problem) {
        details.push({ path: '/text', message: `Valeur n° ${index + 1} : ${problem}` });
      } else if (seen.has(key)) {
        details.push({
          path: '/text',
          message: `Valeur n° ${index + 1} : deux valeurs pour ${value.parameterId} au ${value.from}.`,
        });
      }
      seen.add(key);
    });
    if (details.length > 0) {
      throw new AppError('VALIDATION_FAILED', `Fichier « ${body.fileName} » refusé : ${details[0]?.message}`, {
        details: details.slice(0, 50),
      });
    }
    return { values: parsed.values, stored: await overlaySource.current() };
  }

  return {
    async listParameters(actor: Actor | null, query: TariffParametersQuery): Promise<TariffParametersResponse> {
      requireRole(actor, READERS);
      const stored = await overlaySource.current();
      const q = query.q?.toLowerCase();
      const matching = PARAMETER_REGISTRY.filter(
        (p) =>
          (!query.grid || p.grid === query.grid) &&
          (!q || p.id.toLowerCase().includes(q) || p.description.toLowerCase().includes(q)),
      );
      const page = matching.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      return {
        items: page.map((param) => ({
          id: param.id,
          grid: param.grid,
          description: param.description,
          unit: param.unit,
          lastCheckedOn: param.lastCheckedOn,
          values: datedValues(param, stored),
        })),
        total: matching.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async addValue(actor: Actor | null, input: AddTariffValueBody): Promise<{ value: StoredTariffValue }> {
      const admin = requireRole(actor, ADMINS);
      const body = addTariffValueBodySchema.parse(input);
      const value: OverlayValue = {
        parameterId: body.parameterId,
        from: body.validFrom,
        value: body.value,
        unit: body.unit,
        status: body.status,
        references: body.references,
        notes: body.note,
      };
      checkValue(value);
      const param = parameterOrError(body.parameterId);
      const row = await db.transaction(async (tx) => {
        const inserted = await writeVersion(admin, tx, {
          parameterId: body.parameterId,
          validFrom: body.validFrom,
          action: 'set',
          value: body.value,
          unit: body.unit,
          status: body.status,
          references: body.references,
          note: body.note,
          origin: 'panel',
        });
        await insertAudit(tx, {
          id: randomUUID(),
          action: 'value.add',
          actorId: admin.user.id,
          actorEmail: admin.user.email,
          summary: `${param.description} (${param.id}) au ${body.validFrom} : ${auditValue(body.value)} ${param.unit} (version ${inserted.version}).`,
          details: { parameterId: param.id, validFrom: body.validFrom, version: inserted.version, rowId: inserted.id },
        });
        return inserted;
      });
      return { value: toStoredDto(row) };
    },

    async undo(actor: Actor | null, body: UndoTariffValueBody): Promise<{ value: StoredTariffValue }> {
      const admin = requireRole(actor, ADMINS);
      const param = parameterOrError(body.parameterId);
      const row = await db.transaction(async (tx) => {
        await lockValueKey(tx, body.parameterId, body.validFrom);
        const [latest, previous] = await findVersions(tx, body.parameterId, body.validFrom);
        if (!latest) {
          throw new AppError('NOT_FOUND', `Aucune valeur enregistrée pour ${param.id} au ${body.validFrom}.`);
        }
        // Restores the version before the last one, or the packaged value (withdraw) when the last is the first.
        const restored = previous
          ? {
              action: previous.action,
              value: previous.value,
              unit: previous.unit,
              status: previous.status,
              references: previous.references,
              note: previous.note,
            }
          : {
              action: 'withdraw',
              value: null,
              unit: latest.unit,
              status: latest.status,
              references: latest.references,
              note: '',
            };
        const inserted = await writeVersion(admin, tx, {
          parameterId: body.parameterId,
          validFrom: body.validFrom,
          ...restored,
          origin: 'undo',
        });
        await insertAudit(tx, {
          id: randomUUID(),
          action: 'value.undo',
          actorId: admin.user.id,
          actorEmail: admin.user.email,
          summary: `Annulation de la version ${latest.version} de ${param.id} au ${body.validFrom} : ${
            previous ? `retour à la version ${previous.version}` : 'retour à la valeur livrée avec l’application'
          } (version ${inserted.version}).`,
          details: {
            parameterId: param.id,
            validFrom: body.validFrom,
            undone: latest.version,
            version: inserted.version,
          },
        });
        return inserted;
      });
      return { value: toStoredDto(row) };
    },

    async audit(actor: Actor | null, query: { page: number; pageSize: number }): Promise<TariffAuditResponse> {
      requireRole(actor, READERS);
      const { rows, total } = await findAudit(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          action: row.action as TariffAuditResponse['items'][number]['action'],
          actorEmail: row.actorEmail,
          summary: row.summary,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Public: the stored values in force (what the overlay holds), by parameter then date. */
    async storedValues(query: { page: number; pageSize: number }): Promise<PublicStoredValuesResponse> {
      const stored = await overlaySource.current();
      const values = [...stored.overlay.byParameter.keys()]
        .sort()
        .flatMap((id) => (stored.overlay.byParameter.get(id) ?? []).map((entry) => ({ id, entry })));
      return {
        items: values.slice((query.page - 1) * query.pageSize, query.page * query.pageSize).map(({ id, entry }) => ({
          parameterId: id,
          validFrom: entry.from,
          value: entry.value,
          unit: (params.get(id) as Parameter).unit,
          status: entry.status,
          references: referencesOf(entry).map((ref) => ({
            title: ref.title,
            url: ref.url,
            publishedOn: ref.publishedOn,
          })),
          note: entry.notes ?? '',
        })),
        total: values.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Public: changes of the grids (packaged and stored) between `from` and `to`, grouped by date and grid. */
    async calendar(query: TariffCalendarQuery): Promise<TariffCalendarResponse> {
      const today = now();
      const todayIso = today.toISOString().slice(0, 10);
      const from = query.from ?? addDays(today, -183);
      const to = query.to ?? addDays(today, 366);
      if (!isIsoDate(from) || !isIsoDate(to) || from > to) {
        throw validationError('from', 'Période invalide : la date de début doit précéder la date de fin.');
      }
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_CALENDAR_DAYS) {
        throw validationError('to', 'Période trop longue : cinq ans au plus.');
      }
      const stored = await overlaySource.current();
      const changes = changesBetween(overlaidRegistry(PARAMETER_REGISTRY, stored.overlay), from, to);
      const groups = new Map<string, TariffCalendarEntry>();
      for (const change of changes) {
        const key = `${change.from}|${change.grid}`;
        let group = groups.get(key);
        if (!group) {
          group = {
            date: change.from,
            grid: change.grid,
            when: change.from <= todayIso ? 'past' : 'upcoming',
            changes: [],
          };
          groups.set(key, group);
        }
        group.changes.push({
          parameterId: change.parameterId,
          description: change.description,
          unit: change.unit,
          value: change.value,
          previousValue: change.previousValue,
          status: change.status,
          basis: change.basis,
          origin: change.origin === 'overlay' ? 'stored' : 'package',
        });
      }
      const all = [...groups.values()];
      return {
        items: all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
        total: all.length,
        page: query.page,
        pageSize: query.pageSize,
        from,
        to,
        today: todayIso,
      };
    },

    async previewGridImport(actor: Actor | null, body: GridImportBody): Promise<GridImportPreview> {
      requireRole(actor, ADMINS);
      const { values, stored } = await checkedGridFile(body);
      const beforeValues = [...stored.current.values()].filter((r) => r.action === 'set');
      const fileKeys = new Set(values.map((v) => storedKey(v.parameterId, v.from)));
      const afterOverlay = createParameterOverlay(
        [
          ...beforeValues
            .filter((r) => !fileKeys.has(storedKey(r.parameterId, r.validFrom)))
            .map((r) => ({
              parameterId: r.parameterId,
              from: r.validFrom,
              value: r.value,
              unit: r.unit as OverlayValue['unit'],
              status: r.status as OverlayValue['status'],
              references: r.references,
              notes: r.note || null,
            }))
            .filter((v) => overlayValueProblem(v, params.get(v.parameterId)) === null),
          ...values,
        ],
        PARAMETER_REGISTRY,
        'preview',
      );
      const changes = values.map((value) => {
        const param = params.get(value.parameterId) as Parameter;
        const current = withOverlay(param, stored.overlay);
        const sameDate = current.entries.find((e) => e.from === value.from);
        let before: number | null = null;
        try {
          before = resolveAt(current, value.from).value;
        } catch {
          before = null;
        }
        return {
          parameterId: param.id,
          description: param.description,
          unit: param.unit,
          validFrom: value.from,
          before,
          after: value.value,
          status: value.status,
          kind: !sameDate
            ? ('new' as const)
            : sameDate.value === value.value
              ? ('same' as const)
              : ('replace' as const),
        };
      });
      const firstDate = [...values.map((v) => v.from)].sort()[0] as string;
      return {
        fileName: body.fileName,
        changes,
        simulations: referenceSimulations(firstDate, stored.overlay, afterOverlay),
      };
    },

    async confirmGridImport(actor: Actor | null, body: GridImportBody): Promise<GridImportResult> {
      const admin = requireRole(actor, ADMINS);
      const { values } = await checkedGridFile(body);
      const batchId = randomUUID();
      await db.transaction(async (tx) => {
        // Keys locked in one order (sorted), so two imports sharing values cannot deadlock.
        const ordered = [...values].sort((a, b) =>
          storedKey(a.parameterId, a.from) < storedKey(b.parameterId, b.from) ? -1 : 1,
        );
        for (const value of ordered) {
          await writeVersion(admin, tx, {
            parameterId: value.parameterId,
            validFrom: value.from,
            action: 'set',
            value: value.value,
            unit: value.unit,
            status: value.status,
            references: value.references.map((r) => ({ title: r.title, url: r.url, publishedOn: r.publishedOn })),
            note: value.notes ?? '',
            origin: 'import',
            batchId,
          });
        }
        const grids = [...new Set(values.map((v) => params.get(v.parameterId)?.grid))].join(', ');
        await insertAudit(tx, {
          id: randomUUID(),
          action: 'grid.import',
          actorId: admin.user.id,
          actorEmail: admin.user.email,
          summary: `Import de la grille « ${body.fileName} » : ${values.length} valeur(s) datée(s) (${grids}).`,
          details: { batchId, fileName: body.fileName, count: values.length },
        });
      });
      return { recorded: values.length, batchId };
    },

    async referenceKinds(actor: Actor | null) {
      requireRole(actor, READERS);
      const items = await Promise.all(
        referenceImports.map(async (r) => ({
          kind: r.kind,
          label: r.label,
          header: [...r.header],
          activeVersion: (await r.active(db))?.version ?? null,
        })),
      );
      return { items };
    },

    /**
     * Runs the real import inside a transaction that is rolled back: the same checks as the confirmation and
     * the CLI, nothing kept.
     */
    async previewReferenceImport(
      actor: Actor | null,
      kind: string,
      input: ReferenceImportBody,
    ): Promise<ReferenceImportPreview> {
      const admin = requireRole(actor, ADMINS);
      const registration = registrationOf(kind);
      const body = referenceImportBodySchema.parse(input);
      const active = await registration.active(db);
      // Parsed and checked in a worker, before any transaction: nothing waits on the database meanwhile.
      const checked = await registration.check?.(body.text, checkReferenceFile);
      if (checked && !checked.ok) {
        return {
          kind,
          fileName: body.fileName,
          rowCount: 0,
          distinctKeys: 0,
          activeVersion: active?.version ?? null,
          activeRowCount: active?.rowCount ?? null,
          warnings: [],
          errors: checked.errors.map((e) => ({ line: e.line, message: e.message })),
        };
      }
      // What the new version changes (PITD: added, removed, NTR changed), against the table in service (ADR 0051).
      const changes = checked && registration.changes ? await registration.changes(db, checked) : null;
      const rollback = new Error('preview: roll back');
      // Set inside the transaction's callback (a holder, so that the type is not narrowed to its initial null).
      const outcome: { preview: ReferenceImportPreview | null } = { preview: null };
      try {
        await db.transaction(async (tx) => {
          try {
            // A transaction offers what the importer uses of the database (it opens a nested savepoint).
            const summary = await registration.importFile(tx as unknown as Database, {
              text: body.text,
              fileName: body.fileName,
              importedBy: `panel:${admin.user.email}`,
              isSample: body.isSample,
              ...(checked ? { check: alreadyChecked(checked) } : {}),
            });
            outcome.preview = {
              kind,
              fileName: body.fileName,
              rowCount: summary.rowCount,
              distinctKeys: summary.distinctKeys,
              activeVersion: active?.version ?? null,
              activeRowCount: active?.rowCount ?? null,
              warnings: summary.warnings,
              errors: [],
              changes,
            };
          } catch (error) {
            if (!(error instanceof ReferenceImportError)) {
              throw error;
            }
            outcome.preview = {
              kind,
              fileName: body.fileName,
              rowCount: 0,
              distinctKeys: 0,
              activeVersion: active?.version ?? null,
              activeRowCount: active?.rowCount ?? null,
              warnings: [],
              errors: error.errors.map((e) => ({ line: e.line, message: e.message })),
            };
          }
          throw rollback;
        });
      } catch (error) {
        if (error !== rollback) {
          throw error;
        }
      }
      if (!outcome.preview) {
        throw new Error('preview: the transaction ended without a preview');
      }
      return outcome.preview;
    },

    async confirmReferenceImport(
      actor: Actor | null,
      kind: string,
      input: ReferenceImportBody,
    ): Promise<ReferenceImportResult> {
      const admin = requireRole(actor, ADMINS);
      const registration = registrationOf(kind);
      const body = referenceImportBodySchema.parse(input);
      const importedBy = `panel:${admin.user.email}`;
      let summary: Awaited<ReturnType<ReferenceImportRegistration['importFile']>>;
      try {
        // Parsed and checked in a worker, before the transaction (a refusal throws ReferenceImportError below).
        const checked = await registration.check?.(body.text, checkReferenceFile);
        if (checked && !checked.ok) {
          throw new ReferenceImportError(checked.errors);
        }
        // The import and its audit entry in one transaction (the importer's own becomes a savepoint).
        summary = await db.transaction(async (tx) => {
          const done = await registration.importFile(tx as unknown as Database, {
            text: body.text,
            fileName: body.fileName,
            importedBy,
            isSample: body.isSample,
            ...(checked ? { check: alreadyChecked(checked) } : {}),
          });
          await insertAudit(tx, {
            id: randomUUID(),
            action: 'reference.import',
            actorId: admin.user.id,
            actorEmail: admin.user.email,
            summary: `${registration.label} : version ${done.version} importée depuis « ${body.fileName} » (${done.rowCount} ligne(s)).`,
            details: { kind, version: done.version, datasetId: done.datasetId, fileName: body.fileName },
          });
          return done;
        });
      } catch (error) {
        if (error instanceof ReferenceImportError) {
          const details = error.errors.map((e) => ({ path: '/text', message: `Ligne ${e.line} : ${e.message}` }));
          throw new AppError('VALIDATION_FAILED', `Fichier « ${body.fileName} » refusé : ${details[0]?.message}`, {
            details,
          });
        }
        throw error;
      }
      const message = registration.describe(summary, body.fileName);
      return {
        kind,
        version: summary.version,
        rowCount: summary.rowCount,
        previousVersion: summary.previousVersion,
        message,
      };
    },
  };
}

export type TariffDataService = ReturnType<typeof createTariffDataService>;
