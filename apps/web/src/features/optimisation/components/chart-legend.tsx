/**
 * The daily chart's colours and its legend, kept apart from uPlot (which needs a canvas) so that the legend can be
 * tested in jsdom. The legend lists exactly the series `chartLegend` says the chart draws, with the same colours and
 * dash patterns as the canvas.
 */
import type { LegendItem, LegendKey } from '../utils/chart-data.ts';

export type Palette = {
  conso: string;
  estime: string;
  manquant: string;
  cjaOptimisee: string;
  cjaActuelle: string;
  axis: string;
  grid: string;
  background: string;
};

export const palettes: Record<'light' | 'dark', Palette> = {
  light: {
    conso: '#2563eb',
    estime: '#c2410c',
    manquant: '#b91c1c',
    cjaOptimisee: '#15803d',
    cjaActuelle: '#7c3aed',
    axis: '#475569',
    grid: '#e2e8f0',
    background: '#ffffff',
  },
  dark: {
    conso: '#60a5fa',
    estime: '#fb923c',
    manquant: '#fca5a5',
    cjaOptimisee: '#86efac',
    cjaActuelle: '#c4b5fd',
    axis: '#a3b1c6',
    grid: '#1e293b',
    background: '#0b1220',
  },
};

/** Colour of each legend entry (the steps share the colour of their CJA). */
export function colourOf(palette: Palette, key: LegendKey): string {
  switch (key) {
    case 'mesure':
      return palette.conso;
    case 'estime':
      return palette.estime;
    case 'manquant':
      return palette.manquant;
    case 'cjaOptimisee':
    case 'capaciteOptimisee':
      return palette.cjaOptimisee;
    case 'cjaActuelle':
    case 'capaciteActuelle':
      return palette.cjaActuelle;
  }
}

/** Dash pattern of each dashed series, shared by the canvas and the legend samples. */
export const DASHES: Partial<Record<LegendKey, number[]>> = {
  estime: [6, 3],
  cjaActuelle: [8, 5],
  capaciteOptimisee: [3, 3],
  capaciteActuelle: [2, 4],
};

/** The legend of the daily chart: one sample (solid or dashed line, dot, ring) per drawn series. */
export function ChartLegend({ palette, items }: { palette: Palette; items: LegendItem[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-foreground" aria-label="Légende">
      {items.map((item) => {
        const colour = colourOf(palette, item.key);
        return (
          <li key={item.key} className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" width="22" height="10" viewBox="0 0 22 10">
              {item.kind === 'dot' ? (
                <circle cx="11" cy="5" r="3.5" fill={colour} />
              ) : item.kind === 'ring' ? (
                <circle cx="11" cy="5" r="3.5" fill="none" stroke={colour} strokeWidth="2" />
              ) : (
                <line
                  x1="0"
                  y1="5"
                  x2="22"
                  y2="5"
                  stroke={colour}
                  strokeWidth="2.5"
                  strokeDasharray={item.kind === 'dash' ? (DASHES[item.key] ?? [5, 3]).join(' ') : undefined}
                />
              )}
            </svg>
            {item.label}
          </li>
        );
      })}
    </ul>
  );
}
