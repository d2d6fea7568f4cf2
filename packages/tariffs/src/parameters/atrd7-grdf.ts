/**
 * ATRD7 — tarif péréqué d'utilisation des réseaux publics de distribution de gaz naturel de GRDF.
 * Délibération CRE n° 2024-40 (in force 1 Jul 2024, four years, mechanical update every 1 July).
 *
 * - 1 July 2024: the grid of délib. 2024-40 §5.2.1, read in the full text (`official`).
 * - 1 July 2025: délib. 2025-122 was not read; its grid is the 2024 reference grid × Y2025 = 1.0606 rounded by
 *   the official rule plus Rf 2025 (see `atrd7-indexation.ts`, tested to rebuild every value). The T1–T4 values
 *   are reproduced on real invoices (`secondary`); TP and T4 > 500 MWh/j follow from the rule and agree with
 *   an open-source grid (`secondary`).
 * - From 1 July 2026: the final grid was not found. Each value is the reference grid of délib. 2024-40
 *   §5.2.2.1.3 at the last known index (Y2025, i.e. Z2026 taken as 0) plus Rf 2025: `estimate`, with the reason.
 *   The ATRD7 period ends on 30 June 2028.
 * See docs/tariff-sources.md and ../shared/reference/gas-tariffs-2026.md §1.
 */
import type { IsoDate } from '../dates.ts';
import { hasValueAt } from './lookup.ts';
import type { ParameterOverlay } from './overlay.ts';
import { SOURCES } from './references.ts';
import { defineParameter, type ParameterEntry } from './types.ts';

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

/** Estimate from 1 July 2026: reference grid of délib. 2024-40 §5.2.2.1.3 at the last known index. */
function estimate2026(value: number, how: string): ParameterEntry {
  return {
    value,
    reference: SOURCES.atrd7DeliberationGrid,
    status: 'estimate',
    notes: `Estimation : grille du 1er juillet 2026 non publiée dans nos sources. ${how} (grille de référence de la délibération 2024-40 §5.2.2.1.3 × Y2025 = 1,0606, évolution Z2026 inconnue prise à 0, arrondi réglementaire, Rf 2025 reconduit).`,
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
    '2026-07-01': estimate2026(54.72, '45,36 €/an hors Rf + Rf 9,36 €/an'),
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
    '2026-07-01': estimate2026(44.94, '42,37 × 1,0606 = 44,94 €/MWh'),
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
    '2026-07-01': estimate2026(186.12, '176,76 €/an hors Rf + Rf 9,36 €/an'),
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
    '2026-07-01': estimate2026(12.08, '11,39 × 1,0606 = 12,08 €/MWh'),
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
    '2026-07-01': estimate2026(
      1760.64,
      'Nouvelle répartition T3 : 1 560,96 × 1,0606 = 1 655,52 €/an hors Rf + Rf 105,12 €/an',
    ),
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
    '2026-07-01': estimate2026(7.15, 'Nouvelle répartition T3 : 6,74 × 1,0606 = 7,15 €/MWh'),
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
    '2026-07-01': estimate2026(21705.72, '21 600,60 €/an hors Rf + Rf 105,12 €/an'),
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
    '2026-07-01': estimate2026(1.18, '1,11 × 1,0606 = 1,18 €/MWh'),
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
    '2026-07-01': estimate2026(288.0, '271,56 × 1,0606 = 288,00 €/MWh/j/an'),
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
    '2026-07-01': estimate2026(144.0, '135,72 × 1,0606 arrondi à 144,00 €/MWh/j/an'),
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
    '2026-07-01': estimate2026(51721.8, '51 616,68 €/an hors Rf + Rf 105,12 €/an'),
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
    '2026-07-01': estimate2026(143.64, '135,48 × 1,0606 arrondi à 143,64 €/MWh/j/an'),
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
    '2026-07-01': estimate2026(94.32, '88,92 × 1,0606 arrondi à 94,32 €/m/an'),
    '2028-07-01': END_OF_ATRD7,
  },
  lastCheckedOn: LAST_CHECKED,
});

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
    '2026-07-01': {
      value: 5.41,
      reference: SOURCES.atrd7DeliberationGrid,
      status: 'estimate',
      notes:
        'Estimation : grille du 1er juillet 2026 non publiée dans nos sources. 5,10 €/an par Nm³/h (grille de référence de la délibération 2024-40 §5.2.2.1.3) × Y2025 = 1,0606 = 5,409, arrondi au centime (5,41) : la règle des multiples de 0,12 € ne vise que les abonnements et les termes de capacité et de distance, et la référence 5,10 n’en est pas un (ADR 0026). Évolution Z2026 inconnue prise à 0 ; une source secondaire antérieure à la décision cite 5,52.',
    },
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
] as const;
