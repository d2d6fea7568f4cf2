/**
 * ATRT8 — tarif d'utilisation des réseaux de transport de gaz naturel de NaTran (ex-GRTgaz) et Teréga.
 * Délibération CRE n° 2024-22 (in force 1 Apr 2024 for about four years), updated every 1 April.
 *
 * - 1 April 2024: annex 1 of délib. 2024-22, read in the full text (`official`).
 * - 1 April 2025: délib. 2025-35 (annex partly read): open-source values reproducing a real February 2026
 *   invoice (`secondary`); the terms for consumers connected to transport are the 2026 values ÷ 1.0341
 *   (every term moved by +3.41 % on 1 April 2026), so `estimate`.
 * - 1 April 2026: délib. 2026-28 §6.2 and annex 1 (`official`). Storage term: délib. 2026-63; coefficients A:
 *   délib. 2026-49 (both `official`).
 * - From 1 April 2027: not published in our sources; the 2026 value is carried forward as an `estimate` that
 *   says so, until the end of the ATRT8 period (31 March 2028).
 * See docs/tariff-sources.md and ../shared/reference/gas-tariffs-2026.md §2, §3 and §5.
 */
import { formatNumberFr } from '../money.ts';
import { SOURCES } from './references.ts';
import { defineParameter, type Parameter, type ParameterEntry, type SourceReference } from './types.ts';

const LAST_CHECKED = '2026-11-23';
const GRID = 'ATRT8' as const;
const OFFICIAL_2024 = [SOURCES.atrt8DeliberationGrid, SOURCES.atrt8Deliberation];
const SECONDARY_2025 = [SOURCES.atrt8Update2025, SOURCES.esmContratGaz];

/** CRE average evolution of the ATRT8 main/regional terms at 1 April 2026 (délib. 2026-28). */
export const ATRT8_EVOLUTION_2026 = 0.0341;

const official2024 = (value: number): ParameterEntry => ({ value, reference: OFFICIAL_2024, status: 'official' });
const secondary2025 = (value: number, notes?: string): ParameterEntry => ({
  value,
  reference: SECONDARY_2025,
  status: 'secondary',
  ...(notes ? { notes } : {}),
});
const official2026 = (value: number, notes?: string): ParameterEntry => ({
  value,
  reference: SOURCES.atrt8Update2026,
  status: 'official',
  ...(notes ? { notes } : {}),
});

/** 2025 value derived from the official 2026 value (every term moved by +3.41 % on 1 April 2026). */
function derived2025(value2026: number, value: number): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrt8Update2026, SOURCES.atrt8Update2025],
    status: 'estimate',
    notes: `Estimation : ${formatNumberFr(value2026)} (valeur officielle au 1er avril 2026) ÷ 1,0341 (hausse de +3,41 % de tous les termes au 1er avril 2026), arrondi au centime. Annexe de la délibération 2025-35 non lue pour ce terme.`,
  };
}

/** From 1 April 2027: the 1 April 2026 value carried forward, said to be an estimate. */
function carriedForward(value: number, reference: SourceReference = SOURCES.atrt8Update2026): ParameterEntry {
  return {
    value,
    reference,
    status: 'estimate',
    basis: 'carriedOver',
    notes: `Estimation : évolution au 1er avril 2027 non publiée dans nos sources ; valeur du 1er avril 2026 (${formatNumberFr(value, 0, 3)}) reconduite.`,
  };
}

/** The ATRT8 period ends on 31 March 2028: no value after. */
const END_OF_ATRT8: ParameterEntry = {
  value: null,
  reference: SOURCES.atrt8Deliberation,
  status: 'estimate',
  notes: 'Fin de la période tarifaire ATRT8 (31 mars 2028).',
};

export const atrtTcs = defineParameter({
  id: 'atrt8.tcs',
  grid: GRID,
  description: 'Terme de capacité de sortie du réseau principal vers les points de livraison (TCS)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(124.42),
    '2025-04-01': secondary2025(
      123.58,
      'La même valeur recalculée depuis 2026 (127,80 ÷ 1,0341) donne 123,59 : doute de 0,01 € à lever avec l’annexe de la délibération 2025-35.',
    ),
    '2026-04-01': official2026(127.8, 'Capacité interruptible : 50 % du terme ferme.'),
    '2027-04-01': carriedForward(127.8),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTcrNatran = defineParameter({
  id: 'atrt8.tcr.natran',
  grid: GRID,
  description: 'Terme de capacité de transport sur le réseau régional de NaTran (TCR), multiplié par le NTR',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(96.38),
    '2025-04-01': secondary2025(95.85),
    '2026-04-01': official2026(99.12),
    '2027-04-01': carriedForward(99.12),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTcrTerega = defineParameter({
  id: 'atrt8.tcr.terega',
  grid: GRID,
  description: 'Terme de capacité de transport sur le réseau régional de Teréga (TCR), multiplié par le NTR',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(102.6),
    '2025-04-01': secondary2025(100.71),
    '2026-04-01': official2026(104.14),
    '2027-04-01': carriedForward(104.14),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclPitdNatran = defineParameter({
  id: 'atrt8.tcl-pitd.natran',
  grid: GRID,
  description: 'Terme de capacité de livraison aux PITD du réseau de NaTran (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(56.62),
    '2025-04-01': secondary2025(56.31),
    '2026-04-01': official2026(58.23),
    '2027-04-01': carriedForward(58.23),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclPitdTerega = defineParameter({
  id: 'atrt8.tcl-pitd.terega',
  grid: GRID,
  description: 'Terme de capacité de livraison aux PITD du réseau de Teréga (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(67.18),
    '2025-04-01': secondary2025(65.94),
    '2026-04-01': official2026(68.19),
    '2027-04-01': carriedForward(68.19),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclTransportNatran = defineParameter({
  id: 'atrt8.tcl-transport.natran',
  grid: GRID,
  description:
    'Terme de capacité de livraison des consommateurs finals raccordés au réseau de transport de NaTran (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(38.35),
    '2025-04-01': derived2025(39.44, 38.14),
    '2026-04-01': official2026(39.44, 'Capacité interruptible : 50 % du terme ferme.'),
    '2027-04-01': carriedForward(39.44),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTclTransportTerega = defineParameter({
  id: 'atrt8.tcl-transport.terega',
  grid: GRID,
  description:
    'Terme de capacité de livraison des consommateurs finals raccordés au réseau de transport de Teréga (TCL)',
  unit: '€/MWh/j/an',
  values: {
    '2024-04-01': official2024(37.18),
    '2025-04-01': derived2025(37.74, 36.5),
    '2026-04-01': official2026(37.74, 'Capacité interruptible : 50 % du terme ferme.'),
    '2027-04-01': carriedForward(37.74),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTermeFixePosteNatran = defineParameter({
  id: 'atrt8.terme-fixe-poste.natran',
  grid: GRID,
  description: 'Terme fixe annuel par poste de livraison de NaTran (consommateurs raccordés au transport et PIRR)',
  unit: '€/an',
  values: {
    '2024-04-01': official2024(7400.61),
    '2025-04-01': derived2025(7611.06, 7360.08),
    '2026-04-01': official2026(7611.06),
    '2027-04-01': carriedForward(7611.06),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTermeFixePosteTerega = defineParameter({
  id: 'atrt8.terme-fixe-poste.terega',
  grid: GRID,
  description: 'Terme fixe annuel par poste de livraison de Teréga',
  unit: '€/an',
  values: {
    '2024-04-01': official2024(4112.46),
    '2025-04-01': derived2025(4174.02, 4036.38),
    '2026-04-01': official2026(4174.02),
    '2027-04-01': carriedForward(4174.02),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtTts = defineParameter({
  id: 'atrt8.tts',
  grid: GRID,
  description: 'Terme tarifaire de stockage (TTS), appliqué à la modulation hivernale (compensation stockage)',
  unit: '€/MWh/j/an',
  values: {
    '2020-04-01': { value: 78.63, reference: SOURCES.storageTerm2026, status: 'official' },
    '2021-04-01': { value: 185.11, reference: SOURCES.storageTerm2026, status: 'official' },
    '2022-04-01': { value: 261.08, reference: SOURCES.storageTerm2026, status: 'official' },
    '2023-04-01': { value: 186.7, reference: SOURCES.storageTerm2026, status: 'official' },
    '2024-04-01': { value: 139.07, reference: SOURCES.storageTerm2026, status: 'official' },
    '2025-04-01': {
      value: 331.44,
      reference: [SOURCES.storageTerm2026, ...SECONDARY_2025],
      status: 'official',
      notes: 'Reproduit une facture T4 de février 2026 avec une modulation de 29,015 MWh/j.',
    },
    '2026-04-01': {
      value: 398.08,
      reference: SOURCES.storageTerm2026,
      status: 'official',
      notes:
        '« Le terme tarifaire stockage applicable à partir du 1er avril 2026 et jusqu’au 31 mars 2027 est en conséquence fixé à 398,08 €/MWh/j/an. »',
    },
    '2027-04-01': {
      value: 398.08,
      reference: SOURCES.storageTerm2026,
      status: 'estimate',
      basis: 'carriedOver',
      notes:
        'Estimation : le TTS est fixé chaque année par la CRE ; niveau au 1er avril 2027 non publié dans nos sources, valeur 2026 reconduite.',
    },
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtCoefficientANatran = defineParameter({
  id: 'atrt8.coefficient-a.natran',
  grid: GRID,
  description: 'Coefficient A de NaTran (réseau GRDF) (capacité normalisée au PITD : CJN = CAR × Zi × A)',
  unit: 'coefficient',
  values: {
    '2024-04-01': { value: 1.181, reference: [SOURCES.atrt8Deliberation, SOURCES.esmContratGaz], status: 'secondary' },
    '2025-04-01': {
      value: 1.168,
      reference: [SOURCES.coefficientsA2026, SOURCES.coefficientsA2025],
      status: 'official',
      notes: 'Valeur du 1er avril 2025 rappelée par la délibération 2026-49.',
    },
    '2026-04-01': { value: 1.147, reference: SOURCES.coefficientsA2026, status: 'official' },
    '2027-04-01': carriedForward(1.147, SOURCES.coefficientsA2026),
    '2028-04-01': END_OF_ATRT8,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtCoefficientATerega = defineParameter({
  id: 'atrt8.coefficient-a.terega',
  grid: GRID,
  description: 'Coefficient A de Teréga (réseau GRDF) (capacité normalisée au PITD : CJN = CAR × Zi × A)',
  unit: 'coefficient',
  values: {
    '2024-04-01': { value: 1.305, reference: [SOURCES.atrt8Deliberation, SOURCES.esmContratGaz], status: 'secondary' },
    '2025-04-01': {
      value: 1.277,
      reference: [SOURCES.coefficientsA2026, SOURCES.coefficientsA2025],
      status: 'official',
      notes: 'Valeur du 1er avril 2025 rappelée par la délibération 2026-49.',
    },
    '2026-04-01': { value: 1.324, reference: SOURCES.coefficientsA2026, status: 'official' },
    '2027-04-01': carriedForward(1.324, SOURCES.coefficientsA2026),
    '2028-04-01': END_OF_ATRT8,
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
  /** TCL for end consumers connected to the transport network (LI, PIC: see docs/glossary.md). */
  tclConsommateurTransport: { NaTran: atrtTclTransportNatran, Teréga: atrtTclTransportTerega } as Partial<
    Record<Tso, Parameter>
  >,
  /** Fixed term per delivery poste (consumers connected to transport). */
  termeFixePoste: { NaTran: atrtTermeFixePosteNatran, Teréga: atrtTermeFixePosteTerega },
  tts: atrtTts,
  coefficientA: { NaTran: atrtCoefficientANatran, Teréga: atrtCoefficientATerega },
} as const;

export const ATRT8_PARAMETERS = [
  atrtTcs,
  atrtTcrNatran,
  atrtTcrTerega,
  atrtTclPitdNatran,
  atrtTclPitdTerega,
  atrtTclTransportNatran,
  atrtTclTransportTerega,
  atrtTermeFixePosteNatran,
  atrtTermeFixePosteTerega,
  atrtTts,
  atrtCoefficientANatran,
  atrtCoefficientATerega,
] as const;
