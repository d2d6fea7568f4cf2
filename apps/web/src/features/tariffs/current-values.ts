/**
 * Current tariff values for /tarifs-energie, read from the engine (`snapshotAt` of @pilote/tariffs): the page never
 * holds a number of its own, so it cannot drift from what the simulator uses.
 */
import type { PublicStoredValue } from '@pilote/contracts';
import {
  createParameterOverlay,
  type EstimateBasis,
  getParameter,
  type IsoDate,
  overlaidRegistry,
  PARAMETER_REGISTRY,
  type ParameterGrid,
  type ParameterOverlay,
  type ParameterSnapshot,
  type ParameterUnit,
  snapshotAt,
  statusLabel,
  type ValueStatus,
  withOverlay,
} from '@pilote/tariffs';
import { formatNumber, formatPercent } from '../../lib/format.ts';

export { todayIsoDate } from './today.ts';

/** A value with its unit, the French way: 127,79 €/MWh/j/an, 20,80 %, 0,6667. */
export function formatParameterValue(value: number, unit: ParameterUnit): string {
  switch (unit) {
    case 'ratio':
      return formatPercent(value * 100, 2);
    case 'coefficient':
      return formatNumber(value, 4);
    case 'MWh/j':
      return `${formatNumber(value, 0)}\u00a0MWh/j`;
    case 'Nm³/h':
      return `${formatNumber(value, 0)}\u00a0Nm³/h`;
    default:
      return `${formatNumber(value, 2)}\u00a0${unit}`;
  }
}

export const statusLabels: Record<ValueStatus, string> = {
  official: 'Officielle',
  secondary: 'Source secondaire',
  estimate: 'Estimation',
};

/**
 * The status cell of a value: « Officielle », « Source secondaire », « Estimation », or for an estimate whose kind is
 * known « Estimation (source secondaire) », « Estimation (formule de la délibération 2024-40) », « Estimation (valeur
 * précédente reconduite) » (ADR 0050).
 */
export function statusText(status: ValueStatus, basis: EstimateBasis | null): string {
  const label = statusLabel(status, basis);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

export type LastKnownValue = { value: number; from: IsoDate };

export type CurrentTariffValue = ParameterSnapshot & {
  /** The formatted value, or null when no sourced value is in force on that date. */
  display: string | null;
  /** When no value is in force: the last one that was, so the reader knows what changed. */
  lastKnown: LastKnownValue | null;
  /** Monthly-capacity and overrun-penalty coefficients: shown apart from the main terms. */
  isDetail: boolean;
};

const DETAIL_ID = /capacite-mensuelle|capacite-quotidienne|penalite/;

function lastKnownValue(id: string, date: IsoDate, overlay: ParameterOverlay | undefined): LastKnownValue | null {
  let found: LastKnownValue | null = null;
  for (const entry of withOverlay(getParameter(id), overlay).entries) {
    if (entry.from > date) {
      break;
    }
    if (entry.value !== null) {
      found = { value: entry.value, from: entry.from };
    }
  }
  return found;
}

/**
 * The stored values (admin panel, ADR 0025) as the engine's overlay; values that no longer fit the packaged
 * registry are left out, as the server does.
 */
export function storedOverlay(values: readonly PublicStoredValue[]): ParameterOverlay {
  const known = new Map(PARAMETER_REGISTRY.map((p) => [p.id, p]));
  return createParameterOverlay(
    values
      .filter((v) => known.get(v.parameterId)?.unit === v.unit)
      .map((v) => ({
        parameterId: v.parameterId,
        from: v.validFrom,
        value: v.value,
        unit: v.unit,
        status: v.status,
        references: v.references,
        notes: v.note || null,
      })),
    PARAMETER_REGISTRY,
    'stored',
  );
}

/** Values in force on `date`: the packaged grids, with the stored values laid over them when given. */
export function currentTariffValues(date: IsoDate, overlay?: ParameterOverlay): CurrentTariffValue[] {
  return snapshotAt(date, overlaidRegistry(PARAMETER_REGISTRY, overlay)).map((snapshot) => ({
    ...snapshot,
    display: snapshot.value === null ? null : formatParameterValue(snapshot.value, snapshot.unit),
    lastKnown: snapshot.value === null ? lastKnownValue(snapshot.id, date, overlay) : null,
    isDetail: DETAIL_ID.test(snapshot.id),
  }));
}

/** Display order and one-line explanation of each grid. */
export const gridOrder: readonly { grid: ParameterGrid; title: string; intro: string }[] = [
  {
    grid: 'ATRD7 GRDF',
    title: 'Distribution — ATRD7 (GRDF, grille nationale depuis le 1er juillet 2026)',
    intro:
      'Abonnement, terme proportionnel et termes de capacité des options T1 à TP. Grille mise à jour chaque 1er juillet ; depuis le 1er juillet 2026 elle s’applique aussi aux entreprises locales de distribution (péréquation nationale). Dans une concession non péréquée, chaque terme hors Rf est multiplié par le coefficient NIV de la commune.',
  },
  {
    grid: 'ATRT8',
    title: 'Transport et stockage — ATRT8',
    intro:
      'Termes de capacité TCS, TCR et TCL de NaTran et Teréga, et terme de stockage. Grille mise à jour chaque 1er avril.',
  },
  {
    grid: 'CTA',
    title: "Contribution tarifaire d'acheminement (CTA)",
    intro: "Taux appliqués aux parts fixes de l'acheminement.",
  },
  { grid: 'Accise', title: 'Accise sur les gaz naturels', intro: 'Tarif par MWh, usage combustible.' },
  { grid: 'CEE', title: "Certificats d'économies d'énergie (CEE)", intro: 'Coût répercuté par MWh livré.' },
  { grid: 'TVA', title: 'TVA', intro: 'Taux applicables aux différentes parts de la facture.' },
];
