import type { SimulationInput } from './types.ts';

/**
 * Three fixed PITD cases on NaTran, NTR 2 (T1, T2 and the T4 of issue 4's acceptance scenario): the admin panel shows
 * their yearly totals before and after a change of tariff data; benchmarks and tests simulate them too. Reference
 * cases, not a customer's.
 */
export const REFERENCE_CASES: readonly { label: string; input: SimulationInput }[] = [
  {
    label: 'T1 — 5 MWh/an, NaTran, NTR 2',
    input: {
      pointDeReseau: 'PITD',
      code: 'REFERENCE-T1',
      tso: 'NaTran',
      dso: 'GRDF',
      profil: 'P011',
      tarif: 'T1',
      car: 5,
      assiette: 5,
      referentiel: { ntr: 2, zi: 0.0071, stationMeteo: 'PARIS', isSample: false },
    },
  },
  {
    label: 'T2 — 300 MWh/an, NaTran, NTR 2',
    input: {
      pointDeReseau: 'PITD',
      code: 'REFERENCE-T2',
      tso: 'NaTran',
      dso: 'GRDF',
      profil: 'P016',
      tarif: 'T2',
      car: 300,
      assiette: 300,
      referentiel: { ntr: 2, zi: 0.0071, stationMeteo: 'PARIS', isSample: false },
    },
  },
  {
    label: 'T4 — CJA 109 MWh/j, 15 467 MWh/an, NaTran, NTR 2',
    input: {
      pointDeReseau: 'PITD',
      code: 'REFERENCE-T4',
      tso: 'NaTran',
      dso: 'GRDF',
      profil: 'P016',
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      assiette: 15466.8,
      referentiel: { ntr: 2, zi: 0.0071, stationMeteo: 'PARIS', isSample: false },
    },
  },
];

/** The input of the reference case of option `tarif`. */
export function referenceCaseInput(tarif: 'T1' | 'T2' | 'T4'): SimulationInput {
  const found = REFERENCE_CASES.find((reference) => reference.input.tarif === tarif);
  if (!found) {
    throw new Error(`no reference case for ${tarif}`);
  }
  return found.input;
}
