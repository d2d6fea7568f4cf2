import { mayActOnObject, type PortfolioRun, portfolioMessages } from '@pilote/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Gauge, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatCurrency, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useActiveOrganisation } from '../../organisations/index.ts';
import { dashboardKey } from '../api/dashboard.ts';
import { portfolioExportHref, useCancelRun, useLatestRun, useRunResults, useStartRun } from '../api/portfolio.ts';

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : portfolioMessages.failed;
}

function Progress({ run }: { run: PortfolioRun }) {
  const labelId = useId();
  const percent = run.total === 0 ? 0 : Math.round((run.done / run.total) * 100);
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-medium text-foreground">
        {run.cancelRequested ? portfolioMessages.cancelling : portfolioMessages.running}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        aria-valuetext={portfolioMessages.progress(run.done, run.total)}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground tabular-nums">
        {portfolioMessages.progress(run.done, run.total)} ({percent} %)
      </p>
    </div>
  );
}

function Totals({ run }: { run: PortfolioRun }) {
  const items = [
    { key: 'current', label: 'Coût actuel', value: `${formatCurrency(run.currentCostEuros)} / an` },
    { key: 'optimised', label: 'Coût optimisé', value: `${formatCurrency(run.optimisedCostEuros)} / an` },
    { key: 'savings', label: 'Économies', value: `${formatCurrency(run.savingsEuros)} / an` },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3" data-portfolio-totals="">
      {items.map((item) => (
        <div key={item.key} className="rounded-lg border border-border bg-background p-3">
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-lg font-bold tabular-nums text-foreground wrap-anywhere">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Results({ run }: { run: PortfolioRun }) {
  const [page, setPage] = useState(1);
  const results = useRunResults(run, page);
  const captionId = useId();
  if (results.isPending) {
    return <p className="text-sm text-muted-foreground">Chargement du classement…</p>;
  }
  if (results.isError) {
    return <Alert tone="error">Le classement n’a pas pu être chargé. Réessayez plus tard.</Alert>;
  }
  if (results.data.total === 0) {
    return null;
  }
  return (
    <div className="flex flex-col gap-3">
      <ScrollRegion aria-labelledby={captionId} className="rounded-xl border border-border bg-surface">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption id={captionId} className="sr-only">
            Sites classés par économie, page {results.data.page}
          </caption>
          <thead className="border-b border-border text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Site
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Coût actuel (€/an)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Coût optimisé (€/an)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Économie (€/an)
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                CJA (MWh/j)
              </th>
            </tr>
          </thead>
          <tbody>
            {results.data.items.map((row) => (
              <tr key={row.siteId} className="border-b border-border last:border-0">
                <th scope="row" className="px-4 py-3 font-medium">
                  <Link to={paths.site.getHref(row.siteId)} className="text-primary underline-offset-4 hover:underline">
                    {row.siteName}
                  </Link>
                  <span className="block font-mono text-xs font-normal text-muted-foreground">{row.pce}</span>
                </th>
                {row.message === null ? (
                  <>
                    <td className="px-4 py-3 text-right tabular-nums">{formatCurrency(row.currentCostEuros)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{formatCurrency(row.optimisedCostEuros)}</td>
                    <td className="px-4 py-3 text-right font-semibold tabular-nums">
                      {formatCurrency(row.savingsEuros)}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {formatNumber(row.cjaActuelle, 1)} → {formatNumber(row.cjaOptimisee, 1)}
                    </td>
                  </>
                ) : (
                  <td colSpan={4} className="px-4 py-3 text-muted-foreground">
                    {row.message}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager of={results.data} onChange={setPage} label="Pages du classement" />
    </div>
  );
}

/**
 * « Optimiser tout le portefeuille » on the dashboard (issue #24 §4, ADR 0077): the button (members and above), the
 * progress of the running run (polled), cancel, then the totals and the sites ranked by savings with the exports.
 */
export function PortfolioOptimisation() {
  const organisation = useActiveOrganisation();
  const canWrite = organisation.data ? mayActOnObject(organisation.data.role, 'create') : false;
  const latest = useLatestRun();
  const start = useStartRun();
  const cancel = useCancelRun();
  const queryClient = useQueryClient();
  const headingId = useId();
  const run = latest.data ?? null;
  const wasRunning = useRef(false);

  // When a run stops, the dashboard's figures are read again.
  useEffect(() => {
    if (run?.status === 'running') {
      wasRunning.current = true;
    } else if (run && wasRunning.current) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    }
  }, [run, queryClient]);

  const running = run?.status === 'running';
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-foreground">
            <Gauge aria-hidden="true" className="size-5" />
            {portfolioMessages.title}
          </h2>
          <p className="text-sm leading-6 text-muted-foreground">{portfolioMessages.intro}</p>
        </div>
        {canWrite && !running ? (
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            {portfolioMessages.start}
          </Button>
        ) : null}
      </div>
      {start.isError ? <Alert tone="error">{errorText(start.error)}</Alert> : null}
      {cancel.isError ? <Alert tone="error">{errorText(cancel.error)}</Alert> : null}
      {latest.isError ? (
        <Alert tone="error">
          L’état de l’optimisation du portefeuille n’a pas pu être chargé. Réessayez plus tard.
        </Alert>
      ) : null}
      {run && running ? (
        <div className="flex flex-col gap-3">
          <Progress run={run} />
          {canWrite && !run.cancelRequested ? (
            <div>
              <Button variant="outline" onClick={() => cancel.mutate(run.id)} disabled={cancel.isPending}>
                <X aria-hidden="true" className="size-4" />
                {portfolioMessages.cancel}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {run && !running ? (
        <div className="flex flex-col gap-4">
          <Alert tone={run.status === 'failed' ? 'error' : run.status === 'done' ? 'success' : 'info'}>
            {run.status === 'done'
              ? portfolioMessages.done
              : run.status === 'cancelled'
                ? portfolioMessages.cancelled
                : (run.message ?? portfolioMessages.failed)}{' '}
            {formatCount(run.sitesOptimised, 'site optimisé', 'sites optimisés')} sur {run.total}
            {run.sitesSkipped > 0 ? `, ${formatCount(run.sitesSkipped, 'site écarté', 'sites écartés')}` : ''} —{' '}
            {formatDateTime(run.createdAt)}.
          </Alert>
          <Totals run={run} />
          <div className="flex flex-wrap gap-2">
            <a
              href={portfolioExportHref(run.id, 'xlsx')}
              download
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              {portfolioMessages.exportXlsx}
            </a>
            <a
              href={portfolioExportHref(run.id, 'pdf')}
              download
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" className="size-4" />
              {portfolioMessages.exportPdf}
            </a>
          </div>
          <Results run={run} />
        </div>
      ) : null}
    </section>
  );
}
