import type { OptimisationResponse } from '@pilote/contracts';
import { lazy, Suspense, useId, useMemo } from 'react';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { chartInputOf, prepareChartData } from '../utils/chart-data.ts';

/** uPlot and its stylesheet come in their own chunk, fetched when a result is first shown. */
const DailyChart = lazy(() => import('./daily-chart.tsx'));

export const EMPTY_CHART_MESSAGE = 'Validez le formulaire pour afficher le graphique.';

/** The chart's section: its empty state until a result exists (spec §2.9), then the chart. */
export function DailyChartSection({ result }: { result: OptimisationResponse | null }) {
  const titleId = useId();
  const data = useMemo(() => (result ? prepareChartData(chartInputOf(result)) : null), [result]);
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-foreground">
        Consommation journalière
      </h2>
      {result && data ? (
        <Suspense fallback={<LoadingState label="Chargement du graphique…" className="h-40" />}>
          <DailyChart
            data={data}
            cjaOptimisee={result.cjaOptimisee}
            cjaActuelle={result.cjaActuelle}
            labelledBy={titleId}
          />
        </Suspense>
      ) : (
        <p
          className="flex h-40 items-center justify-center rounded-lg border border-dashed border-border-strong/50 px-4 text-center text-sm text-muted-foreground"
          data-testid="chart-empty"
        >
          {EMPTY_CHART_MESSAGE}
        </p>
      )}
    </section>
  );
}
