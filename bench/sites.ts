/**
 * The random sites of the optimiser benchmarks (bench/run.ts, bench/portfolio-profile.ts): deterministic, so that
 * every run — and every variant of a run — solves the same portfolio.
 */
import { type JourConsommation, PROFIL_CODES, STATIONS_METEO, synthetiserSerie, type Tso } from '@pilote/tariffs';

export const DATE = '2025-07-01';

/** Deterministic PRNG (mulberry32) so that every run benchmarks the same sites. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shapes = new Map<string, readonly JourConsommation[]>();

/** Typical year of 1 MWh for a profile × station (memoised: the synthesis is linear in the assiette). */
function typicalShape(profil: (typeof PROFIL_CODES)[number], station: string): readonly JourConsommation[] {
  const key = `${profil}|${station}`;
  let shape = shapes.get(key);
  if (!shape) {
    shape = synthetiserSerie({ assiette: 1, profil, stationMeteo: station, debut: '2025-01-01' }).serie.jours;
    shapes.set(key, shape);
  }
  return shape;
}

export interface Site {
  readonly tso: Tso;
  readonly ntr: number;
  readonly jours: JourConsommation[];
  readonly cjaActuelle: number;
  readonly monthly: boolean;
}

/**
 * A random T4 site: typical year (synthesis) × day-to-day noise, a few cold-spell days and random process spikes,
 * so that overruns and penalties matter. 5–60 GWh/yr; ~2 % of sites above 500 MWh/j (second ATRD band).
 */
export function randomSite(rnd: () => number): Site {
  const big = rnd() < 0.02;
  const assiette = big ? 150_000 + rnd() * 100_000 : 5_000 + rnd() * 55_000;
  const profil = PROFIL_CODES[Math.floor(rnd() * PROFIL_CODES.length)] ?? 'P016';
  const station = STATIONS_METEO[Math.floor(rnd() * STATIONS_METEO.length)]?.code ?? 'PARIS-MONTSOURIS';
  const base = typicalShape(profil, station);
  const jours = base.map((j, i) => {
    let v = assiette * (j.mwh ?? 0) * (0.75 + 0.5 * rnd());
    if (rnd() < 0.01) {
      v *= 1.3 + rnd(); // spike
    }
    const cold = i < 45 || i > 340 ? 1 + 0.25 * rnd() : 1;
    return { date: j.date, mwh: v * cold, qualite: 'mesure' as const };
  });
  const max = Math.max(...jours.map((j) => j.mwh));
  return {
    tso: rnd() < 0.8 ? 'NaTran' : 'Teréga',
    ntr: Math.floor(rnd() * 6),
    jours,
    cjaActuelle: Math.ceil(max * (0.9 + 0.3 * rnd())),
    monthly: rnd() < 0.25,
  };
}

/** The `optimiserCja` input of a site (T4, the site's current CJA, monthly mode with zero subscriptions). */
export function inputOf(site: Site) {
  return {
    tarif: 'T4' as const,
    tso: site.tso,
    ntr: site.ntr,
    dateEffet: DATE,
    serie: { jours: site.jours, origine: 'mesures' as const },
    cjaActuelle: site.cjaActuelle,
    ...(site.monthly ? { capacitesMensuelles: new Array(12).fill(0) } : {}),
  };
}
