/** A grid file's import (ADR 0025): an admin previews what it changes (values, reference cases), then confirms. */
import { randomUUID } from 'node:crypto';
import type { GridImportBody, GridImportPreview, GridImportResult, ReferenceSimulation } from '@pilote/contracts';
import {
  createParameterOverlay,
  type OverlayValue,
  overlayValueProblem,
  PARAMETER_REGISTRY,
  type Parameter,
  type ParameterOverlay,
  REFERENCE_CASES,
  resolveAt,
  type SimulationInput,
  simulate,
  TariffDomainError,
  withOverlay,
} from '@pilote/tariffs';
import { type Actor, requireRole } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { ADMINS, type TariffDataContext } from './context.ts';
import { parseGridFile } from './grid-file.ts';
import { type StoredOverlay, storedKey } from './overlay-source.ts';
import { insertAudit } from './repository.ts';

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

export function createGridImport({ db, overlaySource, params, writeVersion }: TariffDataContext) {
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
  };
}
