import type { Database } from '../../../db/client.ts';
import { findLastOptimisation, type OptimisationRecord } from '../../optimisation/repository.ts';
import { findLastSimulation, type SimulationRecord } from '../../simulator/repository.ts';
import type { Passage } from '../passage.ts';
import { frenchDateTime, frenchEuros, frenchIsoDate, frenchNumber } from './french-format.ts';

/** Where the owner reruns them in the private area. */
export const SIMULATOR_PAGE = '/private/gas/simulator';
export const OPTIMISATION_PAGE = '/private/gas/optimisation';

type Amounts = Partial<Record<string, number>>;
type StoredForm = { code?: string; commune?: string; tso?: string; tarif?: string; cja?: number; assiette?: number };

function amount(values: Amounts | undefined, key: string): number | null {
  const value = values?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** « Votre dernière simulation » in French: when, which point and option, the yearly totals and the rates. */
export function simulationPassage(record: SimulationRecord): Passage {
  const form = ((record.input as { form?: StoredForm }).form ?? {}) as StoredForm;
  const result = record.result as { annuel?: Amounts; parMwh?: Amounts; hasEstimates?: boolean };
  const annual = (key: string, label: string) => {
    const value = amount(result.annuel, key);
    return value === null ? null : `${label} ${frenchEuros(value)}`;
  };
  const perMwh = (key: string, label: string) => {
    const value = amount(result.parMwh, key);
    return value === null ? null : `${label} ${frenchEuros(value)}/MWh`;
  };
  const point = [
    `point ${record.pointDeReseau}${form.code ? ` ${form.code}` : ''}`,
    form.commune ? `commune ${form.commune}` : null,
    form.tarif ? `option ${form.tarif}` : null,
    form.tso ? `transport ${form.tso}` : null,
  ].filter(Boolean);
  const capacity = [
    form.cja === undefined ? null : `CJA ${frenchNumber(form.cja, 0)} MWh/j`,
    form.assiette === undefined ? null : `assiette ${frenchNumber(form.assiette, 0)} MWh/an`,
  ].filter(Boolean);
  const total = annual('totalFixe', 'total des termes fixes');
  const details = [
    annual('abonnement', 'abonnement'),
    annual('termeDistribution', 'distribution'),
    annual('termeTransport', 'transport'),
    annual('compensationStockage', 'stockage'),
    annual('ctaTotal', 'CTA'),
  ].filter(Boolean);
  const rates = [
    perMwh('accise', 'accise'),
    perMwh('cee', 'CEE'),
    perMwh('termeProportionnel', 'terme proportionnel'),
  ].filter(Boolean);
  const text = [
    `Votre dernière simulation date du ${frenchDateTime(record.createdAt)} : ${point.join(', ')}, grilles du ${frenchIsoDate(record.dateEffet)}${capacity.length > 0 ? ` (${capacity.join(', ')})` : ''}.`,
    total ? `Par an : ${total}${details.length > 0 ? ` (${details.join(', ')})` : ''}.` : '',
    rates.length > 0 ? `Par MWh : ${rates.join(', ')}.` : '',
    result.hasEstimates ? 'Certaines valeurs utilisées sont des estimations.' : '',
    record.usedSampleData ? 'Calculée avec des données de référence d’échantillon : résultat indicatif.' : '',
    'Vous pouvez la refaire depuis le simulateur.',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id: `own:${record.userId}:simulation`,
    title: 'Votre dernière simulation',
    text,
    url: SIMULATOR_PAGE,
    keywords: 'ma dernière simulation mes résultats simulateur',
  };
}

/** « Votre dernière optimisation »: when, which point, the CJA found and the saving. */
export function optimisationPassage(record: OptimisationRecord): Passage {
  const text = [
    `Votre dernière optimisation de la CJA date du ${frenchDateTime(record.createdAt)} : PITD ${record.code} (${record.commune}), option ${record.tarif}, transport ${record.tso}, grilles du ${frenchIsoDate(record.dateEffet)}.`,
    `CJA actuelle ${frenchNumber(record.cjaActuelle, 0)} MWh/j, CJA optimisée ${frenchNumber(record.cjaOptimisee, 0)} MWh/j : économie de ${frenchEuros(record.economieAnnuelle)} par an (${frenchNumber(record.pourcentageEconomie, 1)} %), coût annuel ${frenchEuros(record.coutAvant)} avant et ${frenchEuros(record.coutApres)} après.`,
    record.seriesEstimated
      ? 'Estimation : la consommation journalière a été synthétisée (année type), la CJA proposée est indicative.'
      : '',
    record.hasEstimates && !record.seriesEstimated ? 'Certaines valeurs utilisées sont des estimations.' : '',
    'Vous pouvez la refaire depuis la page Optimisation.',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    id: `own:${record.userId}:optimisation`,
    title: 'Votre dernière optimisation de la CJA',
    text,
    url: OPTIMISATION_PAGE,
    keywords: 'ma dernière optimisation CJA optimisée économie',
  };
}

/**
 * The caller's own last simulation and last optimisation, read per request (two indexed queries on
 * `user_id, created_at`), never anyone else's: the user id is the only key.
 */
export function createOwnWorkSource(db: Database) {
  return {
    async passages(userId: string): Promise<Passage[]> {
      const [simulation, optimisation] = await Promise.all([
        findLastSimulation(db, userId),
        findLastOptimisation(db, userId),
      ]);
      return [
        ...(simulation ? [simulationPassage(simulation)] : []),
        ...(optimisation ? [optimisationPassage(optimisation)] : []),
      ];
    },
  };
}

export type OwnWorkSource = ReturnType<typeof createOwnWorkSource>;
