import type { AuditDetail, AuditFindingDto, NormalisedInvoiceDto } from '@pilote/contracts';
import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format.ts';
import { useAudit } from '../api/get-audit.ts';
import { useClaimLetterLink } from '../api/get-claim-letter-link.ts';
import { auditStatusLabels } from './audit-list.tsx';

/** One audit: status while it runs, then the normalised invoice, every check, the recoverable total, the letter. */
export function AuditResults({ id, onBack }: { id: string; onBack: () => void }) {
  const audit = useAudit(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="audit-results-title" className="flex flex-col gap-5">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour aux fichiers
        </Button>
      </div>
      <h2 id="audit-results-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-foreground">
        Résultats de l’audit{audit.data ? ` — ${audit.data.filename}` : ''}
      </h2>
      {audit.isPending ? (
        <LoadingState label="Chargement de l’audit…" />
      ) : audit.isError ? (
        <Alert tone="error">{audit.error.message}</Alert>
      ) : (
        <AuditBody audit={audit.data} />
      )}
    </section>
  );
}

function AuditBody({ audit }: { audit: AuditDetail }) {
  if (audit.status === 'failed') {
    return (
      <Alert tone="error">
        <p className="font-semibold">{audit.error}</p>
        {audit.found.length > 0 ? (
          <ul className="mt-2 list-disc pl-5 text-sm">
            {audit.found.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </Alert>
    );
  }
  if (audit.status !== 'done' || !audit.invoice || !audit.report) {
    return (
      <p role="status" className="text-sm text-foreground">
        {auditStatusLabels[audit.status]} — cette page se met à jour toute seule.
      </p>
    );
  }
  const anomalies = audit.report.findings.filter((finding) => finding.severity === 'anomalie');
  return (
    <div className="flex flex-col gap-5">
      <Summary audit={audit} anomalies={anomalies.length} />
      <Findings report={audit.report} />
      {audit.report.checksSkipped.length > 0 ? (
        <Card>
          <CardTitle>Contrôles non effectués</CardTitle>
          <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
            {audit.report.checksSkipped.map((skipped) => (
              <li key={skipped.check}>{skipped.reason}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <InvoiceCard invoice={audit.invoice} />
    </div>
  );
}

function Summary({ audit, anomalies }: { audit: AuditDetail; anomalies: number }) {
  const link = useClaimLetterLink();
  const download = () =>
    link.mutate(audit.id, {
      onSuccess: ({ url }) => {
        window.location.assign(url);
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {anomalies === 0
          ? 'Aucune anomalie relevée sur cette facture.'
          : `${anomalies} anomalie${anomalies > 1 ? 's' : ''} relevée${anomalies > 1 ? 's' : ''}.`}
      </p>
      <p className="text-foreground">
        Montant total récupérable :{' '}
        <strong data-testid="recoverable-total" className="text-2xl tabular-nums">
          {formatCurrency(audit.recoverableEuros ?? 0)}
        </strong>{' '}
        HT
      </p>
      {anomalies > 0 ? (
        <div>
          <Button onClick={download} disabled={link.isPending} className="h-auto min-h-10 py-2 whitespace-normal">
            <Download aria-hidden="true" className="size-4" />
            {link.isPending ? 'Préparation de la lettre…' : 'Télécharger la lettre de réclamation (PDF)'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

const severityLabels: Record<AuditFindingDto['severity'], string> = {
  anomalie: 'Anomalie',
  alerte: 'Alerte',
  information: 'Information',
};

const severityTone: Record<AuditFindingDto['severity'], string> = {
  anomalie: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
  alerte: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
  information: 'border-border bg-surface text-foreground',
};

const checkLabels: Record<string, string> = {
  ntr: 'Niveau de tarif régional (NTR)',
  tcl: 'Terme de capacité de livraison (TCL)',
  car: 'Consommation annuelle de référence (CAR)',
  unitPrice: 'Prix unitaires',
  arithmetic: 'Calculs des lignes',
  cta: 'Contribution tarifaire d’acheminement (CTA)',
  accise: 'Accise sur le gaz naturel',
  t4Bands: 'Tranches T4',
  periodCoverage: 'Période facturée',
};

function figure(value: number | string, unit: string): string {
  return `${typeof value === 'number' ? formatNumber(value, Number.isInteger(value) ? 0 : 2) : value}${unit ? ` ${unit}` : ''}`;
}

function Findings({ report }: { report: NonNullable<AuditDetail['report']> }) {
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>Contrôles</CardTitle>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Résultat de chaque contrôle">
        {report.checksRun.map((check) => {
          const found = report.findings.filter(
            (finding) => finding.check === check && finding.severity !== 'information',
          );
          return (
            <li key={check} className="flex items-center justify-between gap-3 border-b border-border py-1.5">
              <span className="text-foreground">{checkLabels[check] ?? check}</span>
              <span
                className={cn(
                  'font-semibold',
                  found.length === 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
                )}
              >
                {found.length === 0 ? 'OK' : `${found.length} anomalie${found.length > 1 ? 's' : ''}`}
              </span>
            </li>
          );
        })}
      </ul>
      {report.findings.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {report.findings.map((finding) => (
            <li
              key={finding.id}
              data-testid="finding"
              data-rule={finding.rule.id}
              className={cn('rounded-lg border p-4 text-sm', severityTone[finding.severity])}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {severityLabels[finding.severity]} — {finding.title}
                </p>
                <p className="font-semibold tabular-nums" data-testid="finding-amount">
                  {formatCurrency(finding.amountEuros)}
                </p>
              </div>
              <p className="mt-1">{finding.message}</p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
                <div>
                  <dt className="inline font-medium">{finding.billed.label} : </dt>
                  <dd className="inline tabular-nums">{figure(finding.billed.value, finding.billed.unit)}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">{finding.expected.label} : </dt>
                  <dd className="inline tabular-nums">{figure(finding.expected.value, finding.expected.unit)}</dd>
                </div>
              </dl>
              <p className="mt-2 text-xs" data-testid="finding-rule">
                Règle : {finding.rule.label} — {finding.rule.legalReference}
                {finding.isEstimate ? ' (valeur attendue estimée)' : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function InvoiceCard({ invoice }: { invoice: NormalisedInvoiceDto }) {
  const facts: [string, string][] = [
    ['Fournisseur', invoice.supplier],
    ['Facture n°', invoice.invoiceNumber ?? '—'],
    ['Émise le', invoice.issuedOn ? formatDate(invoice.issuedOn) : '—'],
    ['Point', `${invoice.point.pointDeReseau}${invoice.point.code ? ` ${invoice.point.code}` : ''}`],
    ['PCE', invoice.point.pce ?? '—'],
    ['Période', `du ${formatDate(invoice.period.firstDay)} au ${formatDate(invoice.period.lastDay)}`],
    ['Option tarifaire', invoice.tarif ?? '—'],
    ['TSO', invoice.tso ?? '—'],
    ['CAR', invoice.car === null ? '—' : `${formatNumber(invoice.car, 2)} MWh/an`],
    ['CJA', invoice.cja === null ? '—' : `${formatNumber(invoice.cja, 2)} MWh/j`],
    ['NTR', invoice.ntr === null ? '—' : String(invoice.ntr)],
    ['Total HT', formatCurrency(invoice.totals.totalHt)],
    ['Total TTC', formatCurrency(invoice.totals.totalTtc)],
  ];
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>Facture lue</CardTitle>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-border py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Lignes de la facture</caption>
          <thead className="text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Ligne
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Quantité
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Prix unitaire
              </th>
              <th scope="col" className="py-1 text-right">
                Montant HT
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are a fixed list in invoice order
              <tr key={index} className="border-t border-border">
                <td className="py-1 pr-3 text-foreground">{line.label}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {line.quantity === null ? '—' : `${formatNumber(line.quantity, 2)} ${line.quantityUnit ?? ''}`}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {line.unitPrice === null ? '—' : `${formatNumber(line.unitPrice, 4)} ${line.unitPriceUnit ?? ''}`}
                </td>
                <td className="py-1 text-right tabular-nums">{formatCurrency(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
