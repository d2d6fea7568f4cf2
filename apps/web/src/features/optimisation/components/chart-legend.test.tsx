import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartLegend, prepareChartData } from '../utils/chart-data.ts';
import { ChartLegend, palettes } from './chart-legend.tsx';

function dataOf(qualite: (i: number) => 'mesure' | 'estime' | 'manquant') {
  return prepareChartData({
    consoJournaliere: Array.from({ length: 30 }, (_, i) => ({
      date: `2025-06-${String(i + 1).padStart(2, '0')}`,
      mwh: 20 + i,
      qualite: qualite(i),
    })),
    cjaOptimisee: 40,
    cjaActuelle: 45,
    capacitesMensuelles: null,
  });
}

/** Each legend entry: its text and the sample drawn before it. */
function entries() {
  return within(screen.getByRole('list', { name: 'Légende' }))
    .getAllByRole('listitem')
    .map((item) => {
      const shape = item.querySelector('svg')?.firstElementChild;
      return {
        label: item.textContent,
        tag: shape?.tagName,
        stroke: shape?.getAttribute('stroke'),
        dash: shape?.getAttribute('stroke-dasharray') ?? null,
      };
    });
}

describe('ChartLegend', () => {
  it('an estimated year: the estimated line in orange dashes, no blue consumption line', () => {
    const palette = palettes.light;
    render(<ChartLegend palette={palette} items={chartLegend(dataOf(() => 'estime'))} />);
    expect(entries()).toEqual([
      { label: 'Consommation estimée (30 jours)', tag: 'line', stroke: palette.estime, dash: '6 3' },
      { label: 'CJA optimisée', tag: 'line', stroke: palette.cjaOptimisee, dash: null },
      { label: 'CJA actuelle', tag: 'line', stroke: palette.cjaActuelle, dash: '8 5' },
    ]);
    expect(screen.queryByText(/Consommation (journalière|mesurée)/)).not.toBeInTheDocument();
  });

  it('a year with measured, estimated and missing days, in the dark palette', () => {
    const palette = palettes.dark;
    render(
      <ChartLegend
        palette={palette}
        items={chartLegend(dataOf((i) => (i < 10 ? 'estime' : i === 20 ? 'manquant' : 'mesure')))}
      />,
    );
    const list = entries();
    expect(list[0]).toEqual({ label: 'Consommation mesurée', tag: 'line', stroke: palette.conso, dash: null });
    expect(list[1]).toEqual({
      label: 'Consommation estimée (10 jours)',
      tag: 'line',
      stroke: palette.estime,
      dash: '6 3',
    });
    expect(list.at(-1)).toEqual({ label: 'Jour manquant (1)', tag: 'circle', stroke: palette.manquant, dash: null });
  });
});
