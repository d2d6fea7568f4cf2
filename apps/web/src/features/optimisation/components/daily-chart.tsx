/**
 * The interactive daily consumption chart (spec §2.9, §4 "Chart", §9), drawn with uPlot on a canvas. Loaded in its
 * own chunk (`lazy` in `daily-chart-section.tsx`) with uPlot's stylesheet, so nothing of it reaches other pages.
 *
 * Drag to zoom on a range (under 5 px: ignored), double-click or 'Réinitialiser' to see the whole year, hover for the
 * date and the MWh. CJA lines (optimised, current; monthly capacities as steps) are drawn over the series. Measured
 * days are a solid line, estimated days a dashed line of their own colour (a whole estimated year is one dashed
 * line), missing days rings at 0; the legend lists exactly what is drawn, with the same strokes (`chartLegend`).
 * The text alternative is the summary under the chart and a month-by-month table for screen readers.
 */
import 'uplot/dist/uPlot.min.css';
import { RotateCcw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import uPlot from 'uplot';
import { Button } from '../../../components/ui/button.tsx';
import { formatCja, formatCount, formatDate, formatNumber } from '../../../lib/format.ts';
import {
  type ChartData,
  chartLegend,
  chartSize,
  dayTicks,
  evenTicks,
  isolatedIndices,
  isZoomed,
  type MonthSummary,
  monthlySummary,
  nearestIndex,
  niceAxisMax,
  zoomRangeFromSelection,
} from '../utils/chart-data.ts';
import { monthLabel } from '../utils/optimisation-form.ts';
import { ChartLegend, DASHES, palettes } from './chart-legend.tsx';

function subscribeToThemeClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** The theme in use (`html.dark`, set by the theme provider). */
function useDarkMode(): boolean {
  return useSyncExternalStore(
    subscribeToThemeClass,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
}

const tickDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tickDateWithYear = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});
/** Narrow charts: "01/07" or "07/24" so that six labels fit in 300 px. */
const tickDayMonth = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const tickMonthYear = new Intl.DateTimeFormat('fr-FR', { month: '2-digit', year: '2-digit', timeZone: 'UTC' });
const NARROW_CHART_PX = 640;
const AXIS_FONT = '11px system-ui, sans-serif';

/** The date format of the x axis for a chart `width` px wide whose data span `first`…`last` (seconds). */
function tickFormat(width: number, first: number, last: number): Intl.DateTimeFormat {
  const spansYears = new Date(first * 1000).getUTCFullYear() !== new Date(last * 1000).getUTCFullYear();
  if (width < NARROW_CHART_PX) {
    return spansYears ? tickMonthYear : tickDayMonth;
  }
  return spansYears ? tickDateWithYear : tickDate;
}

let measureContext: CanvasRenderingContext2D | null | undefined;

/**
 * Room on the right of the plot for the last date label, centred on the last day: half the widest label the axis
 * can show (the 28th of each month in the chart's format), plus a margin. The label never reaches the edge.
 */
function rightPadding(width: number, first: number, last: number): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  const format = tickFormat(width, first, last);
  const year = new Date(last * 1000).getUTCFullYear();
  let widest = 0;
  for (let month = 0; month < 12; month += 1) {
    const text = format.format(new Date(Date.UTC(year, month, 28)));
    if (measureContext) {
      measureContext.font = AXIS_FONT;
      widest = Math.max(widest, measureContext.measureText(text).width);
    } else {
      widest = Math.max(widest, text.length * 7); // no canvas: ~7 px per 11 px character
    }
  }
  return Math.ceil(widest / 2) + 8;
}

type Hover = { index: number; left: number; top: number };

export type DailyChartProps = {
  data: ChartData;
  cjaOptimisee: number;
  cjaActuelle: number;
  /** A title for the figure (visible heading is the section's). */
  labelledBy: string;
};

export function DailyChart({ data, cjaOptimisee, cjaActuelle, labelledBy }: DailyChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const zoomRef = useRef<{ min: number; max: number } | null>(null);
  const [width, setWidth] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [visible, setVisible] = useState<{ from: number; to: number } | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const dark = useDarkMode();
  const summaryId = useId();
  const months = useMemo(() => monthlySummary(data), [data]);
  const legend = useMemo(() => chartLegend(data), [data]);

  // Width of the container (responsive below 1320 px).
  useEffect(() => {
    const element = containerRef.current;
    if (!element) {
      return;
    }
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) {
        setWidth(entry.contentRect.width);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const ready = width > 0;

  // (Re)build the chart when the data or the theme changes; the zoom survives a theme change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: width is applied by the effect below (setSize)
  useEffect(() => {
    const target = plotRef.current;
    if (!target || !ready || data.x.length === 0) {
      return;
    }
    const palette = palettes[dark ? 'dark' : 'light'];
    const size = chartSize(containerRef.current?.clientWidth ?? width);
    const first = data.x[0] as number;
    const last = data.x[data.x.length - 1] as number;
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const noLine = () => null;

    const series: uPlot.Series[] = [
      {},
      {
        label: 'Consommation mesurée',
        stroke: palette.conso,
        width: 1.5,
        spanGaps: false,
        // A lone day between gaps has no segment to show it: a dot does.
        points: { show: true, size: 4, fill: palette.conso, filter: isolatedIndices(data.mesures) },
      },
      {
        label: 'Consommation estimée',
        stroke: palette.estime,
        width: 2,
        dash: DASHES.estime,
        spanGaps: false,
        points: { show: true, size: 5, fill: palette.estime, filter: isolatedIndices(data.estimes) },
      },
      {
        label: 'Jours manquants',
        stroke: palette.manquant,
        paths: noLine,
        points: { show: true, size: 8, stroke: palette.manquant, fill: palette.background, width: 2 },
      },
      { label: 'CJA optimisée', stroke: palette.cjaOptimisee, width: 2, points: { show: false } },
      {
        label: 'CJA actuelle',
        stroke: palette.cjaActuelle,
        width: 2,
        dash: DASHES.cjaActuelle,
        points: { show: false },
      },
    ];
    const columns: uPlot.AlignedData = [
      data.x,
      data.mesures,
      data.estimes,
      data.manquants,
      data.cjaOptimisee,
      data.cjaActuelle,
    ];
    if (data.capaciteOptimisee && data.capaciteActuelle) {
      series.push(
        {
          label: 'Capacité optimisée du mois',
          stroke: palette.cjaOptimisee,
          width: 1.5,
          dash: DASHES.capaciteOptimisee,
          points: { show: false },
          ...(stepped ? { paths: stepped } : {}),
        },
        {
          label: 'Capacité actuelle du mois',
          stroke: palette.cjaActuelle,
          width: 1.5,
          dash: DASHES.capaciteActuelle,
          points: { show: false },
          ...(stepped ? { paths: stepped } : {}),
        },
      );
      columns.push(data.capaciteOptimisee, data.capaciteActuelle);
    }

    const axisFont = AXIS_FONT;
    const options: uPlot.Options = {
      ...size,
      series,
      legend: { show: false },
      // Room on the right for the last date label, measured (it is centred on the last day).
      padding: [12, (u) => rightPadding(u.width, first, last), 0, 0],
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: {
        x: { time: true },
        y: { range: (_u, _min, max) => [0, niceAxisMax(max)] },
      },
      axes: [
        {
          stroke: palette.axis,
          font: axisFont,
          grid: { stroke: palette.grid, width: 1 },
          ticks: { stroke: palette.grid, width: 1 },
          splits: (_u, _axis, min, max) => dayTicks(min, max),
          values: (u, splits) => {
            const format = tickFormat(u.width, splits[0] ?? first, splits[splits.length - 1] ?? last);
            return splits.map((s) => format.format(new Date(s * 1000)));
          },
        },
        {
          stroke: palette.axis,
          font: axisFont,
          size: (u) => (u.width < NARROW_CHART_PX ? 40 : 56),
          grid: { stroke: palette.grid, width: 1 },
          ticks: { stroke: palette.grid, width: 1 },
          splits: (_u, _axis, min, max) => evenTicks(min, max),
          values: (_u, splits) => splits.map((s) => formatNumber(s, s !== 0 && Math.abs(s) < 10 ? 1 : 0)),
        },
      ],
      cursor: {
        drag: { x: true, y: false, setScale: false },
        points: { show: false },
        // Double-click is handled below (reset to the whole series).
        bind: { dblclick: () => () => null },
      },
      hooks: {
        setSelect: [
          (u) => {
            const range = zoomRangeFromSelection(u.select, (px) => u.posToVal(px, 'x'));
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            if (range) {
              u.setScale('x', range);
            }
          },
        ],
        setScale: [
          (u, key) => {
            if (key !== 'x') {
              return;
            }
            const min = u.scales.x?.min ?? first;
            const max = u.scales.x?.max ?? last;
            const isZoomedNow = isZoomed({ min, max }, data.x);
            zoomRef.current = isZoomedNow ? { min, max } : null;
            setZoomed(isZoomedNow);
            setVisible({ from: Math.max(min, first), to: Math.min(max, last) });
          },
        ],
        setCursor: [
          (u) => {
            const { left, top } = u.cursor;
            if (left === undefined || top === undefined || left < 0 || top < 0) {
              setHover(null);
              return;
            }
            const index = nearestIndex(data.x, u.posToVal(left, 'x'));
            // Relative to the container: the plot area starts after the y axis.
            setHover(index < 0 ? null : { index, left: u.over.offsetLeft + left, top: u.over.offsetTop + top });
          },
        ],
      },
    };
    const chart = new uPlot(options, columns, target);
    chartRef.current = chart;
    const previousZoom = zoomRef.current;
    if (previousZoom) {
      chart.setScale('x', previousZoom);
    }
    const resetOnDoubleClick = () => chart.setScale('x', { min: first, max: last });
    chart.over.addEventListener('dblclick', resetOnDoubleClick);
    return () => {
      chart.over.removeEventListener('dblclick', resetOnDoubleClick);
      chart.destroy();
      chartRef.current = null;
    };
  }, [data, dark, ready]);

  useEffect(() => {
    if (chartRef.current && width > 0) {
      chartRef.current.setSize(chartSize(width));
    }
  }, [width]);

  function resetZoom() {
    const first = data.x[0];
    const last = data.x[data.x.length - 1];
    if (chartRef.current && first !== undefined && last !== undefined) {
      chartRef.current.setScale('x', { min: first, max: last });
    }
  }

  const palette = palettes[dark ? 'dark' : 'light'];
  const hovered = hover ? hover : null;
  const hoveredValue = hovered ? data.consommation[hovered.index] : null;
  const hoveredQuality = hovered ? data.qualites[hovered.index] : undefined;
  const TOOLTIP_WIDTH = 170;

  return (
    <figure aria-labelledby={labelledBy} className="flex flex-col gap-3" data-testid="daily-chart">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ChartLegend palette={palette} items={legend} />
        <Button variant="outline" size="sm" onClick={resetZoom} disabled={!zoomed}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Réinitialiser
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Glissez sur le graphique pour zoomer sur une période ; double-cliquez ou utilisez « Réinitialiser » pour revenir
        à l’année entière.
      </p>
      <p className="text-xs font-medium text-muted-foreground" aria-hidden="true">
        MWh/j
      </p>
      <div ref={containerRef} className="relative w-full max-w-[1320px]">
        <div
          ref={plotRef}
          role="img"
          aria-label="Graphique de la consommation journalière et des CJA"
          aria-describedby={summaryId}
          data-testid="daily-chart-plot"
          data-zoomed={zoomed ? 'true' : 'false'}
        />
        {hovered ? (
          <div
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 rounded-md border border-border-strong/40 bg-background px-3 py-2 text-xs shadow-md"
            style={{
              left:
                hovered.left + 12 + TOOLTIP_WIDTH > width
                  ? Math.max(0, hovered.left - 12 - TOOLTIP_WIDTH)
                  : hovered.left + 12,
              top: Math.max(0, hovered.top - 48),
              width: TOOLTIP_WIDTH,
            }}
          >
            <p className="font-semibold text-foreground">{formatDate(data.dates[hovered.index], 'long')}</p>
            <p className="tabular-nums text-foreground">
              {hoveredValue === null || hoveredValue === undefined
                ? 'Relevé manquant'
                : `${formatNumber(hoveredValue, 2)} MWh`}
              {hoveredQuality === 'estime' ? ' (estimé)' : ''}
            </p>
          </div>
        ) : null}
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground" data-testid="chart-range">
        {visible
          ? `Période affichée : du ${formatDate(new Date(visible.from * 1000).toISOString().slice(0, 10))} au ${formatDate(new Date(visible.to * 1000).toISOString().slice(0, 10))}${zoomed ? ' (zoom)' : ''}.`
          : null}
      </p>
      <figcaption id={summaryId} className="text-sm leading-6 text-muted-foreground">
        {describeSeries(data, cjaOptimisee, cjaActuelle, months)}
      </figcaption>
      <MonthTable months={months} />
    </figure>
  );
}

function describeSeries(data: ChartData, cjaOptimisee: number, cjaActuelle: number, months: MonthSummary[]): string {
  const n = data.dates.length;
  if (n === 0) {
    return 'Aucune consommation journalière à afficher.';
  }
  let maxIndex = -1;
  data.consommation.forEach((value, i) => {
    if (value !== null && (maxIndex < 0 || value > (data.consommation[maxIndex] ?? 0))) {
      maxIndex = i;
    }
  });
  const above = months.reduce((sum, m) => sum + m.joursAuDessusCjaOptimisee, 0);
  const { mesure, estime, manquant } = data.counts;
  const max =
    maxIndex >= 0
      ? ` Maximum : ${formatNumber(data.consommation[maxIndex] ?? 0, 2)} MWh le ${formatDate(data.dates[maxIndex], 'long')}.`
      : '';
  return (
    `Consommation journalière du ${formatDate(data.dates[0], 'long')} au ${formatDate(data.dates[n - 1], 'long')} : ` +
    `${formatCount(n, 'jour')} (${formatCount(mesure, 'mesuré')}, ${formatCount(estime, 'estimé')}, ${formatCount(manquant, 'manquant')}).${max} ` +
    `CJA optimisée ${formatCja(cjaOptimisee)} MWh/j, CJA actuelle ${formatCja(cjaActuelle)} MWh/j ; ` +
    `${formatCount(above, 'jour')} au-dessus de la capacité optimisée.` +
    (data.lastZeroDropped ? ' Le dernier jour, à 0, n’est pas affiché.' : '')
  );
}

function MonthTable({ months }: { months: MonthSummary[] }) {
  return (
    // The wrapper is what is visually hidden: a `sr-only` table still lays out its cells and widens the page.
    <div className="sr-only">
      <table>
        <caption>Consommation par mois (alternative textuelle du graphique)</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Total (MWh)</th>
            <th scope="col">Maximum journalier (MWh)</th>
            <th scope="col">Jours au-dessus de la capacité optimisée</th>
            <th scope="col">Jours estimés</th>
            <th scope="col">Jours manquants</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.mois}>
              <th scope="row">{monthLabel(month.mois)}</th>
              <td>{formatNumber(month.totalMwh, 2)}</td>
              <td>{month.maxMwh === null ? '—' : formatNumber(month.maxMwh, 2)}</td>
              <td>{month.joursAuDessusCjaOptimisee}</td>
              <td>{month.jours.estime}</td>
              <td>{month.jours.manquant}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default DailyChart;
