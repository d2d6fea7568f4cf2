/**
 * The dated values (ADR 0025): staff and admins list them and read the audit log; admins add a value or undo one;
 * the public reads the stored values and the calendar of changes.
 */
import { randomUUID } from 'node:crypto';
import type {
  AddTariffValueBody,
  PublicStoredValuesResponse,
  StoredTariffValue,
  TariffAuditResponse,
  TariffCalendarEntry,
  TariffCalendarQuery,
  TariffCalendarResponse,
  TariffDatedValue,
  TariffParametersQuery,
  TariffParametersResponse,
  UndoTariffValueBody,
} from '@pilote/contracts';
import { addTariffValueBodySchema } from '@pilote/contracts';
import {
  changesBetween,
  isIsoDate,
  isOverlayEntry,
  type OverlayValue,
  overlaidRegistry,
  overlayValueProblem,
  PARAMETER_REGISTRY,
  type Parameter,
  referencesOf,
  withOverlay,
} from '@pilote/tariffs';
import { type Actor, requireRole } from '../../lib/actor.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { ADMINS, READERS, type TariffDataContext } from './context.ts';
import { type StoredOverlay, storedKey } from './overlay-source.ts';
import { findAudit, findVersions, insertAudit, lockValueKey, type StoredValueRecord } from './repository.ts';

/** The public calendar shows at most this span (days). */
const MAX_CALENDAR_DAYS = 5 * 366;

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

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export function createTariffValues({
  db,
  overlaySource,
  now,
  params,
  parameterOrError,
  writeVersion,
}: TariffDataContext) {
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
  };
}
