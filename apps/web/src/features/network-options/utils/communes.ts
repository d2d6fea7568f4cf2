/** Reading an options answer: the communes of a code, and the keep-or-clear rule of a cascaded list. */
import type { SimulatorOptionsResponse } from '@pilote/contracts';

export type CommuneChoice = { commune: string; tso: string | null };

/**
 * The communes of `code` in the options answer, with their transport operator for PITD (LI and PIC list communes
 * by name only). Empty without an answer or a code, or when the code is not in the answer's index.
 */
export function communesOf(options: SimulatorOptionsResponse | undefined, code: string): CommuneChoice[] {
  if (!options || code === '') {
    return [];
  }
  if (options.point === 'PITD') {
    const entry = options.pitdCommunesIndex?.find((item) => item.code === code);
    return entry?.communes.map((item) => ({ commune: item.commune, tso: item.tso })) ?? [];
  }
  if (options.point === 'LI') {
    const entry = options.liCommunesIndex?.find((item) => item.code === code);
    return entry?.communes.map((commune) => ({ commune, tso: null })) ?? [];
  }
  const entry = options.picCommunesIndex?.find((item) => item.code === code);
  return entry?.communes.map((item) => ({ commune: item.commune, tso: null })) ?? [];
}

/** Keeps `value` if listed, else clears it; then selects the only option of a single-option list. */
export function pickListed(value: string, list: readonly string[]): string {
  const kept = value !== '' && !list.includes(value) ? '' : value;
  return kept === '' && list.length === 1 ? (list[0] ?? '') : kept;
}
