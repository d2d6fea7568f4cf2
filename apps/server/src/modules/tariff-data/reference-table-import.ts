/** A reference table's import from the panel (ADR 0025, ADR 0051): kinds, preview (rolled back), confirmation. */
import { randomUUID } from 'node:crypto';
import type { ReferenceImportBody, ReferenceImportPreview, ReferenceImportResult } from '@pilote/contracts';
import { referenceImportBodySchema } from '@pilote/contracts';
import { type Actor, requireRole } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ReferenceFileCheck, ReferenceFileChecker } from '../reference-data/check-file.ts';
import { ReferenceImportError } from '../reference-data/importer.ts';
import { ADMINS, READERS, type TariffDataContext } from './context.ts';
import type { ReferenceImportRegistration } from './reference-imports.ts';
import { insertAudit } from './repository.ts';

/** A checker that hands back a file already checked (in the worker), so the import inside a transaction only writes. */
function alreadyChecked(checked: ReferenceFileCheck): ReferenceFileChecker {
  return async () => checked;
}

export function createReferenceTableImport({ db, referenceImports, checkReferenceFile }: TariffDataContext) {
  function registrationOf(kind: string): ReferenceImportRegistration {
    const registration = referenceImports.find((r) => r.kind === kind);
    if (!registration) {
      throw new AppError('NOT_FOUND', `Table de référence inconnue : « ${kind} ».`);
    }
    return registration;
  }

  return {
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
      /** The preview of a refused file: its line-numbered errors, nothing read. */
      const refused = (errors: readonly { line: number; message: string }[]): ReferenceImportPreview => ({
        kind,
        fileName: body.fileName,
        rowCount: 0,
        distinctKeys: 0,
        activeVersion: active?.version ?? null,
        activeRowCount: active?.rowCount ?? null,
        warnings: [],
        errors: errors.map((e) => ({ line: e.line, message: e.message })),
      });
      if (checked && !checked.ok) {
        return refused(checked.errors);
      }
      // What the new version changes (PITD: added, removed, NTR changed), against the table in service (ADR 0051).
      const changes = checked && registration.changes ? await registration.changes(db, checked) : null;
      const rollback = new Error('preview: roll back');
      // Set inside the transaction's callback (a holder, so that the type is not narrowed to its initial null).
      const outcome: { preview: ReferenceImportPreview | null } = { preview: null };
      try {
        await db.transaction(async (tx) => {
          try {
            // The importer's own transaction becomes a savepoint of this one.
            const summary = await registration.importFile(tx, {
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
            outcome.preview = refused(error.errors);
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
          const done = await registration.importFile(tx, {
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
