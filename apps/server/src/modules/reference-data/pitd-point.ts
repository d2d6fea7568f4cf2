import type { ReferenceDatasetInfo } from '@pilote/contracts';
import { normaliseTso } from '@pilote/tariffs';
import { validationError } from '../../lib/app-error.ts';
import type { PitdEntry, ReferenceData, ZiTable } from './source.ts';

/** What a form says about a PITD: its code, its commune (name or INSEE code) and its TSO as typed and normalised. */
export interface PitdPointQuery {
  code: string;
  commune: string;
  /** The TSO as the user sent it (quoted in the error message). */
  tso: string;
  /** `normaliseTso(tso)`: compared with the row's TSO. */
  normalisedTso: string;
}

/**
 * The PITD row of a point, checked the same way by the simulator and the optimiser: the code exists in the
 * table in service, the commune belongs to it, the TSO is the row's. Each failure is a `VALIDATION_FAILED`
 * error on its field (`/code`, `/commune`, `/tso`) with a French message. The DSO rule differs per service
 * (the simulator checks it matches, the optimiser only supports GRDF), so the caller checks it. The active Zi
 * table and the version of the stored tariff values (for `TariffOverlaySource.current`) come with the answer.
 */
export async function findPitdPoint(
  referenceData: ReferenceData,
  query: PitdPointQuery,
): Promise<{ entry: PitdEntry; info: ReferenceDatasetInfo; zi: ZiTable; tariffValuesVersion: number }> {
  // One query finds both active versions (ADR 0022) and the stored tariff values' version (ADR 0038): the Zi table
  // and that version come back for the callers that need them.
  const { pitd: table, zi, tariffValuesVersion } = await referenceData.tables();
  // Through the table's index (a code can have a thousand communes): not every row normalised per request.
  const rows = await table.rowsOfCodeInCommune(query.code, query.commune);
  if (rows === null) {
    throw validationError(
      'code',
      `Code PITD inconnu : « ${query.code} »${table.info.isSample ? ' (table d’échantillon en service)' : ''}.`,
    );
  }
  const [entry] = rows;
  if (!entry) {
    throw validationError('commune', `La commune « ${query.commune} » n'est pas rattachée au PITD « ${query.code} ».`);
  }
  if (normaliseTso(entry.tso) !== query.normalisedTso) {
    throw validationError(
      'tso',
      `Le TSO « ${query.tso} » ne correspond pas au PITD « ${query.code} » (gestionnaire de transport : ${entry.tso}).`,
    );
  }
  return { entry, info: table.info, zi, tariffValuesVersion };
}
