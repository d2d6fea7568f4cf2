import type { OptimisationResponse } from '@pilote/contracts';
import { DailyChartSection } from './daily-chart-section.tsx';
import { OptimisationSummary, ParametersUsed } from './optimisation-results.tsx';

/**
 * A stored optimisation reopened in the view it was computed in (issue #24 §3, ADR 0064): the optimisation page's
 * results — KPI cards, the avant/après table, the daily chart and the parameters used — from the stored answer.
 */
export function StoredOptimisationView({ result }: { result: OptimisationResponse }) {
  return (
    <div className="flex flex-col gap-6">
      <OptimisationSummary result={result} />
      <DailyChartSection result={result} />
      <ParametersUsed params={result.params} />
    </div>
  );
}
