import { addDays } from './adict.ts';
import {
  type AccessRight,
  type AccessRightDeclaration,
  type ConsumptionPage,
  type ConsumptionRange,
  type ContractualData,
  type DailyConsumption,
  type DailyConsumptionQuality,
  type OperatorDataAdapter,
  type OperatorDataCategories,
  OperatorDataError,
  type TechnicalData,
} from './types.ts';

/**
 * The demonstration source (ADR 0063): answers the adapter's shapes for any PCE, deterministically — the same PCE
 * gives the same contract, the same PITD and the same consumption on every install —, so that a fresh install goes
 * from a mandate to an optimisation without GRDF. Every result carries `demo: true`.
 *
 * - A declared right is `pending` (its proof `checking`) for `activationDelaySeconds`, then `active`; a PCE ending
 *   in `9999` is refused instead (so the refusal path can be seen), with a reason; one ending in `8888` stays
 *   `pending` (so the waiting can be seen).
 * - The history covers the three years before today (published up to yesterday), daily, with winter heating, lower
 *   weekends and a little noise; about 2 % of the days are estimated and 0.5 % corrected.
 * - The contract matches the series: CAR = the expected yearly sum, the option from it (T2 < 300 MWh, T3 < 5 GWh,
 *   T4 above), a CJA for T4 (the largest day of the year + 5 %).
 */

export interface DemoOptions {
  /** Seconds a declared right stays `pending` before it turns `active` (or `refused`). */
  activationDelaySeconds: number;
  now?: () => number;
}

/** A PCE whose right the demonstration refuses (its last four digits). */
export const DEMO_REFUSED_SUFFIX = '9999';
/** A PCE whose right the demonstration leaves pending for good (its last four digits): the waiting can be seen. */
export const DEMO_PENDING_SUFFIX = '8888';
/** Years of history the demonstration publishes before today. */
export const DEMO_HISTORY_YEARS = 3;

/** GRDF PITDs of the shipped official table (apps/server/reference-tables/pitd-2026-02-20.csv) and a postal code of each. */
const DEMO_PITDS = [
  { code: 'GD1057', label: 'PARIS', postalCode: '75011', city: 'PARIS' },
  { code: 'GD0136', label: 'LYON', postalCode: '69003', city: 'LYON' },
  { code: 'GD0991', label: 'LILLE', postalCode: '59000', city: 'LILLE' },
  { code: 'GD8625', label: 'TOULOUSE', postalCode: '31000', city: 'TOULOUSE' },
  { code: 'GD0796', label: 'NANTES', postalCode: '44000', city: 'NANTES' },
  { code: 'GD0280', label: 'RENNES', postalCode: '35000', city: 'RENNES' },
  { code: 'GD0197', label: 'DIJON', postalCode: '21000', city: 'DIJON' },
  { code: 'GD0906', label: 'MARSEILLE', postalCode: '13002', city: 'MARSEILLE' },
] as const;

const ALL_CATEGORIES: OperatorDataCategories = {
  publishedConsumption: true,
  informativeConsumption: true,
  contractual: true,
  technical: true,
};

/** FNV-1a, 32 bits. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator, the same numbers on every platform. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoSite {
  carKwh: number;
  /** Share of the yearly consumption that depends on the weather. */
  heatingShare: number;
  option: 'T2' | 'T3' | 'T4';
  profil: string;
  pitd: (typeof DEMO_PITDS)[number];
  streetNumber: number;
  commissioningDate: string;
}

const HEATING_OFFSET = 0.35;
/** Mean of max(0, cos + offset) over a year, so that the heating part averages 1. */
const HEATING_MEAN = (() => {
  let sum = 0;
  for (let d = 0; d < 3652; d++) {
    sum += Math.max(0, Math.cos((2 * Math.PI * d) / 3652) + HEATING_OFFSET);
  }
  return sum / 3652;
})();
const WEEKDAY = 1.16;
const WEEKEND = 0.6;

function siteOf(pce: string): DemoSite {
  const random = generator(hash(`site:${pce}`));
  // Yearly consumption from 150 MWh to 12 GWh, spread evenly on a log scale.
  const carKwh = Math.round(150_000 * 80 ** random());
  const heatingShare = 0.45 + 0.4 * random();
  const option = carKwh < 300_000 ? 'T2' : carKwh < 5_000_000 ? 'T3' : 'T4';
  const profil = heatingShare > 0.75 ? 'P016' : heatingShare > 0.65 ? 'P015' : heatingShare > 0.55 ? 'P014' : 'P013';
  const pitd = DEMO_PITDS[Math.floor(random() * DEMO_PITDS.length)] ?? DEMO_PITDS[0];
  const streetNumber = 1 + Math.floor(random() * 120);
  const commissioningYear = 1995 + Math.floor(random() * 20);
  const commissioningDate = `${commissioningYear}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
  return { carKwh, heatingShare, option, profil, pitd, streetNumber, commissioningDate };
}

/** The demonstration day of a PCE: a function of the PCE and the date only (any window gives the same value). */
function demoDay(pce: string, site: DemoSite, date: string): DailyConsumption {
  const random = generator(hash(`day:${pce}:${date}`));
  const value = new Date(`${date}T00:00:00Z`);
  const yearStart = Date.UTC(value.getUTCFullYear(), 0, 1);
  const dayOfYear = (value.getTime() - yearStart) / 86_400_000;
  // Coldest around mid-January.
  const heating = Math.max(0, Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25) + HEATING_OFFSET) / HEATING_MEAN;
  const weekday = value.getUTCDay();
  const activity = weekday === 0 || weekday === 6 ? WEEKEND : WEEKDAY;
  const noise = 1 + 0.12 * (random() - 0.5);
  const kwh = Math.round(
    (site.carKwh / 365) * ((1 - site.heatingShare) * activity + site.heatingShare * heating) * noise,
  );
  const draw = random();
  const quality: DailyConsumptionQuality = draw < 0.005 ? 'corrected' : draw < 0.025 ? 'estimated' : 'published';
  return {
    date,
    endDate: date,
    kwh,
    // 11.2 kWh per m³: a usual PCS for H gas.
    volumeM3: Math.round((kwh / 11.2) * 100) / 100,
    quality,
    operatorQuality: null,
  };
}

export function createDemoAdapter(options: DemoOptions): OperatorDataAdapter {
  const now = options.now ?? Date.now;
  const ended = new Set<string>();
  const categoriesById = new Map<string, OperatorDataCategories>();
  const today = () => new Date(now()).toISOString().slice(0, 10);

  function parseId(id: string): { pce: string; declaredAt: number } | null {
    const match = /^demo-(\d{14})-(\d{1,15})$/.exec(id);
    return match ? { pce: match[1] as string, declaredAt: Number(match[2]) } : null;
  }

  function rightOf(id: string, pce: string, declaredAt: number): AccessRight {
    const ripe = now() - declaredAt >= options.activationDelaySeconds * 1000 && !pce.endsWith(DEMO_PENDING_SUFFIX);
    const refused = pce.endsWith(DEMO_REFUSED_SUFFIX);
    const state = ended.has(id) ? 'revoked' : !ripe ? 'pending' : refused ? 'refused' : 'active';
    const reason =
      state === 'refused'
        ? 'GRDF a refusé le droit d’accès aux données de ce PCE. GRDF : « Le code postal ne correspond pas à l’adresse du PCE. » (démonstration)'
        : state === 'revoked'
          ? 'Le droit d’accès aux données de ce PCE a été révoqué. GRDF : « Vous avez révoqué votre droit d’accès aux données de ce PCE. »'
          : null;
    const declaredDay = new Date(declaredAt).toISOString().slice(0, 10);
    return {
      id,
      pce,
      state,
      proofStatus: state === 'pending' ? 'checking' : state === 'refused' ? 'invalid' : 'valid',
      reason,
      operatorReason: state === 'refused' ? 'Le code postal ne correspond pas à l’adresse du PCE.' : null,
      consent: { start: declaredDay, end: addDays(declaredDay, 365) },
      categories: categoriesById.get(id) ?? ALL_CATEGORIES,
      readable: state === 'active',
      demo: true,
    };
  }

  async function* readConsumption(
    kind: 'published' | 'informative',
    pce: string,
    range: ConsumptionRange,
  ): AsyncGenerator<ConsumptionPage> {
    const site = siteOf(pce);
    const last = addDays(today(), -1);
    const first = addDays(today(), -365 * DEMO_HISTORY_YEARS);
    for (let from = range.from; from <= range.to; from = addDays(from, 365)) {
      range.signal?.throwIfAborted();
      const windowEnd = addDays(from, 364);
      const to = windowEnd < range.to ? windowEnd : range.to;
      const days: DailyConsumption[] = [];
      for (let date = from < first ? first : from; date <= to && date <= last; date = addDays(date, 1)) {
        const value = demoDay(pce, site, date);
        days.push(kind === 'informative' ? { ...value, quality: 'published' } : value);
      }
      yield { pce, kind, from, to, days, demo: true };
    }
  }

  return {
    kind: 'demo',

    async declareAccess(declaration: AccessRightDeclaration) {
      if (!/^\d{14}$/.test(declaration.pce)) {
        throw new OperatorDataError('invalid', 'Le PCE doit contenir exactement 14 chiffres', {
          status: 400,
          operatorMessage: 'Le format du PCE est incorrect.',
        });
      }
      const id = `demo-${declaration.pce}-${now()}`;
      categoriesById.set(id, { ...declaration.categories });
      return rightOf(id, declaration.pce, now());
    },

    async getAccessRight(id, pce) {
      const parsed = parseId(id);
      if (!parsed || parsed.pce !== pce) {
        throw new OperatorDataError('not_found', 'GRDF ne connaît pas (ou plus) ce droit d’accès.');
      }
      return rightOf(id, parsed.pce, parsed.declaredAt);
    },

    async endAccess(id) {
      if (parseId(id)) {
        ended.add(id);
      }
    },

    readPublishedConsumption: (pce, range) => readConsumption('published', pce, range),
    readInformativeConsumption: (pce, range) => readConsumption('informative', pce, range),

    async readContractualData(pce): Promise<ContractualData> {
      const site = siteOf(pce);
      let cjaKwhPerDay = 0;
      if (site.option === 'T4') {
        let largest = 0;
        for (let date = addDays(today(), -365); date < today(); date = addDays(date, 1)) {
          largest = Math.max(largest, demoDay(pce, site, date).kwh);
        }
        cjaKwhPerDay = Math.ceil(largest * 1.05);
      }
      return {
        pce,
        carKwh: site.carKwh,
        cjaKwhPerDay,
        option: site.option,
        profil: site.profil,
        commissioningDate: site.commissioningDate,
        demo: true,
      };
    },

    async readTechnicalData(pce): Promise<TechnicalData> {
      const site = siteOf(pce);
      return {
        pce,
        pitd: { code: site.pitd.code, label: site.pitd.label },
        readingFrequency: 'JJ',
        address: {
          street: `${site.streetNumber} rue de la Démonstration`,
          complement: null,
          postalCode: site.pitd.postalCode,
          city: site.pitd.city,
        },
        demo: true,
      };
    },
  };
}
