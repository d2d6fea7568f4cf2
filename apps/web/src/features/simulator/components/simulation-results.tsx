import { ESTIMATE_BASES, statusLabel } from '@pilote/tariffs/status';
import { Download, Flame } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  formatCja,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  parseFrenchNumber,
} from '../../../lib/format.ts';
import { useInvalidateUsage } from '../../../lib/usage.ts';
import { useSimulationPdfLink } from '../api/get-simulation-pdf-link.ts';
import {
  fieldLabels,
  type SimulatorFormValues,
  showsCapacite,
  showsCar,
  showsCja,
  showsDebitNormalise,
  showsDistance,
  showsDso,
} from '../utils/form-values.ts';
import { formatMonth } from '../utils/months.ts';
import type { FixedTerm, PerMwhTerm, ResultLine, ResultSource, SimulationReading } from '../utils/read-result.ts';

export type ResultPeriod = 'monthly' | 'annual';

export const periodUnits: Record<ResultPeriod, string> = { monthly: '€/mois', annual: '€/an' };

const fixedTermLabels: Record<FixedTerm, string> = {
  abonnement: 'Abonnement',
  termeDistribution: 'Terme de distribution',
  termeTransport: 'Terme de transport',
  compensationStockage: 'Compensation stockage',
  ctaTso: 'CTA TSO',
  ctaDso: 'CTA DSO',
  ctaTotal: 'CTA totale',
  totalFixe: 'Total des termes fixes',
};

const perMwhLabels: Record<PerMwhTerm, string> = {
  ticgn: 'Accise sur le gaz naturel (ex-TICGN)',
  cee: 'CEE',
  termeProportionnel: 'Terme proportionnel',
};

const gridLabels: Record<string, string> = {
  atrd: 'ATRD7 GRDF',
  atrt: 'ATRT8',
  stockage: 'Stockage',
  cta: 'CTA',
  accise: 'Accise',
  cee: 'CEE',
};

function formatQuantity(value: string, unit: string, decimals = 2): string {
  const number = parseFrenchNumber(value);
  if (number === null) {
    return value;
  }
  const text = decimals === 0 ? formatCja(number) : formatNumber(number, decimals);
  return `${text} ${unit}`;
}

function inputsRecap(values: SimulatorFormValues): [string, string][] {
  const labels = fieldLabels(values.pointDeReseau);
  const rows: [string, string][] = [
    [labels.pointDeReseau, values.pointDeReseau],
    [labels.code, values.code],
    [labels.commune, values.commune],
    [labels.tso, values.tso],
  ];
  if (showsDso(values)) {
    rows.push([labels.dso, values.dso]);
  }
  rows.push([labels.tarif, values.tarif], [labels.profil, values.profil]);
  rows.push([labels.dateEffetMonth, values.dateEffetMonth ? formatMonth(values.dateEffetMonth) : '']);
  if (showsCar(values)) {
    rows.push(['CAR', formatQuantity(values.car, 'MWh/an')]);
  }
  if (showsCja(values)) {
    rows.push(['CJA', formatQuantity(values.cja, 'MWh/j', 0)]);
  }
  rows.push(['Assiette', values.assiette ? formatQuantity(values.assiette, 'MWh/an') : '']);
  rows.push([
    'Capacité interruptible',
    values.cjsInterruptible ? formatQuantity(values.cjsInterruptible, 'MWh/j') : '',
  ]);
  if (showsCapacite(values)) {
    rows.push(['Capacité de livraison', values.capacite ? formatQuantity(values.capacite, 'MWh/j') : '']);
  }
  if (showsDistance(values)) {
    rows.push(['Distance', values.distanceM ? formatQuantity(values.distanceM, 'm', 0) : '']);
  }
  if (showsDebitNormalise(values)) {
    rows.push([
      'Débit normalisé',
      values.debitNormalise ? formatQuantity(values.debitNormalise, 'Nm³/h') : 'Non indiqué (TDN non inclus)',
    ]);
  }
  rows.push(['Coût CEE', values.cee ? formatQuantity(values.cee, '€/MWh') : 'Par défaut (estimation)']);
  return rows.filter(([, value]) => value !== '');
}

function unitPriceText(line: ResultLine): string {
  if (line.unitPrice === null) {
    return '—';
  }
  if (line.unit === 'taux') {
    return formatPercent(line.unitPrice * 100, 2);
  }
  return line.unit ? `${formatNumber(line.unitPrice)} ${line.unit}` : formatNumber(line.unitPrice);
}

/**
 * The status of a source as the engine labels it (« estimation (source secondaire) », « estimation (formule de la
 * délibération 2024-40) »…, ADR 0050); a status or basis this page does not know reads « estimation ».
 */
export function sourceStatusLabel(source: Pick<ResultSource, 'status' | 'basis'>): string {
  const status = (['official', 'secondary', 'estimate'] as const).find((known) => known === source.status);
  const basis = ESTIMATE_BASES.find((known) => known === source.basis);
  return status ? statusLabel(status, basis) : 'estimation';
}

function SourceLink({ source }: { source: ResultSource }) {
  return (
    <>
      {source.url ? (
        <a
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          title={source.title}
          className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
        >
          {source.title}
        </a>
      ) : (
        <span title={source.title}>{source.title}</span>
      )}
      {source.status === 'estimate' ? (
        <span className="text-xs text-muted-foreground" data-testid="source-status">
          {' '}
          — {sourceStatusLabel(source)}
        </span>
      ) : null}
      {source.publishedOn ? (
        <span className="text-xs text-muted-foreground"> ({formatDate(source.publishedOn)})</span>
      ) : null}
    </>
  );
}

/** « Valeur estimée », with the kinds of estimate its sources name (« estimation (source secondaire) »…). */
function estimateTitle(line: ResultLine): string {
  const labels = [
    ...new Set(line.sources.filter((s) => s.status === 'estimate' && s.basis).map((s) => sourceStatusLabel(s))),
  ];
  return labels.length === 0 ? 'Valeur estimée' : `Valeur estimée : ${labels.join(' ; ')}`;
}

/** The first source in full; the others behind a disclosure (they are long legal titles). */
function LineSources({ sources }: { sources: readonly ResultSource[] }) {
  const [first, ...others] = sources;
  if (!first) {
    return null;
  }
  return (
    <div className="text-xs leading-5">
      <SourceLink source={first} />
      {others.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            {others.length === 1 ? '1 autre source' : `${others.length} autres sources`}
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {others.map((source) => (
              <li key={`${source.title}|${source.url ?? ''}`}>
                <SourceLink source={source} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** Browser navigation to the PDF (an attachment: the page stays); a seam for tests. */
export const pdfNavigation = {
  open: (url: string) => window.location.assign(url),
};

/**
 * The PDF of the simulation (spec §2.8: disabled without a link). The signed link expires (ADR 0012); past its
 * expiry a click asks the server for a fresh one first.
 */
function PdfButton({ reading }: { reading: SimulationReading }) {
  const [pdfUrl, setPdfUrl] = useState(reading.pdfUrl);
  const [expiresAt, setExpiresAt] = useState(reading.pdfUrlExpiresAt);
  const refresh = useSimulationPdfLink();
  // The first download renders the PDF, which takes a unit of the `pdf_reports` quota.
  const invalidateUsage = useInvalidateUsage();
  const content = (
    <>
      <Download aria-hidden="true" className="size-4" />
      {refresh.isPending ? 'Préparation du PDF…' : 'Télécharger le PDF'}
    </>
  );
  if (!pdfUrl) {
    return (
      <Button disabled title="Aucun lien PDF pour cette simulation">
        {content}
      </Button>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    invalidateUsage();
    if (expiresAt === null || expiresAt > Date.now() + 5000 || !reading.simulationId) {
      return; // the link is still valid: the browser downloads it
    }
    event.preventDefault();
    refresh.mutate(reading.simulationId, {
      onSuccess: (fresh) => {
        setPdfUrl(fresh.pdfUrl);
        setExpiresAt(Date.parse(fresh.pdfUrlExpiresAt));
        pdfNavigation.open(fresh.pdfUrl);
      },
      onError: (error) => {
        toast.error('Impossible de télécharger le PDF', { description: error.message, duration: 5000 });
      },
    });
  };
  return (
    <a
      href={pdfUrl}
      download
      onClick={onClick}
      aria-disabled={refresh.isPending || undefined}
      className={buttonStyles({ variant: 'primary' })}
    >
      {content}
    </a>
  );
}

function PeriodToggle({ period, onChange }: { period: ResultPeriod; onChange: (period: ResultPeriod) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons reads better than a fieldset here.
    <div
      role="group"
      aria-label="Période d’affichage"
      className="inline-flex rounded-md border border-border-strong p-0.5"
    >
      {(['monthly', 'annual'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={period === value}
          onClick={() => onChange(value)}
          className={cn(
            'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            period === value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
          )}
        >
          {value === 'monthly' ? 'Mensuel (€/mois)' : 'Annuel (€/an)'}
        </button>
      ))}
    </div>
  );
}

/**
 * Results view (spec §2.8): recap of the inputs, results card with the monthly (default) / annual toggle, the
 * line-by-line table with formulas and sources, warnings and grid dates; the flame returns to the form.
 */
export function SimulationResults({
  reading,
  values,
  onEdit,
}: {
  reading: SimulationReading;
  values: SimulatorFormValues;
  onEdit: () => void;
}) {
  const [period, setPeriod] = useState<ResultPeriod>('monthly');
  const headingId = 'resultats-simulation';
  const linesId = useId();
  const amounts = period === 'monthly' ? reading.monthly : reading.annual;
  const unit = periodUnits[period];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6" data-testid="simulation-results">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold text-foreground outline-none">
          Résultats de la simulation
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            title="Modifier les entrées"
            aria-label="Modifier les entrées"
            onClick={onEdit}
          >
            <Flame aria-hidden="true" className="size-5 text-gas" />
          </Button>
          <PdfButton reading={reading} />
        </div>
      </div>

      {reading.estimatedGridsNotice ? (
        <Alert tone="info" data-testid="result-estimate-notice">
          {reading.estimatedGridsNotice}
        </Alert>
      ) : null}

      {reading.usedSampleData ? (
        <Alert tone="info" data-testid="result-sample-notice">
          <strong>Données d’échantillon.</strong> Ce résultat repose en partie sur un échantillon non officiel du
          référentiel (
          {values.pointDeReseau === 'LI' || values.pointDeReseau === 'PIC'
            ? `table des points ${values.pointDeReseau}`
            : 'PITD ou coefficients Zi'}
          ) : il est indicatif.
        </Alert>
      ) : null}

      <Card className="p-4 sm:p-6">
        <CardTitle>Données saisies</CardTitle>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="inputs-recap">
          {inputsRecap(values).map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card className="p-4 sm:p-6" data-testid="results-card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Résultats ({unit})</CardTitle>
          <PeriodToggle period={period} onChange={setPeriod} />
        </div>
        {/* items-start: a grid item is stretched to the row's height, and a stretched table spreads the extra height
            over its rows — the three per-MWh rows would drift away from the cost rows beside them. */}
        <div className="mt-4 grid items-start gap-6 lg:grid-cols-2">
          <table className="w-full text-sm" data-testid="fixed-terms">
            <caption className="mb-2 text-left font-medium text-muted-foreground">Termes fixes ({unit})</caption>
            <tbody>
              {(Object.keys(fixedTermLabels) as FixedTerm[]).map((term) => (
                <tr
                  key={term}
                  className={cn('border-t border-border', term === 'totalFixe' && 'font-semibold')}
                  data-term={term}
                >
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-foreground">
                    {fixedTermLabels[term]}
                  </th>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{formatCurrency(amounts[term])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full text-sm" data-testid="per-mwh-terms">
            <caption className="mb-2 text-left font-medium text-muted-foreground">Termes par MWh (€/MWh)</caption>
            <tbody>
              {(Object.keys(perMwhLabels) as PerMwhTerm[]).map((term) => (
                <tr key={term} className="border-t border-border" data-term={term}>
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-foreground">
                    {perMwhLabels[term]}
                  </th>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">
                    {reading.perMwh[term] === null ? '—' : `${formatNumber(reading.perMwh[term])} €/MWh`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card className="p-4 sm:p-6">
        <CardTitle id={linesId}>Détail ligne par ligne</CardTitle>
        {reading.lines.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">Le détail des lignes n’est pas disponible.</p>
        ) : (
          <div className="relative mt-4 overflow-x-auto">
            <table
              className="w-full min-w-[56rem] text-left text-sm"
              aria-labelledby={linesId}
              data-testid="result-lines"
            >
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Libellé
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Formule
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Prix unitaire
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Montant ({unit})
                  </th>
                  <th scope="col" className="w-[32%] px-3 py-2 font-medium">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody>
                {reading.lines.map((line) => (
                  <tr
                    key={line.id}
                    data-line={line.id}
                    data-estimate={line.isEstimate || undefined}
                    className={cn('border-t border-border align-top', line.isEstimate && 'bg-muted/50')}
                  >
                    <th scope="row" className="px-3 py-2 text-left font-medium text-foreground">
                      {line.label}
                      {line.isEstimate ? (
                        <Badge className="ml-2 align-middle" title={estimateTitle(line)}>
                          Estimation*
                        </Badge>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 text-muted-foreground">{line.formula ?? '—'}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{unitPriceText(line)}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {formatCurrency(period === 'monthly' ? line.monthlyAmount : line.annualAmount)}
                    </td>
                    <td className="px-3 py-2" data-testid="line-source">
                      {line.sources.length === 0 ? '—' : <LineSources sources={line.sources} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {reading.hasEstimates ? (
          <p className="mt-3 text-xs text-muted-foreground" data-testid="estimate-legend">
            * Estimation : valeur qui n’a pas pu être rapprochée d’un texte officiel, ou calculée faute de donnée (par
            exemple la modulation sans historique de consommation). Voir la source de la ligne.
          </p>
        ) : null}
        <p className="mt-2 text-xs text-muted-foreground">
          Termes fixes : montant mensuel = montant annuel / 12. Termes par MWh : montants sur l’assiette quand elle est
          indiquée.
        </p>
      </Card>

      {reading.warnings.length > 0 ? (
        <Card className="p-4 sm:p-6">
          <CardTitle>Avertissements</CardTitle>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-foreground" data-testid="result-warnings">
            {reading.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Card>
      ) : null}

      {reading.referenceSources.length > 0 ? (
        <Card className="p-4 sm:p-6">
          <CardTitle>Tables de référence</CardTitle>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-foreground" data-testid="reference-sources">
            {reading.referenceSources.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </Card>
      ) : null}

      {reading.gridDates.length > 0 ? (
        <Card className="p-4 sm:p-6">
          <CardTitle>Grilles appliquées</CardTitle>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3" data-testid="grid-dates">
            {reading.gridDates.map(({ key, date }) => (
              <div key={key}>
                <dt className="text-muted-foreground">{gridLabels[key] ?? key}</dt>
                <dd className="font-medium text-foreground">en vigueur au {formatDate(date)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
    </section>
  );
}
