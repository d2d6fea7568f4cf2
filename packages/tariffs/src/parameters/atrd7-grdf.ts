/**
 * ATRD7 — tarif péréqué d'utilisation des réseaux publics de distribution de gaz naturel de GRDF, and from
 * 1 July 2026 the single national grid shared by GRDF and the péréqué ELD areas (2026 finance law, délib. CRE
 * 2026-15). Délibération CRE n° 2024-40 (in force 1 Jul 2024, four years, mechanical update every 1 July).
 *
 * - 1 July 2024: the grid of délib. 2024-40 §5.2.1, read in the full text (`official`).
 * - 1 July 2025: délib. 2025-122 was not read; its grid is the 2024 reference grid × Y2025 = 1.0606 rounded by
 *   the official rule plus Rf 2025 (see `atrd7-indexation.ts`, tested to rebuild every value). The T1–T4 values
 *   are reproduced on real invoices (`secondary`); TP and T4 > 500 MWh/j follow from the rule and agree with
 *   an open-source grid (`secondary`).
 * - 1 July 2026 (ADR 0050): the deliberation setting the national grid was not read. T1–T3 and the T4 proportional
 *   term were observed in a published simulator's data (`estimate`, basis `secondarySource`); they are the 2026
 *   reference grid of délib. 2024-40 §5.2.2.1.3 × Y2026 = 1.1228 with the official rounding, exactly. T4, TP and the
 *   TDN are derived by that formula (`estimate`, basis `atrd7Formula`). Rf 2026: 9.48 (T1, T2), 106.08 (T3–TP).
 * - 1 July 2027: Y2027 unknown; the 2026 values are carried over (`estimate`, basis `carriedOver`). The ATRD7
 *   period ends on 30 June 2028.
 * Non-péréqué concessions apply their coefficient NIV to these terms hors Rf (simulator input
 * `referentiel.coefficientNiv`, see `lines/distribution.ts`).
 * See docs/tariff-sources.md, ../shared/reference/gas-tariffs-2026.md §1 and gas-tariffs-2026-h2.md §1.
 */
import type { IsoDate } from '../dates.ts';
import { hasValueAt } from './lookup.ts';
import type { ParameterOverlay } from './overlay.ts';
import { SOURCES } from './references.ts';
import { defineParameter, type Parameter, type ParameterEntry } from './types.ts';

const LAST_CHECKED = '2026-11-23';
const GRID = 'ATRD7 GRDF' as const;

const OFFICIAL_2024 = [SOURCES.atrd7DeliberationGrid, SOURCES.atrd7Deliberation];
const SECONDARY_2025 = [SOURCES.atrd7Update2025Deliberation, SOURCES.atrd7Update2025News, SOURCES.esmContratGaz];
const DERIVED_2025 = [SOURCES.atrd7DeliberationGrid, SOURCES.atrd7Update2025News, SOURCES.promeosTarifs];

const official2024 = (value: number): ParameterEntry => ({ value, reference: OFFICIAL_2024, status: 'official' });

/** 1 July 2025 value rebuilt by the official rule (reference 2024 × 1.0606, rounded, + Rf 2025). */
function derived2025(value: number, notes: string): ParameterEntry {
  return { value, reference: DERIVED_2025, status: 'secondary', notes };
}

const OBSERVED_2026 = [SOURCES.atrd7Observed2026, SOURCES.atrd7DeliberationGrid, SOURCES.atrd7NationalGrid2026];
const DERIVED_2026 = [SOURCES.atrd7DeliberationGrid, SOURCES.atrd7Observed2026, SOURCES.atrd7NationalGrid2026];
const NOT_READ_2026 =
  'La délibération de la CRE fixant la grille nationale du 1er juillet 2026 n’a pas été lue : estimation jusqu’à son intégration';

/** 1 July 2026, observed in a secondary source and equal to the formula of délib. 2024-40 (ADR 0050). */
function observed2026(value: number, how: string): ParameterEntry {
  return {
    value,
    reference: OBSERVED_2026,
    status: 'estimate',
    basis: 'secondarySource',
    notes: `Valeur relevée dans les données d’un simulateur budgétaire publié (juillet 2026), source secondaire, égale au centime à la formule de la délibération 2024-40 : ${how}. ${NOT_READ_2026}.`,
  };
}

/** 1 July 2026, derived by the formula of délib. 2024-40 with Y2026 = 1.1228 and the official rounding (ADR 0050). */
function formula2026(value: number, how: string): ParameterEntry {
  return {
    value,
    reference: DERIVED_2026,
    status: 'estimate',
    basis: 'atrd7Formula',
    notes: `Calculée par la formule de la délibération 2024-40 (§5.2.2.1.1, grille de référence du §5.2.2.1.3) : ${how} ; Y2026 = 1,1228 est le seul indice qui redonne les valeurs relevées en source secondaire. ${NOT_READ_2026}.`,
  };
}

/** 1 July 2027: the update (Y2027) is not known; the 2026 value is carried over. */
function carriedOver2027(value: number): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrd7DeliberationGrid, SOURCES.atrd7NationalGrid2026],
    status: 'estimate',
    basis: 'carriedOver',
    notes:
      'Estimation : évolution au 1er juillet 2027 (Y2027) inconnue ; valeur estimée du 1er juillet 2026 reconduite.',
  };
}

/** The ATRD7 period ends on 30 June 2028: no value after. */
const END_OF_ATRD7: ParameterEntry = {
  value: null,
  reference: SOURCES.atrd7Deliberation,
  status: 'estimate',
  notes: 'Fin de la période tarifaire ATRD7 (30 juin 2028).',
};

// ---- T1 -------------------------------------------------------------------------------------------------------
export const atrdT1Abonnement = defineParameter({
  id: 'atrd7.grdf.t1.abonnement',
  grid: GRID,
  description: 'Option T1 — abonnement annuel (terme Rf inclus)',
  unit: '€/an',
  values: {
    '2024-07-01': official2024(51.96),
    '2025-07-01': { value: 54.72, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': observed2026(
      57.48,
      '42,72 × 1,1228 = 47,97, arrondi à 48,00 €/an hors Rf (divisible par 12 au centime) + Rf 9,48 €/an',
    ),
    '2027-07-01': carriedOver2027(57.48),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT1Proportionnel = defineParameter({
  id: 'atrd7.grdf.t1.proportionnel',
  grid: GRID,
  description: 'Option T1 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': official2024(42.37),
    '2025-07-01': { value: 44.94, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': observed2026(47.57, '42,37 × 1,1228 = 47,57 €/MWh'),
    '2027-07-01': carriedOver2027(47.57),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T2 -------------------------------------------------------------------------------------------------------
export const atrdT2Abonnement = defineParameter({
  id: 'atrd7.grdf.t2.abonnement',
  grid: GRID,
  description: 'Option T2 — abonnement annuel (terme Rf inclus)',
  unit: '€/an',
  values: {
    '2024-07-01': official2024(175.92),
    '2025-07-01': { value: 186.12, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': observed2026(196.68, '166,68 × 1,1228 = 187,15, arrondi à 187,20 €/an hors Rf + Rf 9,48 €/an'),
    '2027-07-01': carriedOver2027(196.68),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT2Proportionnel = defineParameter({
  id: 'atrd7.grdf.t2.proportionnel',
  grid: GRID,
  description: 'Option T2 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': official2024(11.39),
    '2025-07-01': {
      value: 12.08,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Valeur recoupée sur des factures réelles par un dépôt open source.',
    },
    '2026-07-01': observed2026(12.79, '11,39 × 1,1228 = 12,79 €/MWh'),
    '2027-07-01': carriedOver2027(12.79),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T3 -------------------------------------------------------------------------------------------------------
export const atrdT3Abonnement = defineParameter({
  id: 'atrd7.grdf.t3.abonnement',
  grid: GRID,
  description: 'Option T3 — abonnement annuel (terme Rf inclus)',
  unit: '€/an',
  values: {
    '2024-07-01': official2024(1231.08),
    '2025-07-01': { value: 1301.4, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': observed2026(
      1858.68,
      'nouvelle répartition T3, 1 560,96 × 1,1228 = 1 752,65, arrondi à 1 752,60 €/an hors Rf + Rf 106,08 €/an',
    ),
    '2027-07-01': carriedOver2027(1858.68),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT3Proportionnel = defineParameter({
  id: 'atrd7.grdf.t3.proportionnel',
  grid: GRID,
  description: 'Option T3 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': official2024(8.19),
    '2025-07-01': { value: 8.69, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': observed2026(7.57, 'nouvelle répartition T3, 6,74 × 1,1228 = 7,57 €/MWh'),
    '2027-07-01': carriedOver2027(7.57),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T4 -------------------------------------------------------------------------------------------------------
export const atrdT4Abonnement = defineParameter({
  id: 'atrd7.grdf.t4.abonnement',
  grid: GRID,
  description: 'Option T4 — abonnement annuel (terme Rf inclus)',
  unit: '€/an',
  values: {
    '2024-07-01': official2024(20469.6),
    '2025-07-01': {
      value: 21705.72,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes:
        'Reproduit au centime sur une facture T4 réelle de février 2026 (abonnement + capacité = 4 424,81 €/mois).',
    },
    '2026-07-01': formula2026(
      22973.52,
      '20 366,40 × 1,1228 = 22 867,39, arrondi à 22 867,44 €/an hors Rf + Rf 106,08 €/an (la source secondaire montre encore l’abonnement 2025, 21 705,72 €/an, non mis à jour)',
    ),
    '2027-07-01': carriedOver2027(22973.52),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4Proportionnel = defineParameter({
  id: 'atrd7.grdf.t4.proportionnel',
  grid: GRID,
  description: 'Option T4 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': official2024(1.11),
    '2025-07-01': {
      value: 1.18,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Reproduit au centime sur une facture T4 réelle de février 2026 (2 043,755 MWh × 1,18 = 2 411,63 €).',
    },
    '2026-07-01': observed2026(1.25, '1,11 × 1,1228 = 1,25 €/MWh'),
    '2027-07-01': carriedOver2027(1.25),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4SeuilCapacite = defineParameter({
  id: 'atrd7.grdf.t4.seuil-capacite',
  grid: GRID,
  description: 'Option T4 — seuil de capacité journalière séparant les deux parts de la souscription',
  unit: 'MWh/j',
  values: {
    '2024-07-01': {
      value: 500,
      reference: OFFICIAL_2024,
      status: 'official',
      notes:
        '« Part de la souscription de capacité inférieure / supérieure à 500 MWh/j » : chaque part à son taux (tranches marginales), voir t4CapacityCharge et docs/tariff-sources.md.',
    },
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4CapaciteJusqua500 = defineParameter({
  id: 'atrd7.grdf.t4.capacite-jusqua-500',
  grid: GRID,
  description: 'Option T4 — terme annuel de souscription de capacité journalière, part jusqu’à 500 MWh/j',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': official2024(271.56),
    '2025-07-01': {
      value: 288.0,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Reproduit au centime sur une facture T4 réelle de février 2026 (109 MWh/j × 288,00 = 31 392,00 €/an).',
    },
    '2026-07-01': formula2026(
      304.92,
      '271,56 × 1,1228 = 304,91, arrondi à 304,92 €/MWh/j/an (divisible par 12 au centime)',
    ),
    '2027-07-01': carriedOver2027(304.92),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4CapaciteAuDela500 = defineParameter({
  id: 'atrd7.grdf.t4.capacite-au-dela-500',
  grid: GRID,
  description: 'Option T4 — terme annuel de souscription de capacité journalière, part au-delà de 500 MWh/j',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': official2024(135.72),
    '2025-07-01': derived2025(
      144.0,
      '135,72 × 1,0606 = 143,94 n’est pas divisible par 12 au centime comme l’exige la règle officielle : 144,00 (multiple de 0,12 le plus proche). La valeur 143,94 d’une source secondaire est corrigée.',
    ),
    '2026-07-01': formula2026(
      152.4,
      '135,72 × 1,1228 = 152,39, arrondi à 152,40 €/MWh/j/an (divisible par 12 au centime)',
    ),
    '2027-07-01': carriedOver2027(152.4),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- TP -------------------------------------------------------------------------------------------------------
export const atrdTpAbonnement = defineParameter({
  id: 'atrd7.grdf.tp.abonnement',
  grid: GRID,
  description: 'Option TP (tarif de proximité) — abonnement annuel (terme Rf inclus)',
  unit: '€/an',
  values: {
    '2024-07-01': official2024(48770.64),
    '2025-07-01': derived2025(
      51721.8,
      '48 667,44 × 1,0606 = 51 616,68 €/an hors Rf + Rf 105,12 €/an ; une source secondaire qui répétait la valeur 2024 est corrigée.',
    ),
    '2026-07-01': formula2026(54749.88, '48 667,44 × 1,1228 = 54 643,80 €/an hors Rf + Rf 106,08 €/an'),
    '2027-07-01': carriedOver2027(54749.88),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdTpCapacite = defineParameter({
  id: 'atrd7.grdf.tp.capacite',
  grid: GRID,
  description: 'Option TP — terme annuel de souscription de capacité journalière',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': official2024(135.48),
    '2025-07-01': derived2025(143.64, '135,48 × 1,0606 = 143,69, arrondi au multiple de 0,12 le plus proche : 143,64.'),
    '2026-07-01': formula2026(
      152.16,
      '135,48 × 1,1228 = 152,12, arrondi à 152,16 €/MWh/j/an (divisible par 12 au centime)',
    ),
    '2027-07-01': carriedOver2027(152.16),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdTpDistance = defineParameter({
  id: 'atrd7.grdf.tp.distance',
  grid: GRID,
  description:
    'Option TP — terme annuel de distance au réseau de transport (par mètre ; le multiplicateur de densité de la commune — 1, 1,75 ou 3 — n’est pas appliqué par le simulateur)',
  unit: '€/m/an',
  values: {
    '2024-07-01': official2024(88.92),
    '2025-07-01': derived2025(94.32, '88,92 × 1,0606 = 94,31, arrondi au multiple de 0,12 le plus proche : 94,32.'),
    '2026-07-01': formula2026(99.84, '88,92 × 1,1228 = 99,84 €/m/an (divisible par 12 au centime)'),
    '2027-07-01': carriedOver2027(99.84),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- Rf (part of the subscription paid to suppliers for customer management; not indexed by Y) -------------------
/** The Rf share of the subscription: the coefficient NIV of a non-péréqué concession does not apply to it. */
function rfParameter(id: string, options: string, values: readonly [number, number, number]) {
  return defineParameter({
    id,
    grid: GRID,
    description: `Terme Rf inclus dans l’abonnement des options ${options} (contrepartie de la gestion de clientèle ; hors coefficient NIV)`,
    unit: '€/an',
    values: {
      '2024-07-01': {
        value: values[0],
        reference: OFFICIAL_2024,
        status: 'official',
        notes: 'Grille du 1er juillet 2024 : abonnement publié − abonnement hors Rf.',
      },
      '2025-07-01': {
        value: values[1],
        reference: SECONDARY_2025,
        status: 'secondary',
        notes: 'Abonnement 2025 recoupé sur factures − abonnement hors Rf (grille de référence × 1,0606, arrondie).',
      },
      '2026-07-01': {
        value: values[2],
        reference: OBSERVED_2026,
        status: 'estimate',
        basis: 'secondarySource',
        notes: `Abonnements relevés en source secondaire (juillet 2026) − abonnements hors Rf calculés par la formule de la délibération 2024-40 avec Y2026 = 1,1228. ${NOT_READ_2026}.`,
      },
      '2027-07-01': carriedOver2027(values[2]),
      '2028-07-01': END_OF_ATRD7,
    },
    lastCheckedOn: LAST_CHECKED,
  });
}

export const atrdRfT1T2 = rfParameter('atrd7.grdf.rf.t1-t2', 'T1 et T2', [9.24, 9.36, 9.48]);
export const atrdRfT3T4Tp = rfParameter('atrd7.grdf.rf.t3-t4-tp', 'T3, T4 et TP', [103.2, 105.12, 106.08]);

/** The Rf parameter of each option. */
export const ATRD7_RF_PARAMETERS: Readonly<Record<AtrdOption, Parameter>> = {
  T1: atrdRfT1T2,
  T2: atrdRfT1T2,
  T3: atrdRfT3T4Tp,
  T4: atrdRfT3T4Tp,
  TP: atrdRfT3T4Tp,
};

/**
 * First day of the single national distribution grid (2026 finance law, délib. CRE 2026-15): from then on the
 * péréqué ELD areas use the same grid as GRDF, so the simulator accepts any distributor (ADR 0050). Before it,
 * only GRDF's grid is known.
 */
export const NATIONAL_GRID_FROM: IsoDate = '2026-07-01';

// ---- TDN (terme de débit normalisé, T1–T3, from 1 July 2026) ----------------------------------------------------
/** The formula and its threshold: délib. 2024-40 §4.2.2.2, confirmed by GRDF's TDN FAQ. */
const TDN_FORMULA_SOURCES = [SOURCES.atrd7Deliberation, SOURCES.grdfTdnFaq];

export const atrdTdnSeuil = defineParameter({
  id: 'atrd7.grdf.tdn.seuil',
  grid: GRID,
  description: 'Terme de débit normalisé (T1, T2, T3) — débit normalisé au-delà duquel le terme est facturé',
  unit: 'Nm³/h',
  values: {
    '2026-07-01': {
      value: 40,
      reference: TDN_FORMULA_SOURCES,
      status: 'official',
      notes:
        'Délibération 2024-40 §4.2.2.2 : facturation = terme de débit × [(débit du compteur × (1 + pression de livraison)) − 40], confirmé par la FAQ GRDF (facturé au-delà de 40 Nm³/h, sur la différence à 40).',
    },
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdTdnTerme = defineParameter({
  id: 'atrd7.grdf.tdn.terme',
  grid: GRID,
  description: 'Terme de débit normalisé (T1, T2, T3) — par Nm³/h au-delà du seuil, par an',
  unit: '€/Nm³/h/an',
  values: {
    '2026-07-01': formula2026(
      5.73,
      '5,10 €/an par Nm³/h × 1,1228 = 5,726, arrondi au centime à 5,73 (la règle « divisible par 12 au centime » ne vise que les abonnements et les termes de capacité et de distance, ADR 0026 ; elle donnerait 5,76)',
    ),
    '2027-07-01': carriedOver2027(5.73),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

/** The TDN parameters (options T1–T3 only; T4 and TP are not concerned). */
export const ATRD7_TDN = { seuil: atrdTdnSeuil, terme: atrdTdnTerme } as const;

/** Options billed the TDN (délib. 2024-40 §4.2.2.2: T4 and TP are not concerned). */
export const TDN_OPTIONS: readonly string[] = ['T1', 'T2', 'T3'];

/**
 * True when a distribution point in option `tarif` is billed the terme de débit normalisé at `date` (T1–T3 from
 * 1 July 2026, ADR 0026): the simulator then uses the débit normalisé, and the form asks for it.
 */
export function tdnAppliesTo(tarif: string, date: IsoDate, overlay?: ParameterOverlay): boolean {
  return TDN_OPTIONS.includes(tarif) && hasValueAt(atrdTdnTerme, date, overlay);
}

/** ATRD options. */
export type AtrdOption = 'T1' | 'T2' | 'T3' | 'T4' | 'TP';

/** The ATRD7 parameters of each option (TP has no proportional term: structure confirmed by secondary sources). */
export const ATRD7_GRDF = {
  T1: { abonnement: atrdT1Abonnement, proportionnel: atrdT1Proportionnel },
  T2: { abonnement: atrdT2Abonnement, proportionnel: atrdT2Proportionnel },
  T3: { abonnement: atrdT3Abonnement, proportionnel: atrdT3Proportionnel },
  T4: {
    abonnement: atrdT4Abonnement,
    proportionnel: atrdT4Proportionnel,
    seuilCapacite: atrdT4SeuilCapacite,
    capaciteJusqua500: atrdT4CapaciteJusqua500,
    capaciteAuDela500: atrdT4CapaciteAuDela500,
  },
  TP: { abonnement: atrdTpAbonnement, capacite: atrdTpCapacite, distance: atrdTpDistance },
} as const;

export const ATRD7_GRDF_PARAMETERS = [
  atrdT1Abonnement,
  atrdT1Proportionnel,
  atrdT2Abonnement,
  atrdT2Proportionnel,
  atrdT3Abonnement,
  atrdT3Proportionnel,
  atrdT4Abonnement,
  atrdT4Proportionnel,
  atrdT4SeuilCapacite,
  atrdT4CapaciteJusqua500,
  atrdT4CapaciteAuDela500,
  atrdTpAbonnement,
  atrdTpCapacite,
  atrdTpDistance,
  atrdTdnSeuil,
  atrdTdnTerme,
  atrdRfT1T2,
  atrdRfT3T4Tp,
] as const;
