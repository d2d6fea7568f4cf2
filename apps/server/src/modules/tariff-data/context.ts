/** What the tariff-data use cases share (ADR 0025, ADR 0060): roles, the parameter registry, a value's next version. */
import type { UserRole } from '@pilote/contracts';
import { PARAMETER_REGISTRY, type Parameter } from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { validationError } from '../../lib/app-error.ts';
import type { ReferenceFileChecker } from '../reference-data/check-file.ts';
import { checkInWorker } from '../reference-data/worker-check.ts';
import type { TariffOverlaySource } from './overlay-source.ts';
import { REFERENCE_IMPORTS, type ReferenceImportRegistration } from './reference-imports.ts';
import {
  findVersions,
  insertValueVersion,
  lockValueKey,
  type StoredValueInsert,
  type StoredValueRecord,
} from './repository.ts';

export const READERS: readonly UserRole[] = ['staff', 'admin'];
export const ADMINS: readonly UserRole[] = ['admin'];

export interface TariffDataServiceDependencies {
  db: Database;
  overlaySource: TariffOverlaySource;
  now?: () => Date;
  referenceImports?: readonly ReferenceImportRegistration[];
  /** Parses and checks an uploaded reference table (default: in a worker thread, off the event loop). */
  checkReferenceFile?: ReferenceFileChecker;
}

export function createTariffDataContext({
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

  return { db, overlaySource, now, referenceImports, checkReferenceFile, params, parameterOrError, writeVersion };
}

export type TariffDataContext = ReturnType<typeof createTariffDataContext>;
