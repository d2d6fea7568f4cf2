/**
 * ATRT8 short-term capacity products and the daily overrun penalty of a final consumer connected to the transport
 * network (LI / PIC points, ADR 0024 reading), used by the CJA optimiser for those points (ADR 0052).
 *
 * WHAT WAS READ (../shared/reference/gas-tariffs-2026.md §4.2, délib. CRE n° 2026-28 §6.2.3 and §6.2.9, identical in
 * n° 2024-22 and the 2025-270 draft):
 * - monthly subscriptions of main-network exit, regional and delivery capacity: 4/12 of the annual term in
 *   December, January and February; 2/12 in March and November; 1/12 in April, May, June, September and October;
 *   0.5/12 in July and August; a daily subscription is 1/30 of the month's monthly term;
 * - daily overrun of a consumer on transport: delivered − subscribed delivery capacity, if positive; no penalty up
 *   to 3 % of the subscribed daily capacity; above, 20 × the price of a firm daily subscription.
 * The reading of « no penalty up to 3 % » as a tolerance (only the part above 3 % is billed) follows the worked
 * example of the reference (81.22 € per MWh/j « of overrun above the 3 % tolerance »): docs/optimiser.md §2 bis.
 */
import { SOURCES } from './references.ts';
import {
  ATRT8_DAILY_FRACTION_OF_MONTHLY,
  ATRT8_MONTHLY_FRACTIONS,
  atrt8ShortTermEntry,
  MOIS_FR,
} from './short-term-fractions.ts';
import type { ParameterEntry } from './types.ts';
import { defineParameter } from './types.ts';

const LAST_CHECKED = '2026-11-26';

function official(value: number, notes?: string): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrt8DeliberationGrid, SOURCES.atrt8Update2026],
    status: 'official',
    ...(notes ? { notes } : {}),
  };
}

// The monthly fractions and the daily 1/30 have one definition, shared with the PITD parameters
// `atrt8.capacite-mensuelle.*` (./short-term-fractions.ts, ADR 0055).
export const atrtSouscriptionMensuelle = ATRT8_MONTHLY_FRACTIONS.map((value, month) =>
  defineParameter({
    id: `atrt8.souscription-mensuelle.m${String(month + 1).padStart(2, '0')}`,
    grid: 'ATRT8',
    description: `Capacité de sortie du réseau principal, de transport régional et de livraison souscrite pour le mois de ${MOIS_FR[month]} (consommateur raccordé au transport), en fraction du terme annuel`,
    unit: 'coefficient',
    values: { '2024-04-01': atrt8ShortTermEntry(value) },
    lastCheckedOn: LAST_CHECKED,
  }),
);

export const atrtSouscriptionQuotidienne = defineParameter({
  id: 'atrt8.souscription-quotidienne.coefficient',
  grid: 'ATRT8',
  description:
    'Souscription quotidienne de capacité (sortie du réseau principal, régional, livraison), en fraction du terme mensuel du mois',
  unit: 'coefficient',
  values: { '2024-04-01': atrt8ShortTermEntry(ATRT8_DAILY_FRACTION_OF_MONTHLY) },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtPenaliteConsommateurTolerance = defineParameter({
  id: 'atrt8.penalite-consommateur-transport.tolerance',
  grid: 'ATRT8',
  description:
    'Pénalité de dépassement journalier d’un consommateur raccordé au transport — part de la capacité journalière souscrite dépassable sans pénalité',
  unit: 'ratio',
  values: {
    '2024-04-01': official(
      0.03,
      'Lecture retenue : seule la part du dépassement au-delà de 3 % de la capacité souscrite est pénalisée (exemple chiffré de la référence).',
    ),
  },
  lastCheckedOn: LAST_CHECKED,
});

export const atrtPenaliteConsommateurMultiple = defineParameter({
  id: 'atrt8.penalite-consommateur-transport.multiple',
  grid: 'ATRT8',
  description:
    'Pénalité de dépassement journalier d’un consommateur raccordé au transport — multiple du prix d’une souscription quotidienne ferme, par MWh/j de dépassement',
  unit: 'coefficient',
  values: { '2024-04-01': official(20) },
  lastCheckedOn: LAST_CHECKED,
});

export const ATRT8_TRANSPORT_CONSUMER = {
  souscriptionMensuelle: atrtSouscriptionMensuelle,
  souscriptionQuotidienne: atrtSouscriptionQuotidienne,
  penaliteTolerance: atrtPenaliteConsommateurTolerance,
  penaliteMultiple: atrtPenaliteConsommateurMultiple,
} as const;

export const ATRT8_TRANSPORT_CONSUMER_PARAMETERS = [
  ...atrtSouscriptionMensuelle,
  atrtSouscriptionQuotidienne,
  atrtPenaliteConsommateurTolerance,
  atrtPenaliteConsommateurMultiple,
] as const;
