import type { ReferenceDatasetInfo } from '@pilote/contracts';
import { normaliseTso } from '@pilote/tariffs';
import { validationError } from '../../lib/app-error.ts';
import { normaliseCommuneName } from './communes.ts';
import type { ReferenceData, TransportPointEntry } from './source.ts';

/** What a form says about an LI / PIC point: its code, its commune (name or INSEE code) and its TSO. */
export interface TransportPointQuery {
  point: 'LI' | 'PIC';
  code: string;
  /** Absent: the code's first row (the simulator's LI / PIC form may leave the commune out). */
  commune?: string | undefined;
  /** The TSO as the user sent it (quoted in the error message). */
  tso: string;
  /** `normaliseTso(tso)`: compared with the row's TSO. */
  normalisedTso: string;
}

/**
 * The row of an LI / PIC point in the table in service (imported version, else the labelled sample; ADR 0024),
 * checked for the simulator and the optimiser: the code exists, the commune (when given) is one of its communes, the TSO is its. Each
 * failure is a `VALIDATION_FAILED` error on its field (`/code`, `/commune`, `/tso`) with a French message.
 */
export async function findTransportPoint(
  referenceData: ReferenceData,
  query: TransportPointQuery,
): Promise<{ entry: TransportPointEntry; info: ReferenceDatasetInfo }> {
  const { point } = query;
  const table = await referenceData.transportPoints(point === 'LI' ? 'li' : 'pic');
  const rows = await table.rowsOf(query.code);
  if (rows.length === 0) {
    throw validationError(
      'code',
      `Code ${point} inconnu : « ${query.code} »${table.info.isSample ? ' (table d’échantillon en service)' : ''}.`,
    );
  }
  const wanted = query.commune;
  const commune = wanted === undefined ? undefined : normaliseCommuneName(wanted);
  const entry =
    wanted === undefined
      ? rows[0]
      : rows.find((row) => row.communeInsee === wanted || normaliseCommuneName(row.commune) === commune);
  if (!entry) {
    throw validationError(
      'commune',
      `La commune « ${query.commune} » n'est pas rattachée au point ${point} « ${query.code} ».`,
    );
  }
  if (normaliseTso(entry.tso) !== query.normalisedTso) {
    throw validationError(
      'tso',
      `Le TSO « ${query.tso} » ne correspond pas au point ${point} « ${query.code} » (gestionnaire de transport : ${entry.tso}).`,
    );
  }
  return { entry, info: table.info };
}
