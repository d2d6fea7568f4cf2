// uPlot draws on a canvas, which jsdom lacks: the jsdom tests that reach the optimisation page replace the chart
// chunk with this stub (`vi.mock(…/daily-chart.tsx, () => import(…/daily-chart-stub.tsx))`); the real chart is
// covered by the Chromium tests. One stub for every file: the web project shares modules between the files of a
// worker (isolate: false), so two files must not mock the same module differently.
export default function DailyChartStub({ data }: { data: { dates: string[] } }) {
  return <div data-testid="daily-chart">{data.dates.length} jours</div>;
}
