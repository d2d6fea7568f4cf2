/**
 * ATRT8 — tarif d'utilisation des réseaux de transport de gaz naturel de NaTran (ex-GRTgaz) et Teréga.
 * Délibération CRE n° 2024-22 (in force 1 Apr 2024), updated every 1 April (2025: délibération n° 2025-35).
 *
 * Values are `secondary` (open-source documentation citing délibération 2025-35 p. 33; the 2025 NaTran
 * values reproduce a real February 2026 invoice to the cent). 1 April 2026: CRE announced +3.41 % on the
 * main- and regional-network terms; the values below are the 2025 values × 1.0341 rounded to the cent and
 * are `estimate`. The storage term (TTS) and the A coefficients of 1 April 2026 were not found: they end
 * (`null`) on 2026-04-01. See docs/tariff-sources.md.
 */
import { SOURCES } from './references.ts';
import { defineParameter, type Parameter, type ParameterEntry } from './types.ts';

const LAST_CHECKED = '2026-11-21';
const GRID = 'ATRT8' as const;
const SECONDARY_2024 = [SOURCES.atrt8Deliberation, SOURCES.esmContratGaz];
const SECONDARY_2025 = [SOURCES.atrt8Update2025, SOURCES.esmContratGaz];

/** CRE average evolution of the ATRT8 main/regional terms at 1 April 2026. */
export const ATRT8_EVOLUTION_2026 = 0.0341;

function estimate2026(value2025: number, value: number): ParameterEntry {
  return {
    value,
    reference: SOURCES.atrt8Update2026News,
    status: 'estimate',
    notes: `Estimation : ${value2025.toFixed(2)} × 1,0341 (hausse CRE de +3,41 % au 1er avril 2026), arrondi au centime. Grille détaillée 2026 non lue.`,
  };
}

const END_OF_ESTIMATE: ParameterEntry = {
  value: null,
  reference: SOURCES.atrt8Deliberation,
  status: 'estimate',
  notes: 'Aucune valeur au-delà du 31 mars 2027.',
};

const NOT_FOUND_2026: ParameterEntry = {
  value: null,
  reference: SOURCES.atrt8Update2026News,
  status: 'estimate',
  notes: 'Valeur au 1er avril 2026 non trouvée : aucune valeur sourcée à partir de cette date.',
};

export const atrtTcs = defineParameter({
  id: 'atrt8.tcs',
  grid: GRID,
  description: 'Terme de capacité de sortie du réseau principal vers les points de livraison (TCS)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 124.42, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': { value: 123.58, reference: SECONDARY_2025, status: 'secondary' },
    '2026-04-01': estimate2026(123.58, 127.79),
    '2027-04-01': END_OF_ESTIMATE,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTcrNatran = defineParameter({
  id: 'atrt8.tcr.natran',
  grid: GRID,
  description: 'Terme de capacité de transport sur le réseau régional de NaTran (TCR), multiplié par le NTR',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 96.38, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': { value: 95.85, reference: SECONDARY_2025, status: 'secondary' },
    '2026-04-01': estimate2026(95.85, 99.12),
    '2027-04-01': END_OF_ESTIMATE,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTcrTerega = defineParameter({
  id: 'atrt8.tcr.terega',
  grid: GRID,
  description: 'Terme de capacité de transport sur le réseau régional de Teréga (TCR), multiplié par le NTR',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 102.6, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': { value: 100.71, reference: SECONDARY_2025, status: 'secondary' },
    '2026-04-01': estimate2026(100.71, 104.14),
    '2027-04-01': END_OF_ESTIMATE,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclPitdNatran = defineParameter({
  id: 'atrt8.tcl-pitd.natran',
  grid: GRID,
  description: 'Terme de capacité de livraison aux PITD du réseau de NaTran (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 56.62, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': { value: 56.31, reference: SECONDARY_2025, status: 'secondary' },
    '2026-04-01': estimate2026(56.31, 58.23),
    '2027-04-01': END_OF_ESTIMATE,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclPitdTerega = defineParameter({
  id: 'atrt8.tcl-pitd.terega',
  grid: GRID,
  description: 'Terme de capacité de livraison aux PITD du réseau de Teréga (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 67.18, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': { value: 65.94, reference: SECONDARY_2025, status: 'secondary' },
    '2026-04-01': estimate2026(65.94, 68.19),
    '2027-04-01': END_OF_ESTIMATE,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTts = defineParameter({
  id: 'atrt8.tts',
  grid: GRID,
  description: 'Terme tarifaire de stockage (TTS), appliqué à la modulation hivernale (compensation stockage)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': { value: 139.07, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': {
      value: 331.44,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes:
        'Trois sources secondaires concordantes ; reproduit une facture T4 de février 2026 avec une modulation de 29,015 MWh/j.',
    },
    '2026-04-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtCoefficientANatran = defineParameter({
  id: 'atrt8.coefficient-a.natran',
  grid: GRID,
  description: 'Coefficient A de NaTran (capacité normalisée au PITD : CJN = CAR × Zi × A)',
  unit: 'coefficient',
  values: {
    '2024-04-01': { value: 1.181, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': {
      value: 1.168,
      reference: [SOURCES.coefficientsA2025, SOURCES.esmContratGaz],
      status: 'secondary',
      notes: 'La délibération 2025-73 a été trouvée mais sa table de valeurs n’a pas pu être lue.',
    },
    '2026-04-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtCoefficientATerega = defineParameter({
  id: 'atrt8.coefficient-a.terega',
  grid: GRID,
  description: 'Coefficient A de Teréga (capacité normalisée au PITD : CJN = CAR × Zi × A)',
  unit: 'coefficient',
  values: {
    '2024-04-01': { value: 1.305, reference: SECONDARY_2024, status: 'secondary' },
    '2025-04-01': {
      value: 1.277,
      reference: [SOURCES.coefficientsA2025, SOURCES.esmContratGaz],
      status: 'secondary',
      notes: 'La délibération 2025-73 a été trouvée mais sa table de valeurs n’a pas pu être lue.',
    },
    '2026-04-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

/** Transport system operators. */
export type Tso = 'NaTran' | 'Teréga';

export const TSOS: readonly Tso[] = ['NaTran', 'Teréga'];

export const ATRT8 = {
  tcs: atrtTcs,
  tcr: { NaTran: atrtTcrNatran, Teréga: atrtTcrTerega },
  tclPitd: { NaTran: atrtTclPitdNatran, Teréga: atrtTclPitdTerega },
  /**
   * TCL for end consumers connected to the transport network (LI, PIC): not sourced yet. Add the parameter
   * here when found; the simulator reports « données tarifaires … pas disponibles » while it is missing.
   */
  tclConsommateurTransport: {} as Partial<Record<Tso, Parameter>>,
  tts: atrtTts,
  coefficientA: { NaTran: atrtCoefficientANatran, Teréga: atrtCoefficientATerega },
} as const;

export const ATRT8_PARAMETERS = [
  atrtTcs,
  atrtTcrNatran,
  atrtTcrTerega,
  atrtTclPitdNatran,
  atrtTclPitdTerega,
  atrtTts,
  atrtCoefficientANatran,
  atrtCoefficientATerega,
] as const;
