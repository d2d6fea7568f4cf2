/**
 * Short-term capacity products and overrun penalties (issue 5, CJA optimiser).
 *
 * WHAT WAS READ (docs/optimiser.md, « Sources des pénalités » ; ADR 0055):
 * - ATRD7 GRDF (options T4 and TP): délibération CRE n° 2024-40, full text, §5.1.5 (monthly subscriptions: 4/12 in
 *   January, February and December; 2/12 in March and November; 1/12 in April–June, September and October; 0.5/12
 *   in July and August; daily = 1/20 of the monthly term) and §5.1.7 (overrun penalties: maximal overrun of the
 *   month + 10 % of the other overruns above 5 %; due above 5 %; 2 × the monthly term between 5 and 15 %, 4 × above
 *   15 %). Every ATRD value below is `official` from the ATRD7 start, 1 July 2024. The fractions come from
 *   ./short-term-fractions.ts (one definition).
 * - ATRT8 monthly fractions at the PITD (main-network exit, regional, delivery): délibération n° 2024-22 §6.2.4.4,
 *   `official` from 1 April 2024, the same definition as the LI / PIC parameters (ADR 0052, 0055).
 * - ATRT: the structure of the daily overrun at a PITD was read in délibération n° 2021-369 (ATRT7) §5.2.9.1; the
 *   PITD overrun price stays a documented default, status `estimate`.
 */

import { SOURCES } from './references.ts';
import {
  ATRD7_DAILY_FRACTION_OF_MONTHLY,
  ATRD7_MONTHLY_FRACTIONS,
  ATRT8_MONTHLY_FRACTIONS,
  atrd7ShortTermEntry,
  atrt8ShortTermEntry,
  MOIS_FR,
} from './short-term-fractions.ts';

import type { ParameterDefinition, ParameterEntry, SourceReference } from './types.ts';
import { defineParameter } from './types.ts';

const LAST_CHECKED = '2026-11-22';
/** Date the short-term fractions and the ATRD7 penalty rules were read in the CRE texts (ADR 0055). */
const FRACTIONS_CHECKED = '2026-11-26';

/** ATRT7 text where the structure of the daily overrun at a PITD was read (no price). */
export const DELIBERATION_2021_369_ATRT7: SourceReference = {
  title:
    'Délibération CRE n° 2021-369 du 16 décembre 2021 (ATRT7), §5.2.9.1 « Pénalités pour dépassement de capacité journalière » (structure du dépassement au PITD lue ; prix non lu)',
  url: 'https://juriblio.fr/deliberations/deliberation-no-2021-369-du-16-decembre-2021/178778753/312996497',
  publishedOn: '2021-12-26',
};

/** Internal note documenting the defaults that no text supports. */
export const OPTIMISER_DOC: SourceReference = {
  title: 'Pilote Énergie — docs/optimiser.md, hypothèses du modèle de coût de la CJA (valeur par défaut non sourcée)',
  url: 'docs/optimiser.md#paramètres-non-sourcés',
  publishedOn: null,
};

function defineAtrd(def: Omit<ParameterDefinition, 'values' | 'lastCheckedOn' | 'grid'> & { value: number }) {
  return defineParameter({
    id: def.id,
    grid: 'ATRD7 GRDF',
    description: def.description,
    unit: def.unit,
    values: { '2024-07-01': atrd7ShortTermEntry(def.value) },
    lastCheckedOn: FRACTIONS_CHECKED,
  });
}

export const atrdCapaciteMensuelleCoefficients = ATRD7_MONTHLY_FRACTIONS.map((value, month) =>
  defineAtrd({
    id: `atrd7.grdf.capacite-mensuelle.m${String(month + 1).padStart(2, '0')}`,
    description: `Options T4/TP — terme de souscription mensuelle de capacité journalière en ${MOIS_FR[month]}, en fraction du terme annuel`,
    unit: 'coefficient',
    value,
  }),
);

export const atrdCapaciteQuotidienneCoefficient = defineAtrd({
  id: 'atrd7.grdf.capacite-quotidienne.coefficient',
  description:
    'Options T4/TP — terme de souscription quotidienne de capacité journalière, en fraction du terme mensuel du mois (non utilisé par l’optimiseur)',
  unit: 'coefficient',
  value: ATRD7_DAILY_FRACTION_OF_MONTHLY,
});

export const atrdPenaliteSeuilDeclenchement = defineAtrd({
  id: 'atrd7.grdf.penalite.seuil-declenchement',
  description:
    'Pénalité de dépassement T4/TP — part de la capacité souscrite au-delà de laquelle le dépassement mensuel est pénalisé (1re tranche)',
  unit: 'ratio',
  value: 0.05,
});

export const atrdPenaliteSeuilTranche2 = defineAtrd({
  id: 'atrd7.grdf.penalite.seuil-tranche-2',
  description: 'Pénalité de dépassement T4/TP — part de la capacité souscrite où commence la 2de tranche',
  unit: 'ratio',
  value: 0.15,
});

export const atrdPenaliteMultipleTranche1 = defineAtrd({
  id: 'atrd7.grdf.penalite.multiple-tranche-1',
  description:
    'Pénalité de dépassement T4/TP — multiple du terme mensuel de capacité appliqué à la part du dépassement comprise entre 5 et 15 % de la capacité',
  unit: 'coefficient',
  value: 2,
});

export const atrdPenaliteMultipleTranche2 = defineAtrd({
  id: 'atrd7.grdf.penalite.multiple-tranche-2',
  description:
    'Pénalité de dépassement T4/TP — multiple du terme mensuel de capacité appliqué à la part du dépassement supérieure à 15 % de la capacité',
  unit: 'coefficient',
  value: 4,
});

export const atrdPenalitePartAutresDepassements = defineAtrd({
  id: 'atrd7.grdf.penalite.part-autres-depassements',
  description:
    'Pénalité de dépassement T4/TP — part des autres dépassements journaliers du mois ajoutée au dépassement maximal',
  unit: 'ratio',
  value: 0.1,
});

export const atrdPenaliteSeuilAutresDepassements = defineAtrd({
  id: 'atrd7.grdf.penalite.seuil-autres-depassements',
  description:
    'Pénalité de dépassement T4/TP — seuil (part de la capacité) au-delà duquel un autre dépassement journalier du mois est compté',
  unit: 'ratio',
  value: 0.05,
});

// ---- ATRT8 ---------------------------------------------------------------------------------------------
function atrtDefault(value: number, notes: string): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrt8Deliberation, SOURCES.atrt8Update2025, OPTIMISER_DOC],
    status: 'estimate',
    notes,
  };
}

export const atrtCapaciteMensuelleCoefficients = ATRT8_MONTHLY_FRACTIONS.map((value, month) =>
  defineParameter({
    id: `atrt8.capacite-mensuelle.m${String(month + 1).padStart(2, '0')}`,
    grid: 'ATRT8',
    description: `Termes de capacité de transport (TCS, TCR, TCL) d’une capacité mensuelle en ${MOIS_FR[month]}, en fraction du terme annuel`,
    unit: 'coefficient',
    values: { '2024-04-01': atrt8ShortTermEntry(value) },
    lastCheckedOn: FRACTIONS_CHECKED,
  }),
);

export const atrtPenaliteDepassementCoefficient = defineParameter({
  id: 'atrt8.penalite-depassement.coefficient',
  grid: 'ATRT8',
  description:
    'Pénalité de dépassement journalier de capacité de transport au PITD, en nombre de fois le terme annuel de capacité de transport (TCS + TCR × NTR + TCL) ramené au jour (÷ 365), par MWh de dépassement',
  unit: 'coefficient',
  values: {
    '2024-04-01': atrtDefault(
      0,
      'Prix non lu dans l’ATRT8. Par défaut 0 : au PITD, le dépassement de transport est mutualisé entre les points de l’expéditeur (ATRT7 §5.2.9.1) et n’est pas attribuable à un seul client ; les pénalités comptées sont celles du GRD.',
    ),
  },
  lastCheckedOn: LAST_CHECKED,
});

export const PENALTIES = {
  atrd: {
    capaciteMensuelle: atrdCapaciteMensuelleCoefficients,
    capaciteQuotidienne: atrdCapaciteQuotidienneCoefficient,
    seuilDeclenchement: atrdPenaliteSeuilDeclenchement,
    seuilTranche2: atrdPenaliteSeuilTranche2,
    multipleTranche1: atrdPenaliteMultipleTranche1,
    multipleTranche2: atrdPenaliteMultipleTranche2,
    partAutresDepassements: atrdPenalitePartAutresDepassements,
    seuilAutresDepassements: atrdPenaliteSeuilAutresDepassements,
  },
  atrt: {
    capaciteMensuelle: atrtCapaciteMensuelleCoefficients,
    penaliteDepassement: atrtPenaliteDepassementCoefficient,
  },
} as const;

export const PENALTY_PARAMETERS = [
  ...atrdCapaciteMensuelleCoefficients,
  atrdCapaciteQuotidienneCoefficient,
  atrdPenaliteSeuilDeclenchement,
  atrdPenaliteSeuilTranche2,
  atrdPenaliteMultipleTranche1,
  atrdPenaliteMultipleTranche2,
  atrdPenalitePartAutresDepassements,
  atrdPenaliteSeuilAutresDepassements,
  ...atrtCapaciteMensuelleCoefficients,
  atrtPenaliteDepassementCoefficient,
] as const;
