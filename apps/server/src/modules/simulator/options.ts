/** The options cascade of the simulator's form (codes, communes, TSO/DSO, options, months; spec §5, ADR 0024). */
import {
  type CommunePitdResponse,
  SIMULATOR_CODE_SEARCH_LIMIT,
  type SimulatorOptionsQuery,
  type SimulatorOptionsResponse,
  type SimulatorPoint,
  type SimulatorTarif,
  simulatorProfils,
  simulatorTarifs,
} from '@pilote/contracts';
import { availableEffectMonths, normaliseTso, type ParameterOverlay } from '@pilote/tariffs';
import { type Actor, requireUser } from '../../lib/actor.ts';
import { validationError } from '../../lib/app-error.ts';
import { monthOf, type SimulatorContext } from './context.ts';

const TSOS = ['NaTran', 'Teréga'] as const;
/** First month offered by the cascade (the oldest sourced grids start in 2024). */
const FIRST_MONTH = '2024-01';
/** The cascade looks this many months ahead of today for months the grids cover. */
const MONTHS_AHEAD = 24;

/** LI / PIC: the notice shown while the labelled sample point table answers (ADR 0024). */
export function samplePointTableMessage(point: 'LI' | 'PIC'): string {
  return `Table des points ${point} d’échantillon en service (codes fictifs) : les résultats sont indicatifs. L’exploitant la remplace par la table du GRT avec « npm run tariffs:import -- ${point.toLowerCase()} <fichier.csv> ».`;
}

function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const unique = (values: Iterable<string>) => [...new Set(values)];

export function createSimulatorOptions({ referenceData, tariffOverlay, now }: SimulatorContext) {
  const monthsCache = new Map<string, string[]>();
  /** The overlay the months cache was computed with: a stored value can extend or end a grid. */
  let monthsOverlay: ParameterOverlay | undefined;

  /** Months (YYYY-MM) the grids can simulate, for every combination of the given tarifs × TSOs (union). */
  function monthsFor(
    point: SimulatorPoint,
    tarifs: readonly SimulatorTarif[],
    tsos: readonly string[],
    overlay: ParameterOverlay,
  ): string[] {
    if (monthsOverlay !== overlay) {
      monthsCache.clear();
      monthsOverlay = overlay;
    }
    const to = addMonths(monthOf(now()), MONTHS_AHEAD);
    const months = new Set<string>();
    for (const tarif of tarifs) {
      for (const tso of tsos) {
        const key = `${point}|${tarif}|${tso}|${to}`;
        let cached = monthsCache.get(key);
        if (!cached) {
          cached = availableEffectMonths(FIRST_MONTH, to, { pointDeReseau: point, tarif, tso }, overlay).map((date) =>
            date.slice(0, 7),
          );
          monthsCache.set(key, cached);
        }
        for (const month of cached) {
          months.add(month);
        }
      }
    }
    return [...months].sort();
  }

  async function pitdOptions(query: SimulatorOptionsQuery): Promise<SimulatorOptionsResponse> {
    const [table, ziTable, { overlay }] = await Promise.all([
      referenceData.pitd(),
      referenceData.zi(),
      tariffOverlay.current(),
    ]);
    const matches = await table.searchCodes(query.q || undefined, SIMULATOR_CODE_SEARCH_LIMIT + 1);
    const rows = query.code ? await table.rowsOf(query.code) : [];
    const byCommune =
      query.code && query.commune ? ((await table.rowsOfCodeInCommune(query.code, query.commune)) ?? []) : [];
    const communeRows = byCommune.length > 0 ? byCommune : rows;
    const chosenTso = query.tso ? normaliseTso(query.tso) : undefined;
    const tsoList = query.code ? unique(communeRows.map((row) => row.tso)) : [...TSOS];
    const byTso = chosenTso ? communeRows.filter((row) => normaliseTso(row.tso) === chosenTso) : [];
    const tsoRows = byTso.length > 0 ? byTso : communeRows;
    const dsoList = unique(tsoRows.map((row) => row.dso));

    const tarif = (simulatorTarifs as readonly string[]).includes(query.tarif?.toUpperCase() ?? '')
      ? (query.tarif?.toUpperCase() as SimulatorTarif)
      : undefined;
    const tsosForMonths = chosenTso ? [chosenTso] : tsoList.length > 0 ? tsoList : [...TSOS];
    const months = monthsFor('PITD', tarif ? [tarif] : simulatorTarifs, tsosForMonths, overlay);
    const month = query.month?.slice(0, 7);
    const tarifs = month
      ? simulatorTarifs.filter((option) => monthsFor('PITD', [option], tsosForMonths, overlay).includes(month))
      : [...simulatorTarifs];

    return {
      point: 'PITD',
      codes: matches.slice(0, SIMULATOR_CODE_SEARCH_LIMIT),
      truncated: matches.length > SIMULATOR_CODE_SEARCH_LIMIT,
      tarifs,
      profils: [...simulatorProfils],
      months,
      tso: tsoList,
      dso: dsoList,
      pitdCommunesIndex:
        query.code && rows.length > 0
          ? [
              {
                code: query.code,
                communes: rows.map((row) => ({
                  commune: row.commune,
                  communeInsee: row.communeInsee,
                  tso: row.tso,
                  dso: row.dso,
                  ntr: row.ntr,
                  ...(row.ntrChoices ? { ntrChoices: row.ntrChoices } : {}),
                })),
              },
            ]
          : [],
      // Zi enters only the normalised capacity of T1–T3 (CJN = CAR × Zi × A); T4/TP use the CJA.
      usedSampleData: table.info.isSample || (ziTable.info.isSample && !(tarif === 'T4' || tarif === 'TP')),
      referenceData: { pitd: table.info, zi: ziTable.info },
      message: null,
      ntrFootnote: rows.some((row) => row.ntrChoices) ? table.ntrFootnote : null,
    };
  }

  async function transportOptions(
    point: 'LI' | 'PIC',
    query: SimulatorOptionsQuery,
  ): Promise<SimulatorOptionsResponse> {
    const [table, { overlay }] = await Promise.all([
      referenceData.transportPoints(point === 'LI' ? 'li' : 'pic'),
      tariffOverlay.current(),
    ]);
    const matches = await table.searchCodes(query.q || undefined, SIMULATOR_CODE_SEARCH_LIMIT + 1);
    const rows = query.code ? await table.rowsOf(query.code) : [];
    // A point has one TSO: once a code is chosen, the list is its TSO (selected by the form).
    const tsoList = rows.length > 0 ? unique(rows.map((row) => row.tso)) : [...TSOS];
    const communes = rows.length > 0 ? rows : [];
    return {
      point,
      codes: matches.slice(0, SIMULATOR_CODE_SEARCH_LIMIT),
      truncated: matches.length > SIMULATOR_CODE_SEARCH_LIMIT,
      // The ATRD option does not enter the price of a transport-connected point (ADR 0024): every one is offered.
      tarifs: [...simulatorTarifs],
      profils: [...simulatorProfils],
      // The option does not change which grids a transport-connected point reads: one option is enough to probe.
      months: monthsFor(point, ['T4'], tsoList, overlay),
      tso: tsoList,
      dso: [],
      ...(point === 'LI'
        ? {
            liCommunesIndex:
              query.code && communes.length > 0
                ? [{ code: query.code, communes: communes.map((row) => row.commune) }]
                : [],
          }
        : {
            picCommunesIndex:
              query.code && communes.length > 0
                ? [{ code: query.code, communes: communes.map((row) => ({ commune: row.commune })) }]
                : [],
          }),
      usedSampleData: table.info.isSample,
      referenceData: null,
      pointTable: table.info,
      message: table.info.isSample ? samplePointTableMessage(point) : null,
    };
  }

  return {
    /** The PITD(s) of a commune by INSEE code (the address search's `citycode`): the form's pre-fill (ADR 0051). */
    async communePitd(actor: Actor | null, insee: string): Promise<CommunePitdResponse> {
      requireUser(actor);
      const table = await referenceData.pitd();
      const rows = await table.rowsOfCommune(insee);
      return {
        insee,
        points: rows.map((row) => ({
          code: row.codePitd,
          libelle: row.libelle,
          commune: row.commune,
          communeInsee: row.communeInsee,
          tso: row.tso,
          dso: row.dso,
          ntr: row.ntr,
          ntrChoices: row.ntrChoices ?? null,
          coefficientNiv: row.coefficientNiv ?? null,
        })),
        ntrFootnote: rows.some((row) => row.ntrChoices) ? table.ntrFootnote : null,
        dataset: table.info,
      };
    },

    async options(actor: Actor | null, point: 'pitd' | 'li' | 'pic', query: SimulatorOptionsQuery) {
      requireUser(actor);
      if (query.point && query.point.toLowerCase() !== point) {
        throw validationError(
          'point',
          `Le paramètre point (« ${query.point} ») ne correspond pas au type de point du chemin (« ${point} »).`,
        );
      }
      return point === 'pitd' ? pitdOptions(query) : transportOptions(point === 'li' ? 'LI' : 'PIC', query);
    },
  };
}
