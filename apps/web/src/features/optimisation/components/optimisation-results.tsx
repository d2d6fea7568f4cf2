import type { OptimisationCouts, OptimisationParam, OptimisationResponse } from '@pilote/contracts';
import { statusLabel } from '@pilote/tariffs/status';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCja, formatCurrency, formatDate, formatNumber, formatPercent } from '../../../lib/format.ts';

/** Spec §3: the cost lines of `couts.avant` / `couts.apres`, in this order, with their French labels. */
export const costLines: { key: keyof OptimisationCouts; label: string }[] = [
  { key: 'transport_fixe', label: 'Transport – termes de capacité' },
  { key: 'transport_stockage', label: 'Transport – compensation stockage' },
  { key: 'transport_penalites', label: 'Pénalités de dépassement' },
  { key: 'distribution_fixe', label: 'Distribution – terme de capacité (CTA incluse)' },
  { key: 'total_annuel', label: 'Total annuel' },
];

const statusBadges: Record<OptimisationParam['statut'], { label: string; className: string }> = {
  official: { label: 'Officiel', className: 'border-success/40 bg-success-soft text-foreground' },
  secondary: { label: 'Source secondaire', className: 'border-border-strong/40 bg-muted text-foreground' },
  estimate: { label: 'Estimation', className: 'border-gas/50 bg-background text-foreground' },
};

/**
 * The badge of a parameter: its status, or for an estimate whose kind its source names « Estimation (source
 * secondaire) », « Estimation (formule de la délibération 2024-40) »… (ADR 0050).
 */
function paramStatusLabel(param: OptimisationParam, fallback: string): string {
  const basis = param.statut === 'estimate' ? param.sources.find((s) => s.basis)?.basis : undefined;
  if (!basis) {
    return fallback;
  }
  const label = statusLabel('estimate', basis);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

/** The series banner: an estimated typical year is said loudly (issue 5 item 2). */
export function SeriesBanner({ result }: { result: OptimisationResponse }) {
  const { series } = result;
  if (series.estimation) {
    return (
      <div
        role="status"
        data-testid="estimated-series-banner"
        className="flex items-start gap-3 rounded-lg border-2 border-gas/60 bg-background px-4 py-3 text-sm leading-6 text-foreground"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gas" />
        <div>
          <p className="font-semibold">Année type estimée — pas vos relevés</p>
          <p>{series.message}</p>
        </div>
      </div>
    );
  }
  return (
    <Alert tone="info" data-testid="series-banner">
      {series.message}
    </Alert>
  );
}

export function KpiCards({ result }: { result: OptimisationResponse }) {
  const kpis = [
    { label: 'CJA optimisée', value: `${formatCja(result.cjaOptimisee)} MWh/j`, accent: true },
    { label: 'CJA actuelle', value: `${formatCja(result.cjaActuelle)} MWh/j`, accent: false },
    { label: 'Économie annuelle', value: formatCurrency(result.economieAnnuelle), accent: true },
    { label: 'Économie (%)', value: formatPercent(result.pourcentageEconomie), accent: false },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="kpi-cards">
      {kpis.map((kpi) => (
        <Card key={kpi.label} className="p-4 sm:p-5">
          <dt className="text-sm font-medium text-muted-foreground">{kpi.label}</dt>
          <dd
            className={cn(
              'mt-1 text-2xl font-bold tracking-tight tabular-nums',
              kpi.accent ? 'text-primary' : 'text-foreground',
            )}
          >
            {kpi.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

export function CostComparisonTable({ result }: { result: OptimisationResponse }) {
  const { avant, apres } = result.couts;
  const titleId = useId();
  // The title sits above the scrolling area, not in a <caption>: a caption is as wide as its table (32rem), so on a
  // phone it was cut at the card's edge with the columns that scroll.
  return (
    <div className="rounded-xl border border-border bg-surface shadow-sm">
      <div className="px-4 pt-4 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold text-foreground">
          Coûts annuels avant / après optimisation
        </h2>
        <p className="text-xs text-muted-foreground">
          Part du coût liée à la capacité (€/an, HT), grilles au {formatDate(result.dateEffet)}.
        </p>
      </div>
      {/* On a phone the columns scroll sideways. */}
      <ScrollRegion aria-labelledby={titleId}>
        <table className="w-full min-w-[32rem] text-sm" data-testid="cost-table" aria-labelledby={titleId}>
          <thead className="border-b border-border text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-medium sm:px-6">
                Poste
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Avant <span className="block text-xs font-normal">CJA {formatCja(result.cjaActuelle)} MWh/j</span>
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Après <span className="block text-xs font-normal">CJA {formatCja(result.cjaOptimisee)} MWh/j</span>
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium sm:px-6">
                Écart
              </th>
            </tr>
          </thead>
          <tbody>
            {costLines.map(({ key, label }) => {
              const total = key === 'total_annuel';
              const gap = apres[key] - avant[key];
              return (
                <tr key={key} className={cn('border-b border-border last:border-0', total && 'font-semibold')}>
                  <th scope="row" className="px-4 py-2.5 text-left font-medium text-foreground sm:px-6">
                    {label}
                  </th>
                  <td className="px-4 py-2.5 text-right tabular-nums">{formatCurrency(avant[key])}</td>
                  <td className="px-4 py-2.5 text-right tabular-nums">{formatCurrency(apres[key])}</td>
                  <td className={cn('px-4 py-2.5 text-right tabular-nums sm:px-6', gap < 0 && 'text-success')}>
                    {gap > 0 ? '+' : ''}
                    {formatCurrency(gap)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

export function ParametersUsed({ params }: { params: OptimisationParam[] }) {
  const estimates = params.filter((p) => p.statut !== 'official').length;
  return (
    <details className="group rounded-xl border border-border bg-surface shadow-sm" data-testid="params-used">
      <summary className="cursor-pointer list-none rounded-xl px-4 py-4 text-lg font-semibold text-foreground hover:bg-muted sm:px-6 [&::-webkit-details-marker]:hidden">
        Paramètres utilisés ({params.length})
        {estimates > 0 ? (
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            dont {estimates} estimation{estimates > 1 ? 's' : ''} ou source{estimates > 1 ? 's' : ''} secondaire
            {estimates > 1 ? 's' : ''}
          </span>
        ) : null}
      </summary>
      <ul className="flex flex-col divide-y divide-border border-t border-border">
        {params.map((param) => {
          const badge = statusBadges[param.statut];
          return (
            <li key={param.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:px-6">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-medium text-foreground">{param.libelle}</span>
                <span className="tabular-nums text-foreground">
                  {formatNumber(param.valeur, Number.isInteger(param.valeur) ? 0 : 4)} {param.unite}
                </span>
                <Badge className={badge.className}>{paramStatusLabel(param, badge.label)}</Badge>
              </div>
              {param.notes ? <p className="text-xs leading-5 text-muted-foreground">{param.notes}</p> : null}
              {param.sources.length > 0 ? (
                <ul className="flex flex-col gap-0.5 text-xs">
                  {param.sources.map((source) => (
                    <li key={`${source.url}-${source.title}`}>
                      <a
                        href={source.url}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="text-primary underline underline-offset-2"
                      >
                        {source.title}
                      </a>
                      {source.publishedOn ? ` (${formatDate(source.publishedOn)})` : ''}
                      {source.status !== 'official' ? ` — ${statusLabel(source.status, source.basis)}` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** Everything shown once an optimisation succeeded, except the chart (its own section). */
export function OptimisationSummary({ result }: { result: OptimisationResponse }) {
  return (
    <div className="flex flex-col gap-6" data-testid="optimisation-results">
      <SeriesBanner result={result} />
      {result.usedSampleData ? (
        <Alert tone="info">
          {result.referentiel.pointDeReseau === 'PITD'
            ? 'Référentiel PITD d’échantillon'
            : `Table des points ${result.referentiel.pointDeReseau} d’échantillon`}{' '}
          ({(result.referentiel.pointDataset ?? result.referentiel.pitdDataset)?.description}) : les résultats
          illustrent le calcul, ils ne valent pas pour un point réel.
        </Alert>
      ) : null}
      <KpiCards result={result} />
      <CostComparisonTable result={result} />
      {result.warnings.length > 0 ? (
        <Alert tone="info">
          <p className="font-medium">Avertissements</p>
          <ul className="mt-1 list-disc pl-5">
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
