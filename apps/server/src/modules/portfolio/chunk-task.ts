// Runs in a worker thread of the pool (ADR 0045, 0077): optimises one chunk of the portfolio's sites. Pure: no
// database, no Fastify. Each site's year of days arrives packed as the database keeps it (the kWh's float8 bytes in
// base64, NaN for a missing day, and one letter per day for its quality): the structured clone stays small and the
// event loop decodes nothing (ADR 0092 addendum).
import {
  addDays,
  type JourConsommation,
  optimiserCja,
  type ParameterOverlay,
  TariffDomainError,
} from '@pilote/tariffs';

export interface ChunkSite {
  siteId: string;
  tso: string;
  ntr: number;
  raccordement: 'distribution' | 'transport';
  tarif: 'T1' | 'T2' | 'T3' | 'T4' | 'TP';
  /** Current CJA, MWh/j; null: the optimiser's default (the year's max rounded up). */
  cjaActuelle: number | null;
  /** First day of the packed days (YYYY-MM-DD); the days follow each other. */
  first: string;
  /** The days' kWh as `float8send` bytes (8 per value, big-endian) in base64 (line breaks allowed). */
  kwh: string;
  /** 'm' mesure, 'e' estime, 'x' manquant — one letter per day. */
  quality: string;
}

export interface ChunkInput {
  dateEffet: string;
  overlay: ParameterOverlay | null;
  sites: ChunkSite[];
}

export type ChunkOutcome =
  | {
      siteId: string;
      cjaActuelle: number;
      cjaOptimisee: number;
      coutAvant: number;
      coutApres: number;
      economie: number;
      message: null;
    }
  | { siteId: string; message: string };

const QUALITY = { m: 'mesure', e: 'estime', x: 'manquant' } as const;

/** base64 of `float8send` bytes (8 per value, big-endian) → the values; whitespace in the text is ignored. */
export function unpackKwh(base64: string): Float64Array {
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(Math.floor(bytes.byteLength / 8));
  for (let i = 0; i < out.length; i += 1) {
    out[i] = view.getFloat64(i * 8, false);
  }
  return out;
}

export function optimiseChunk(input: ChunkInput): ChunkOutcome[] {
  const out: ChunkOutcome[] = [];
  for (const site of input.sites) {
    const kwh = unpackKwh(site.kwh);
    const jours: JourConsommation[] = new Array(kwh.length);
    let date = site.first;
    for (let d = 0; d < kwh.length; d += 1) {
      const v = kwh[d] as number;
      const q = QUALITY[(site.quality[d] ?? 'x') as keyof typeof QUALITY] ?? 'manquant';
      jours[d] = { date, mwh: Number.isNaN(v) ? null : v / 1000, qualite: q };
      date = addDays(date, 1);
    }
    try {
      const r = optimiserCja({
        raccordement: site.raccordement,
        tarif: site.tarif,
        tso: site.tso,
        ntr: site.ntr,
        dateEffet: input.dateEffet,
        serie: { origine: 'mesures', jours },
        ...(input.overlay ? { overlay: input.overlay } : {}),
        ...(site.cjaActuelle === null ? {} : { cjaActuelle: site.cjaActuelle }),
      });
      out.push({
        siteId: site.siteId,
        cjaActuelle: r.cjaActuelle,
        cjaOptimisee: r.cjaOptimisee,
        coutAvant: r.couts.avant.total_annuel,
        coutApres: r.couts.apres.total_annuel,
        economie: r.economieAnnuelle,
        message: null,
      });
    } catch (error) {
      if (!(error instanceof TariffDomainError)) {
        throw error;
      }
      out.push({ siteId: site.siteId, message: error.message });
    }
  }
  return out;
}
