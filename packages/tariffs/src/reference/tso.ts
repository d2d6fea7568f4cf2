import type { Tso } from '../parameters/atrt8.ts';

/** Normalises a TSO name (accepts the former name GRTgaz and Teréga without accent). */
export function normaliseTso(value: string): Tso | undefined {
  // The canonical spellings answer themselves (the common case: called per line and per lookup of a simulation).
  if (value === 'NaTran' || value === 'Teréga') {
    return value;
  }
  const key = value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  if (key === 'natran' || key === 'grtgaz') {
    return 'NaTran';
  }
  if (key === 'terega') {
    return 'Teréga';
  }
  return undefined;
}

/** @deprecated Former spelling (docs/code-style.md: British -ise); use {@link normaliseTso}. */
export const normalizeTso = normaliseTso;
