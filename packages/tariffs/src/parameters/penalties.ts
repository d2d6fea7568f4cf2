/**
 * Short-term capacity products and overrun penalties (issue 5, CJA optimiser).
 *
 * WHAT WAS READ (docs/optimiser.md, « Sources des pénalités ») :
 * - the OFFICIAL text of the GRDF rules on monthly / daily subscriptions of daily capacity and on penalties for
 *   overrunning the subscribed daily capacity (options T4 and TP) is the annex of the arrêté du 2 juin 2008
 *   (ATRD3, JORF), §6 and §7, read in full;
 * - the ATRD7 deliberation (CRE n° 2024-40) could not be read beyond its introduction: we could not check that it
 *   keeps these coefficients. Every ATRD value below is therefore `estimate` (value official for ATRD3, carried
 *   forward to ATRD7 by assumption) and must be re-read in the ATRD7 grid before production;
 * - ATRT: the structure of the daily overrun at a PITD was read in délibération n° 2021-369 (ATRT7) §5.2.9.1, but
 *   no penalty price nor any multiplier of the short-term transport capacity products (ATRT8, n° 2024-22 /
 *   2025-35) could be read. They are parameters with a documented default, status `estimate`.
 */

import { SOURCES } from './references.ts';
import type { ParameterDefinition, ParameterEntry, SourceReference } from './types.ts';
import { defineParameter } from './types.ts';

const LAST_CHECKED = '2026-11-22';

/** Official text read for the GRDF rules (ATRD3). */
export const ARRETE_2008_ATRD3: SourceReference = {
  title:
    "Arrêté du 2 juin 2008 approuvant les tarifs d'utilisation des réseaux publics de distribution de gaz naturel (ATRD3), annexe, I, §6 « Souscriptions mensuelles ou quotidiennes de capacité journalière » et §7 « Pénalités pour dépassement de capacité journalière souscrite »",
  url: 'https://github.com/etalab/lois-non-codifiees-et-reglements-francais/blob/master/arrete/2008/arrete-du-2-juin-2008-deve0813708a/annexe/article-.md',
  publishedOn: null,
};

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

const ATRD_REFS = [ARRETE_2008_ATRD3, SOURCES.atrd7Deliberation];
const ATRD_NOTE =
  'Valeur lue dans l’arrêté du 2 juin 2008 (ATRD3, texte officiel) ; sa reconduction dans l’ATRD7 (délibération n° 2024-40, grille non lue) est une hypothèse.';

function atrdEstimate(value: number, notes = ATRD_NOTE): ParameterEntry {
  return { value, reference: ATRD_REFS, status: 'estimate', notes };
}

function defineAtrd(def: Omit<ParameterDefinition, 'values' | 'lastCheckedOn' | 'grid'> & { value: number }) {
  return defineParameter({
    id: def.id,
    grid: 'ATRD7 GRDF',
    description: def.description,
    unit: def.unit,
    values: { '2024-07-01': atrdEstimate(def.value) },
    lastCheckedOn: LAST_CHECKED,
  });
}

/** Month names (French) used in descriptions, index 0 = January. */
export const MOIS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/**
 * Monthly term of a daily capacity subscribed for one month, as a fraction of the annual term (ATRD3 §6):
 * Jan–Feb 8/12, Dec 4/12, Mar & Nov 2/12, Apr–May–Jun–Sep–Oct 1/12, Jul–Aug 0.5/12. Sum over the year: 30/12.
 */
export const ATRD3_MONTHLY_FRACTIONS: readonly number[] = [8, 8, 2, 1, 1, 1, 0.5, 0.5, 1, 1, 2, 4].map((n) => n / 12);

export const atrdCapaciteMensuelleCoefficients = ATRD3_MONTHLY_FRACTIONS.map((value, month) =>
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
  value: 1 / 20,
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

export const atrtCapaciteMensuelleCoefficients = ATRD3_MONTHLY_FRACTIONS.map((value, month) =>
  defineParameter({
    id: `atrt8.capacite-mensuelle.m${String(month + 1).padStart(2, '0')}`,
    grid: 'ATRT8',
    description: `Termes de capacité de transport (TCS, TCR, TCL) d’une capacité mensuelle en ${MOIS_FR[month]}, en fraction du terme annuel`,
    unit: 'coefficient',
    values: {
      '2024-04-01': atrtDefault(
        value,
        'Multiplicateurs des produits de capacité mensuels ATRT8 non lus : par défaut, mêmes fractions saisonnières que la distribution (arrêté du 2 juin 2008). Hypothèse à remplacer par la table ATRT8.',
      ),
    },
    lastCheckedOn: LAST_CHECKED,
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
