/**
 * Portfolio optimisation split over worker threads (issue 10 §6). `packages/tariffs` stays pure and
 * single-threaded; the parallel runner lives here, outside the domain. Sites travel packed in typed arrays
 * (transferred, not copied): a structured clone of 10 000 × 365 day objects would cost more than the solve.
 */
import { Worker } from 'node:worker_threads';
import type { JourConsommation, OptimisationResult, QualiteJour, Tso } from '@pilote/tariffs';

export interface PortfolioSite {
  readonly tso: Tso;
  readonly ntr: number;
  readonly jours: readonly JourConsommation[];
  readonly cjaActuelle: number;
  readonly monthly: boolean;
}

/** A batch of sites sharing the same days (one year), packed in transferable typed arrays. */
export interface PackedBatch {
  readonly id: number;
  readonly dateEffet: string;
  readonly dates: readonly string[];
  /** sites × days, row-major; NaN for a null value. */
  readonly mwh: Float64Array;
  /** sites × days: index in QUALITES. */
  readonly qualite: Uint8Array;
  /** Per site: TSO index in TSOS, NTR, current CJA, monthly mode (0/1). */
  readonly meta: Float64Array;
}

/** Per site of a batch: optimised CJA and yearly saving (€, rounded as in the response). */
export interface BatchResult {
  readonly id: number;
  readonly cja: Float64Array;
  readonly economie: Float64Array;
}

const QUALITES: readonly QualiteJour[] = ['mesure', 'estime', 'manquant'];
const TSOS: readonly Tso[] = ['NaTran', 'Teréga'];
const META = 4;

export function packBatch(id: number, dateEffet: string, sites: readonly PortfolioSite[]): PackedBatch {
  const first = sites[0];
  const dates = first ? first.jours.map((j) => j.date) : [];
  const days = dates.length;
  const mwh = new Float64Array(sites.length * days);
  const qualite = new Uint8Array(sites.length * days);
  const meta = new Float64Array(sites.length * META);
  for (let s = 0; s < sites.length; s += 1) {
    const site = sites[s] as PortfolioSite;
    if (site.jours.length !== days) {
      throw new Error('packBatch : les sites d’un lot doivent avoir les mêmes jours.');
    }
    const row = s * days;
    for (let d = 0; d < days; d += 1) {
      const j = site.jours[d] as JourConsommation;
      if (j.date !== dates[d]) {
        throw new Error('packBatch : les sites d’un lot doivent avoir les mêmes jours.');
      }
      mwh[row + d] = j.mwh ?? Number.NaN;
      qualite[row + d] = j.qualite === 'mesure' ? 0 : j.qualite === 'estime' ? 1 : 2;
    }
    const m = s * META;
    meta[m] = TSOS.indexOf(site.tso);
    meta[m + 1] = site.ntr;
    meta[m + 2] = site.cjaActuelle;
    meta[m + 3] = site.monthly ? 1 : 0;
  }
  return { id, dateEffet, dates, mwh, qualite, meta };
}

type Optimiser = (input: Parameters<typeof import('@pilote/tariffs').optimiserCja>[0]) => OptimisationResult;

/** Optimises every site of a packed batch (in a worker, or in the main thread for comparison). */
export function optimiseBatch(optimiserCja: Optimiser, batch: PackedBatch): BatchResult {
  const days = batch.dates.length;
  const sites = batch.meta.length / META;
  const cja = new Float64Array(sites);
  const economie = new Float64Array(sites);
  // One array of day objects per batch, refilled for each site: optimiserCja keeps no reference to its input's days
  // (the series it echoes is a copy), so 365 allocations per site are saved.
  const jours: { date: string; mwh: number | null; qualite: QualiteJour }[] = batch.dates.map((date) => ({
    date,
    mwh: null,
    qualite: 'manquant',
  }));
  for (let s = 0; s < sites; s += 1) {
    for (let d = 0; d < days; d += 1) {
      const v = batch.mwh[s * days + d] as number;
      const jour = jours[d] as (typeof jours)[number];
      jour.mwh = Number.isNaN(v) ? null : v;
      jour.qualite = QUALITES[batch.qualite[s * days + d] as number] as QualiteJour;
    }
    const m = s * META;
    const r = optimiserCja({
      tarif: 'T4',
      tso: TSOS[batch.meta[m] as number] as Tso,
      ntr: batch.meta[m + 1] as number,
      dateEffet: batch.dateEffet,
      serie: { jours, origine: 'mesures' },
      cjaActuelle: batch.meta[m + 2] as number,
      ...(batch.meta[m + 3] === 1 ? { capacitesMensuelles: new Array(12).fill(0) } : {}),
    });
    cja[s] = r.cjaOptimisee;
    economie[s] = r.economieAnnuelle;
  }
  return { id: batch.id, cja, economie };
}

/** A pool of worker threads running {@link optimiseBatch}; batches are handed out as workers free up. */
export class PortfolioPool {
  private readonly workers: Worker[];

  constructor(size: number) {
    this.workers = Array.from({ length: size }, () => new Worker(new URL('./portfolio-worker.mjs', import.meta.url)));
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Runs `count` batches, made on demand by `make(i)` (so that packing overlaps the solves instead of preceding
   * them); results in batch order. Each worker has two batches in flight: when it finishes one, the next is
   * already in its queue, so it never waits for the main thread to pack and post (ADR 0039). The batches' buffers
   * are transferred (unusable afterwards).
   */
  run(count: number, make: (index: number) => PackedBatch): Promise<BatchResult[]> {
    const results: BatchResult[] = new Array(count);
    let next = 0;
    return Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const feed = () => {
              if (next >= count) {
                if (inFlight === 0) {
                  worker.off('message', onMessage);
                  worker.off('error', reject);
                  resolve();
                }
                return;
              }
              inFlight += 1;
              const batch = make(next);
              next += 1;
              worker.postMessage(batch, [
                batch.mwh.buffer as ArrayBuffer,
                batch.qualite.buffer as ArrayBuffer,
                batch.meta.buffer as ArrayBuffer,
              ]);
            };
            const onMessage = (reply: BatchResult) => {
              results[reply.id] = reply;
              inFlight -= 1;
              feed();
            };
            worker.on('message', onMessage);
            worker.on('error', reject);
            feed();
            feed();
          }),
      ),
    ).then(() => results);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
