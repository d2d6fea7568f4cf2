/**
 * What the daily chart draws (spec §4 "Chart", §9: 1320×480, zoom threshold 5 px, 6 axis ticks). Pure functions,
 * unit-tested; `components/daily-chart.tsx` hands their output to uPlot.
 */
import type { OptimisationResponse } from '@pilote/contracts';

export const CHART_WIDTH = 1320;
export const CHART_HEIGHT = 480;
export const CHART_MIN_HEIGHT = 260;
export const ZOOM_THRESHOLD_PX = 5;
export const AXIS_TICKS = 6;
const DAY_SECONDS = 86_400;

export type DayQuality = 'mesure' | 'estime' | 'manquant';
export type DailyPoint = { date: string; mwh: number; qualite: DayQuality };

export type ChartSeriesInput = {
  consoJournaliere: readonly DailyPoint[];
  cjaOptimisee: number;
  cjaActuelle: number;
  /** M1…M12 on top of the CJA (monthly mode), else null. */
  capacitesMensuelles: { actuelles: readonly number[]; optimisees: readonly number[] } | null;
};

export type ChartData = {
  /** x: seconds since the epoch at 00:00 UTC of each day (uPlot's unit; the axis is drawn in UTC). */
  x: number[];
  dates: string[];
  qualites: DayQuality[];
  /** Every known day's consumption (measured and estimated), null for missing days: hover readout and summary. */
  consommation: (number | null)[];
  /** The measured line: measured days only (null, a gap, elsewhere). */
  mesures: (number | null)[];
  /**
   * The estimated line, drawn in its own colour and dash: estimated days plus the known day on each side of a run
   * of them, so that the estimated stretch joins the measured line (null elsewhere).
   */
  estimes: (number | null)[];
  /** Markers of missing days, drawn at 0 (null elsewhere). */
  manquants: (number | null)[];
  cjaOptimisee: number[];
  cjaActuelle: number[];
  /** Monthly mode: the capacity of each day's month (CJA + monthly capacity), drawn as steps; else null. */
  capaciteOptimisee: number[] | null;
  capaciteActuelle: number[] | null;
  counts: Record<DayQuality, number>;
  /** True when the series' last day was 0 and was left out (spec §4). */
  lastZeroDropped: boolean;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2025-03-01" → seconds at 00:00 UTC that day (NaN when unreadable). */
export function dayToSeconds(date: string): number {
  const match = ISO_DAY.exec(date);
  if (!match) {
    return Number.NaN;
  }
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

function monthIndex(date: string): number {
  return Number(date.slice(5, 7)) - 1;
}

/** Spec §4: the last point is dropped if its value is 0 (a day not yet read at export time). */
export function dropTrailingZero<T extends { mwh: number }>(days: readonly T[]): { days: T[]; dropped: boolean } {
  const last = days[days.length - 1];
  if (last !== undefined && last.mwh === 0) {
    return { days: days.slice(0, -1), dropped: true };
  }
  return { days: [...days], dropped: false };
}

export function prepareChartData(input: ChartSeriesInput): ChartData {
  const { days, dropped } = dropTrailingZero(input.consoJournaliere);
  const monthly = input.capacitesMensuelles;
  const counts: Record<DayQuality, number> = { mesure: 0, estime: 0, manquant: 0 };
  const data: ChartData = {
    x: [],
    dates: [],
    qualites: [],
    consommation: [],
    mesures: [],
    estimes: [],
    manquants: [],
    cjaOptimisee: [],
    cjaActuelle: [],
    capaciteOptimisee: monthly ? [] : null,
    capaciteActuelle: monthly ? [] : null,
    counts,
    lastZeroDropped: dropped,
  };
  for (const day of days) {
    const x = dayToSeconds(day.date);
    if (Number.isNaN(x)) {
      continue;
    }
    counts[day.qualite] += 1;
    data.x.push(x);
    data.dates.push(day.date);
    data.qualites.push(day.qualite);
    data.consommation.push(day.qualite === 'manquant' ? null : day.mwh);
    data.mesures.push(day.qualite === 'mesure' ? day.mwh : null);
    data.estimes.push(day.qualite === 'estime' ? day.mwh : null);
    data.manquants.push(day.qualite === 'manquant' ? 0 : null);
    data.cjaOptimisee.push(input.cjaOptimisee);
    data.cjaActuelle.push(input.cjaActuelle);
    if (monthly && data.capaciteOptimisee && data.capaciteActuelle) {
      const m = monthIndex(day.date);
      data.capaciteOptimisee.push(input.cjaOptimisee + (monthly.optimisees[m] ?? 0));
      data.capaciteActuelle.push(input.cjaActuelle + (monthly.actuelles[m] ?? 0));
    }
  }
  // Join each run of estimated days to the known (measured) day on either side.
  data.qualites.forEach((qualite, i) => {
    if (qualite !== 'estime') {
      return;
    }
    for (const j of [i - 1, i + 1]) {
      if (data.qualites[j] === 'mesure') {
        data.estimes[j] = data.consommation[j] ?? null;
      }
    }
  });
  return data;
}

/** Indices of values with no known neighbour: a line has no segment there, so the chart marks them with a dot. */
export function isolatedIndices(values: readonly (number | null)[]): number[] {
  const out: number[] = [];
  values.forEach((value, i) => {
    if (value !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null) {
      out.push(i);
    }
  });
  return out;
}

/** How a legend sample (and its series) is drawn. */
export type LegendKind = 'line' | 'dash' | 'dot' | 'ring';
export type LegendKey =
  | 'mesure'
  | 'estime'
  | 'manquant'
  | 'cjaOptimisee'
  | 'cjaActuelle'
  | 'capaciteOptimisee'
  | 'capaciteActuelle';
export type LegendItem = { key: LegendKey; label: string; kind: LegendKind };

const days = (n: number) => `${n} jour${n > 1 ? 's' : ''}`;

/**
 * The legend: exactly the series the chart draws, each with the stroke it is drawn with (the chart builds its uPlot
 * series from the same kinds). A series with no day to draw (no measured day in an estimated year) is left out.
 */
export function chartLegend(data: Pick<ChartData, 'counts' | 'capaciteOptimisee'>): LegendItem[] {
  const items: LegendItem[] = [];
  if (data.counts.mesure > 0) {
    items.push({ key: 'mesure', label: 'Consommation mesurée', kind: 'line' });
  }
  if (data.counts.estime > 0) {
    items.push({ key: 'estime', label: `Consommation estimée (${days(data.counts.estime)})`, kind: 'dash' });
  }
  items.push(
    { key: 'cjaOptimisee', label: 'CJA optimisée', kind: 'line' },
    { key: 'cjaActuelle', label: 'CJA actuelle', kind: 'dash' },
  );
  if (data.capaciteOptimisee !== null) {
    items.push(
      { key: 'capaciteOptimisee', label: 'Capacité optimisée du mois', kind: 'dash' },
      { key: 'capaciteActuelle', label: 'Capacité actuelle du mois', kind: 'dash' },
    );
  }
  if (data.counts.manquant > 0) {
    items.push({ key: 'manquant', label: `Jour manquant (${data.counts.manquant})`, kind: 'ring' });
  }
  return items;
}

export function chartInputOf(result: OptimisationResponse): ChartSeriesInput {
  return {
    consoJournaliere: result.series.consoJournaliere,
    cjaOptimisee: result.cjaOptimisee,
    cjaActuelle: result.cjaActuelle,
    capacitesMensuelles: result.capacitesMensuelles,
  };
}

// ---- size, ticks, zoom ----------------------------------------------------------------------------------

/** 1320×480 when the container allows it; narrower containers keep the ratio, never below 260 px high. */
export function chartSize(containerWidth: number): { width: number; height: number } {
  const width = Math.max(0, Math.floor(Math.min(CHART_WIDTH, containerWidth)));
  if (width >= CHART_WIDTH) {
    return { width: CHART_WIDTH, height: CHART_HEIGHT };
  }
  return { width, height: Math.max(CHART_MIN_HEIGHT, Math.round((width * CHART_HEIGHT) / CHART_WIDTH)) };
}

/** `count` evenly spaced values from min to max, both included (6 axis ticks, spec §9). */
export function evenTicks(min: number, max: number, count = AXIS_TICKS): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || count < 2) {
    return [];
  }
  if (max <= min) {
    return [min];
  }
  const step = (max - min) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? max : min + step * i));
}

/**
 * The top of the value axis: the smallest "round" value ≥ 5 % above the data maximum such that the 6 evenly spaced
 * ticks are round too (steps of 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ): 128 → 150 (0, 30, 60, 90, 120, 150).
 */
export function niceAxisMax(max: number, count = AXIS_TICKS): number {
  if (!Number.isFinite(max) || max <= 0) {
    return 1;
  }
  const raw = (max * 1.05) / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step =
    [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw) ??
    10 * magnitude;
  return step * (count - 1);
}

/** Day ticks: `evenTicks` rounded to whole days (00:00 UTC), duplicates removed. */
export function dayTicks(min: number, max: number, count = AXIS_TICKS): number[] {
  const ticks = evenTicks(min, max, count).map((t) => Math.round(t / DAY_SECONDS) * DAY_SECONDS);
  return ticks.filter((t, i) => i === 0 || t !== ticks[i - 1]);
}

/**
 * A drag selection → the x range to zoom to, or null when the drag is narrower than the threshold (a click or a
 * slip of the mouse: ignored, spec §4). `toValue` converts a pixel offset in the plot to an x value.
 */
export function zoomRangeFromSelection(
  selection: { left: number; width: number },
  toValue: (px: number) => number,
  threshold = ZOOM_THRESHOLD_PX,
): { min: number; max: number } | null {
  if (!(selection.width >= threshold)) {
    return null;
  }
  const a = toValue(selection.left);
  const b = toValue(selection.left + selection.width);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) {
    return null;
  }
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

/** True when the visible x range is narrower than the whole series. */
export function isZoomed(visible: { min: number; max: number }, x: readonly number[]): boolean {
  const first = x[0];
  const last = x[x.length - 1];
  if (first === undefined || last === undefined) {
    return false;
  }
  return visible.min > first + 1 || visible.max < last - 1;
}

/** The index of the day nearest to `value` (x seconds) — for the hover readout and the visible range. */
export function nearestIndex(x: readonly number[], value: number): number {
  if (x.length === 0) {
    return -1;
  }
  let lo = 0;
  let hi = x.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((x[mid] as number) < value) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  const prev = lo - 1;
  if (prev >= 0 && Math.abs((x[prev] as number) - value) <= Math.abs((x[lo] as number) - value)) {
    return prev;
  }
  return lo;
}

// ---- text alternative -----------------------------------------------------------------------------------

export type MonthSummary = {
  /** YYYY-MM */
  mois: string;
  totalMwh: number;
  maxMwh: number | null;
  /** Days above the optimised capacity of that month. */
  joursAuDessusCjaOptimisee: number;
  jours: Record<DayQuality, number>;
};

/** One row per month: the table read by screen readers in place of the chart. */
export function monthlySummary(data: ChartData): MonthSummary[] {
  const months = new Map<string, MonthSummary>();
  data.dates.forEach((date, i) => {
    const key = date.slice(0, 7);
    let row = months.get(key);
    if (!row) {
      row = {
        mois: key,
        totalMwh: 0,
        maxMwh: null,
        joursAuDessusCjaOptimisee: 0,
        jours: { mesure: 0, estime: 0, manquant: 0 },
      };
      months.set(key, row);
    }
    const qualite = data.qualites[i] as DayQuality;
    row.jours[qualite] += 1;
    const value = data.consommation[i];
    if (value !== null && value !== undefined) {
      row.totalMwh += value;
      row.maxMwh = row.maxMwh === null ? value : Math.max(row.maxMwh, value);
      const capacity = data.capaciteOptimisee?.[i] ?? data.cjaOptimisee[i] ?? 0;
      if (value > capacity) {
        row.joursAuDessusCjaOptimisee += 1;
      }
    }
  });
  return [...months.values()];
}
