import { describe, expect, it } from 'vitest';
import { formatCja, formatCurrency, formatNumber, formatPercent } from '../../../lib/format.ts';
import { sampleOptimisationResponse } from '../testing/sample-response.ts';
import {
  chartInputOf,
  chartLegend,
  chartSize,
  dayTicks,
  dayToSeconds,
  dropTrailingZero,
  evenTicks,
  isolatedIndices,
  isZoomed,
  monthlySummary,
  nearestIndex,
  prepareChartData,
  zoomRangeFromSelection,
} from './chart-data.ts';

describe('chart data', () => {
  it('drops the last point when it is 0, and only then', () => {
    const days = [
      { date: '2025-01-01', mwh: 3 },
      { date: '2025-01-02', mwh: 0 },
    ];
    expect(dropTrailingZero(days)).toEqual({ days: [days[0]], dropped: true });
    expect(dropTrailingZero(days.slice(0, 1))).toEqual({ days: [days[0]], dropped: false });
    expect(dropTrailingZero([])).toEqual({ days: [], dropped: false });
    // A zero inside the series stays.
    expect(dropTrailingZero([...days, { date: '2025-01-03', mwh: 1 }]).days).toHaveLength(3);
  });

  it('splits days by quality: measured line, estimated line joined to its neighbours, missing days at 0', () => {
    const data = prepareChartData({
      consoJournaliere: [
        { date: '2025-01-01', mwh: 10, qualite: 'mesure' },
        { date: '2025-01-02', mwh: 12, qualite: 'estime' },
        { date: '2025-01-03', mwh: 0, qualite: 'manquant' },
        { date: '2025-01-04', mwh: 9, qualite: 'mesure' },
        { date: '2025-01-05', mwh: 0, qualite: 'mesure' },
      ],
      cjaOptimisee: 11,
      cjaActuelle: 13,
      capacitesMensuelles: null,
    });
    expect(data.lastZeroDropped).toBe(true);
    expect(data.dates).toEqual(['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04']);
    expect(data.x[0]).toBe(Date.UTC(2025, 0, 1) / 1000);
    expect((data.x[1] ?? 0) - (data.x[0] ?? 0)).toBe(86_400);
    expect(data.consommation).toEqual([10, 12, null, 9]);
    expect(data.mesures).toEqual([10, null, null, 9]);
    // The estimated stretch starts from the measured day before it (the day after it is missing).
    expect(data.estimes).toEqual([10, 12, null, null]);
    expect(data.manquants).toEqual([null, null, 0, null]);
    expect(data.counts).toEqual({ mesure: 2, estime: 1, manquant: 1 });
    expect(data.cjaOptimisee).toEqual([11, 11, 11, 11]);
    expect(data.cjaActuelle).toEqual([13, 13, 13, 13]);
    expect(data.capaciteOptimisee).toBeNull();
  });

  it('monthly mode: each day carries its month capacity (CJA + M{n}), drawn as steps', () => {
    const optimisees = Array.from({ length: 12 }, (_, i) => (i === 1 ? 5 : 0));
    const actuelles = Array.from({ length: 12 }, () => 2);
    const data = prepareChartData({
      consoJournaliere: [
        { date: '2025-01-31', mwh: 10, qualite: 'mesure' },
        { date: '2025-02-01', mwh: 14, qualite: 'mesure' },
      ],
      cjaOptimisee: 11,
      cjaActuelle: 13,
      capacitesMensuelles: { actuelles, optimisees },
    });
    expect(data.capaciteOptimisee).toEqual([11, 16]);
    expect(data.capaciteActuelle).toEqual([15, 15]);
  });

  it('reads a whole answer', () => {
    const data = prepareChartData(chartInputOf(sampleOptimisationResponse()));
    expect(data.dates).toHaveLength(4);
    expect(data.cjaOptimisee[0]).toBe(95);
    expect(monthlySummary(data)).toEqual([
      {
        mois: '2025-01',
        totalMwh: 180,
        maxMwh: 100,
        joursAuDessusCjaOptimisee: 1,
        jours: { mesure: 1, estime: 1, manquant: 1 },
      },
      {
        mois: '2025-02',
        totalMwh: 50,
        maxMwh: 50,
        joursAuDessusCjaOptimisee: 0,
        jours: { mesure: 1, estime: 0, manquant: 0 },
      },
    ]);
  });

  it('ignores unreadable dates', () => {
    expect(dayToSeconds('nope')).toBeNaN();
    const data = prepareChartData({
      consoJournaliere: [{ date: 'x', mwh: 1, qualite: 'mesure' }],
      cjaOptimisee: 1,
      cjaActuelle: 1,
      capacitesMensuelles: null,
    });
    expect(data.x).toEqual([]);
  });
});

describe('chart size and ticks (spec §9)', () => {
  it('1320×480 at desktop width, the same ratio below, at least 260 px high', () => {
    expect(chartSize(1600)).toEqual({ width: 1320, height: 480 });
    expect(chartSize(1320)).toEqual({ width: 1320, height: 480 });
    expect(chartSize(990)).toEqual({ width: 990, height: 360 });
    expect(chartSize(328)).toEqual({ width: 328, height: 260 });
  });

  it('the value axis ends on a round value so that its 6 ticks are round', async () => {
    const { niceAxisMax } = await import('./chart-data.ts');
    expect(niceAxisMax(128)).toBe(150);
    expect(evenTicks(0, niceAxisMax(128))).toEqual([0, 30, 60, 90, 120, 150]);
    expect(niceAxisMax(9.5)).toBe(10);
    expect(niceAxisMax(100)).toBe(125);
    expect(niceAxisMax(0)).toBe(1);
    expect(niceAxisMax(Number.NaN)).toBe(1);
  });

  it('6 evenly spaced ticks, both ends included', () => {
    expect(evenTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(evenTicks(5, 5)).toEqual([5]);
    expect(evenTicks(0, Number.NaN)).toEqual([]);
    const start = Date.UTC(2025, 0, 1) / 1000;
    const ticks = dayTicks(start, start + 364 * 86_400);
    expect(ticks).toHaveLength(6);
    expect(ticks.every((t) => t % 86_400 === 0)).toBe(true);
    expect(dayTicks(start, start + 2 * 86_400)).toEqual([start, start + 86_400, start + 2 * 86_400]);
  });
});

describe('zoom (spec §4: drags under 5 px are ignored)', () => {
  const toValue = (px: number) => px * 10;

  it('ignores drags narrower than 5 px', () => {
    expect(zoomRangeFromSelection({ left: 100, width: 0 }, toValue)).toBeNull();
    expect(zoomRangeFromSelection({ left: 100, width: 4.9 }, toValue)).toBeNull();
    expect(zoomRangeFromSelection({ left: 100, width: Number.NaN }, toValue)).toBeNull();
  });

  it('zooms to the dragged range from 5 px', () => {
    expect(zoomRangeFromSelection({ left: 100, width: 5 }, toValue)).toEqual({ min: 1000, max: 1050 });
    expect(zoomRangeFromSelection({ left: 10, width: 200 }, (px) => -px)).toEqual({ min: -210, max: -10 });
  });

  it('knows when the view is zoomed, and finds the nearest day', () => {
    const x = [0, 86_400, 172_800];
    expect(isZoomed({ min: 0, max: 172_800 }, x)).toBe(false);
    expect(isZoomed({ min: 86_400, max: 172_800 }, x)).toBe(true);
    expect(isZoomed({ min: 0, max: 1 }, [])).toBe(false);
    expect(nearestIndex(x, 100_000)).toBe(1);
    expect(nearestIndex(x, 150_000)).toBe(2);
    expect(nearestIndex(x, -5)).toBe(0);
    expect(nearestIndex(x, 1e9)).toBe(2);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});

describe('French formats used by the results (spec §9)', () => {
  it('CJA 0 decimals, % 1 decimal, € 2 decimals', () => {
    const nbsp = /[\u00a0\u202f]/g;
    expect(formatCja(1234.6).replace(nbsp, ' ')).toBe('1 235');
    expect(formatPercent(12.34).replace(nbsp, ' ')).toBe('12,3 %');
    expect(formatCurrency(4321.5).replace(nbsp, ' ')).toBe('4 321,50 €');
    expect(formatNumber(12.345, 2)).toBe('12,35');
  });
});

describe('what the chart draws and its legend (issue 11: an estimated year was orange dots under a blue legend)', () => {
  const year = (qualite: (i: number) => 'mesure' | 'estime' | 'manquant', n = 10) =>
    prepareChartData({
      consoJournaliere: Array.from({ length: n }, (_, i) => ({
        date: `2025-01-${String(i + 1).padStart(2, '0')}`,
        mwh: 10 + i,
        qualite: qualite(i),
      })),
      cjaOptimisee: 20,
      cjaActuelle: 22,
      capacitesMensuelles: null,
    });

  it('an estimated year: one estimated line, no measured line, and a legend without the measured line', () => {
    const data = year(() => 'estime');
    expect(data.mesures.every((v) => v === null)).toBe(true);
    expect(data.estimes).toEqual(data.consommation);
    expect(isolatedIndices(data.estimes)).toEqual([]);
    expect(chartLegend(data)).toEqual([
      { key: 'estime', label: 'Consommation estimée (10 jours)', kind: 'dash' },
      { key: 'cjaOptimisee', label: 'CJA optimisée', kind: 'line' },
      { key: 'cjaActuelle', label: 'CJA actuelle', kind: 'dash' },
    ]);
  });

  it('a run of estimated days joins the measured days on both sides; the measured line has a gap there', () => {
    const data = year((i) => (i >= 3 && i <= 5 ? 'estime' : 'mesure'));
    expect(data.mesures).toEqual([10, 11, 12, null, null, null, 16, 17, 18, 19]);
    expect(data.estimes).toEqual([null, null, 12, 13, 14, 15, 16, null, null, null]);
    expect(chartLegend(data).map((item) => item.label)).toEqual([
      'Consommation mesurée',
      'Consommation estimée (3 jours)',
      'CJA optimisée',
      'CJA actuelle',
    ]);
  });

  it('a measured year has no estimated entry; missing days are rings; one day is « 1 jour »', () => {
    expect(chartLegend(year(() => 'mesure')).map((item) => item.key)).toEqual([
      'mesure',
      'cjaOptimisee',
      'cjaActuelle',
    ]);
    const data = year((i) => (i === 4 ? 'estime' : i === 7 ? 'manquant' : 'mesure'));
    expect(chartLegend(data)).toContainEqual({ key: 'estime', label: 'Consommation estimée (1 jour)', kind: 'dash' });
    expect(chartLegend(data)).toContainEqual({ key: 'manquant', label: 'Jour manquant (1)', kind: 'ring' });
  });

  it('a day with no known neighbour gets a dot (a line would not show it)', () => {
    expect(isolatedIndices([null, 5, null, 6, 7, null, 8])).toEqual([1, 6]);
    // An estimated day between two missing days.
    const data = year((i) => (i === 4 ? 'estime' : i === 3 || i === 5 ? 'manquant' : 'mesure'));
    expect(isolatedIndices(data.estimes)).toEqual([4]);
  });
});
