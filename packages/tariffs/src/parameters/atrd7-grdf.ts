/**
 * ATRD7 — tarif péréqué d'utilisation des réseaux publics de distribution de gaz naturel de GRDF.
 * Délibération CRE n° 2024-40 (in force 1 Jul 2024, four years, mechanical update every 1 July).
 *
 * None of these values could be read in the CRE grid itself (the Légifrance page was reachable only up to
 * its introduction): they are `secondary` (open-source grids, the 2025 T4 terms reproduced to the cent on a
 * real February 2026 invoice) or `estimate`. See docs/tariff-sources.md.
 * The 1 July 2026 grid was not found: every ATRD7 parameter ends (`null`) on 2026-07-01.
 */
import { SOURCES } from './references.ts';
import { defineParameter, type ParameterEntry } from './types.ts';

const LAST_CHECKED = '2026-11-21';
const GRID = 'ATRD7 GRDF' as const;

const NOT_FOUND_2026: ParameterEntry = {
  value: null,
  reference: SOURCES.atrd7Deliberation,
  status: 'estimate',
  notes: 'Grille ATRD7 GRDF du 1er juillet 2026 non trouvée : aucune valeur sourcée à partir de cette date.',
};

const SECONDARY_2024 = [SOURCES.atrd7Deliberation, SOURCES.esmContratGaz];
const SECONDARY_2025 = [SOURCES.atrd7Update2025Deliberation, SOURCES.atrd7Update2025News, SOURCES.esmContratGaz];

function proportional2024Estimate(value2025: number, value: number): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrd7Update2025News, SOURCES.esmContratGaz],
    status: 'estimate',
    notes: `Valeur 2024 non trouvée : ${value2025.toFixed(2)} €/MWh (grille 2025) ÷ 1,061 (hausse moyenne CRE au 1er juillet 2025), arrondi au centime. Les termes n'évoluent pas tous du même pourcentage.`,
  };
}

// ---- T1 -------------------------------------------------------------------------------------------------
export const atrdT1Abonnement = defineParameter({
  id: 'atrd7.grdf.t1.abonnement',
  grid: GRID,
  description: 'Option T1 — abonnement annuel',
  unit: '€/an',
  values: {
    '2024-07-01': { value: 51.96, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': { value: 54.72, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT1Proportionnel = defineParameter({
  id: 'atrd7.grdf.t1.proportionnel',
  grid: GRID,
  description: 'Option T1 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': proportional2024Estimate(44.94, 42.36),
    '2025-07-01': { value: 44.94, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T2 -------------------------------------------------------------------------------------------------
export const atrdT2Abonnement = defineParameter({
  id: 'atrd7.grdf.t2.abonnement',
  grid: GRID,
  description: 'Option T2 — abonnement annuel',
  unit: '€/an',
  values: {
    '2024-07-01': { value: 175.92, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': { value: 186.12, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT2Proportionnel = defineParameter({
  id: 'atrd7.grdf.t2.proportionnel',
  grid: GRID,
  description: 'Option T2 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': proportional2024Estimate(12.08, 11.39),
    '2025-07-01': {
      value: 12.08,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Valeur recoupée sur des factures réelles par un dépôt open source.',
    },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T3 -------------------------------------------------------------------------------------------------
export const atrdT3Abonnement = defineParameter({
  id: 'atrd7.grdf.t3.abonnement',
  grid: GRID,
  description: 'Option T3 — abonnement annuel',
  unit: '€/an',
  values: {
    '2024-07-01': { value: 1231.08, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': { value: 1301.4, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT3Proportionnel = defineParameter({
  id: 'atrd7.grdf.t3.proportionnel',
  grid: GRID,
  description: 'Option T3 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': proportional2024Estimate(8.69, 8.19),
    '2025-07-01': { value: 8.69, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- T4 -------------------------------------------------------------------------------------------------
export const atrdT4Abonnement = defineParameter({
  id: 'atrd7.grdf.t4.abonnement',
  grid: GRID,
  description: 'Option T4 — abonnement annuel',
  unit: '€/an',
  values: {
    '2024-07-01': { value: 20469.6, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': {
      value: 21705.72,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes:
        'Reproduit au centime sur une facture T4 réelle de février 2026 (abonnement + capacité = 4 424,81 €/mois).',
    },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4Proportionnel = defineParameter({
  id: 'atrd7.grdf.t4.proportionnel',
  grid: GRID,
  description: 'Option T4 — terme proportionnel à la quantité acheminée',
  unit: '€/MWh',
  values: {
    '2024-07-01': proportional2024Estimate(1.18, 1.11),
    '2025-07-01': {
      value: 1.18,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Reproduit au centime sur une facture T4 réelle de février 2026 (2 043,755 MWh × 1,18 = 2 411,63 €).',
    },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4SeuilCapacite = defineParameter({
  id: 'atrd7.grdf.t4.seuil-capacite',
  grid: GRID,
  description: 'Option T4 — seuil de capacité journalière séparant les deux tranches du terme de capacité',
  unit: 'MWh/j',
  values: {
    '2024-07-01': {
      value: 500,
      reference: SECONDARY_2024,
      status: 'secondary',
      notes: 'Lecture « tranches marginales » retenue : voir t4CapacityCharge et docs/tariff-sources.md.',
    },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4CapaciteJusqua500 = defineParameter({
  id: 'atrd7.grdf.t4.capacite-jusqua-500',
  grid: GRID,
  description: 'Option T4 — terme annuel de souscription de capacité journalière, tranche jusqu’à 500 MWh/j',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': { value: 271.56, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': {
      value: 288.0,
      reference: SECONDARY_2025,
      status: 'secondary',
      notes: 'Reproduit au centime sur une facture T4 réelle de février 2026 (109 MWh/j × 288,00 = 31 392,00 €/an).',
    },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdT4CapaciteAuDela500 = defineParameter({
  id: 'atrd7.grdf.t4.capacite-au-dela-500',
  grid: GRID,
  description: 'Option T4 — terme annuel de souscription de capacité journalière, tranche au-delà de 500 MWh/j',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': { value: 135.72, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': { value: 143.94, reference: SECONDARY_2025, status: 'secondary' },
    '2026-07-01': NOT_FOUND_2026,
  },
  lastCheckedOn: LAST_CHECKED,
});

// ---- TP -------------------------------------------------------------------------------------------------
const TP_2025_NOT_FOUND: ParameterEntry = {
  value: null,
  reference: SOURCES.esmContratGaz,
  status: 'estimate',
  notes:
    'Grille TP au 1er juillet 2025 non trouvée (la seule source secondaire répète la valeur 2024) : option TP non supportée à partir de cette date.',
};

export const atrdTpAbonnement = defineParameter({
  id: 'atrd7.grdf.tp.abonnement',
  grid: GRID,
  description: 'Option TP (tarif de proximité) — abonnement annuel',
  unit: '€/an',
  values: {
    '2024-07-01': { value: 48770.64, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': TP_2025_NOT_FOUND,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdTpCapacite = defineParameter({
  id: 'atrd7.grdf.tp.capacite',
  grid: GRID,
  description: 'Option TP — terme annuel de souscription de capacité journalière',
  unit: '€/MWh/j/an',
  values: {
    '2024-07-01': { value: 135.48, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': TP_2025_NOT_FOUND,
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrdTpDistance = defineParameter({
  id: 'atrd7.grdf.tp.distance',
  grid: GRID,
  description:
    'Option TP — terme annuel de distance (par mètre de distance au réseau de transport ; multiplicateur de densité non appliqué, à vérifier)',
  unit: '€/m/an',
  values: {
    '2024-07-01': { value: 88.92, reference: SECONDARY_2024, status: 'secondary' },
    '2025-07-01': TP_2025_NOT_FOUND,
  },
  lastCheckedOn: LAST_CHECKED,
});

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
] as const;
