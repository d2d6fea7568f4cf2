import {
  type AuditDetail,
  type AuditFindingDto,
  claimLetterOffered,
  type DuplicateQualification,
  type NormalisedInvoiceDto,
} from '@pilote/contracts';
import { ArrowLeft, Download, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCurrency, formatDate, formatNumber } from '../../../lib/format.ts';
import { AttachAuditToSite, CreateSiteLink, siteDraftFromInvoice } from '../../sites/index.ts';
import { useAudit } from '../api/get-audit.ts';
import { useClaimLetterLink } from '../api/get-claim-letter-link.ts';
import { useQualifyDuplicate } from '../api/qualify-duplicate.ts';
import { useRelaunchAudit } from '../api/relaunch-audit.ts';
import { stepErrorMessage } from '../hooks/use-audit-queue.ts';
import { partDescription, partPosition } from '../utils/parts.ts';
import { AuditColumnMapping } from './audit-column-mapping.tsx';
import { auditStatusLabels } from './audit-list.tsx';
import { AuditReview } from './audit-review.tsx';
import { FileInvoices } from './file-invoices.tsx';

type Report = NonNullable<AuditDetail['report']>;

/** A box for what must be checked by the user (doubtful reading, rows not read, possible duplicate). */
const CHECK_BOX =
  'rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50';

/** One audit: status while it runs, then the normalised invoice, every check, the recoverable total, the letter. */
export function AuditResults({ id, onBack }: { id: string; onBack: () => void }) {
  const audit = useAudit(id);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus on the title when another invoice of the same file opens in place (ADR 0086) too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `id` is the trigger, not read
  useEffect(() => heading.current?.focus(), [id]);
  const part = audit.data?.part ?? null;
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
      {part ? (
        <p className="-mt-3 text-sm text-muted-foreground" data-testid="audit-part">
          <span className="font-medium text-foreground">{partPosition(part)}</span> — {partDescription(part)}
        </p>
      ) : null}
      {audit.isPending ? (
        <LoadingState label="Chargement de l’audit…" />
      ) : audit.isError ? (
        <Alert tone="error">{audit.error.message}</Alert>
      ) : (
        <>
          <FileInvoices current={audit.data.id} invoices={audit.data.invoicesInFile ?? []} />
          <AuditBody audit={audit.data} />
        </>
      )}
    </section>
  );
}

function AuditBody({ audit }: { audit: AuditDetail }) {
  if (audit.status === 'failed') {
    return (
      <div className="flex flex-col gap-3">
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
        {/* An export whose columns the user maps (« Colonnes à indiquer », ADR 0085); nothing otherwise. */}
        <AuditColumnMapping id={audit.id} />
        <Relaunch id={audit.id} label="Relancer l’audit" />
      </div>
    );
  }
  if (audit.status === 'uploaded') {
    // Not started (refused for quota, or the start was interrupted): nothing will happen until it is launched.
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-foreground">
          Non lancé : cet audit n’a pas démarré (quota d’audits atteint, ou lancement interrompu). Lancez-le quand une
          unité de votre quota est disponible.
        </p>
        <Relaunch id={audit.id} label="Lancer l’audit" />
      </div>
    );
  }
  if (audit.status === 'to_complete') {
    return <AuditReview audit={audit} />;
  }
  if (audit.status !== 'done' || !audit.invoice || !audit.report) {
    return (
      <p role="status" className="text-sm text-foreground">
        {auditStatusLabels[audit.status]} — cette page se met à jour toute seule.
      </p>
    );
  }
  const { report } = audit;
  return (
    <div className="flex flex-col gap-5">
      <Summary audit={audit} report={report} />
      {audit.review?.confirmed ? <ConfirmedValues review={audit.review} /> : null}
      {report.readingProblems.length > 0 ? <ReadingProblems report={report} /> : null}
      {audit.warnings.length > 0 ? (
        <section aria-labelledby="audit-warnings-title" className={CHECK_BOX}>
          <h3 id="audit-warnings-title" className="font-semibold">
            Lignes de la facture non lues
          </h3>
          <p className="mt-1">
            Ces lignes n’ont pas été comprises : vérifiez-les sur la facture. Tant qu’elles restent, aucune lettre de
            réclamation n’est proposée.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {audit.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.possibleDuplicates.length > 0 ? <PossibleDuplicates id={audit.id} report={report} /> : null}
      <Findings report={report} />
      <InvoiceCard invoice={audit.invoice} report={report} />
      <div className="flex flex-wrap items-center gap-2">
        {audit.invoice.point.pce ? <CreateSiteLink draft={siteDraftFromInvoice(audit.id, audit.invoice)} /> : null}
        <AttachAuditToSite auditId={audit.id} current={audit.site ?? null} />
      </div>
    </div>
  );
}

function Relaunch({ id, label }: { id: string; label: string }) {
  const relaunch = useRelaunchAudit(id);
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button onClick={() => relaunch.mutate()} disabled={relaunch.isPending}>
          <Play aria-hidden="true" className="size-4" />
          {relaunch.isPending ? 'Lancement…' : label}
        </Button>
      </div>
      {relaunch.isError ? <Alert tone="error">{stepErrorMessage(relaunch.error)}</Alert> : null}
    </div>
  );
}

function ReadingProblems({ report }: { report: Report }) {
  return (
    <section aria-labelledby="audit-reading-title" className={CHECK_BOX}>
      <h3 id="audit-reading-title" className="font-semibold">
        Problèmes de lecture
      </h3>
      <p className="mt-1">
        Des valeurs lues sur la facture ne concordent pas entre elles : ce n’est pas une anomalie de facturation, mais
        la lecture est douteuse.
      </p>
      <ul className="mt-2 list-disc pl-5">
        {report.readingProblems.map((problem) => (
          <li key={problem.id}>{problem.message}</li>
        ))}
      </ul>
    </section>
  );
}

const qualificationLabels: Record<DuplicateQualification, string> = {
  doublon: 'Un doublon (la même facture envoyée deux fois)',
  rectificative: 'Une facture rectificative (elle remplace la précédente)',
  distincte: 'Une facture distincte (autre contrat, autre poste)',
};

function PossibleDuplicates({ id, report }: { id: string; report: Report }) {
  const qualify = useQualifyDuplicate(id);
  const chosen = report.duplicateQualification;
  // The answer being sent is shown at once (the radio does not flick back while the server answers).
  const shown = qualify.isPending ? qualify.variables : chosen;
  return (
    <section aria-labelledby="audit-duplicate-title" className={CHECK_BOX}>
      <h3 id="audit-duplicate-title" className="font-semibold">
        Doublon ou facture rectificative possible
      </h3>
      <ul className="mt-1 list-disc pl-5">
        {report.possibleDuplicates.map((other) => (
          <li key={`${other.invoiceNumber}-${other.period.firstDay}`}>
            La facture {other.invoiceNumber ? `n° ${other.invoiceNumber}` : 'sans numéro'}, déjà auditée, couvre{' '}
            {other.sharedDays} jour{other.sharedDays > 1 ? 's' : ''} de cette période (du{' '}
            {formatDate(other.period.firstDay)} au {formatDate(other.period.lastDay)}).
          </li>
        ))}
      </ul>
      <p className="mt-2">Rien n’est réclamé à ce titre. Cette facture est :</p>
      <fieldset className="mt-2 flex flex-col gap-2" disabled={qualify.isPending}>
        <legend className="sr-only">Qualifier la facture antérieure couvrant la même période</legend>
        {(Object.keys(qualificationLabels) as DuplicateQualification[]).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`duplicate-${id}`}
              value={value}
              checked={shown === value}
              onChange={() => qualify.mutate(value)}
              className="size-4 accent-current"
            />
            {qualificationLabels[value]}
          </label>
        ))}
      </fieldset>
      {chosen ? (
        <p role="status" className="mt-2 font-medium">
          Réponse enregistrée : {qualificationLabels[chosen].toLowerCase()}.
        </p>
      ) : null}
      {qualify.isError ? <Alert tone="error">{qualify.error.message}</Alert> : null}
    </section>
  );
}

/** « Aucune anomalie » only when every check ran; otherwise the headline says which could not run and why. */
function headline(report: Report, anomalies: number): string {
  if (report.readingProblems.length > 0 && report.checksRun.length === 0) {
    return 'Lecture à vérifier : aucun contrôle n’a été effectué, pour ne rien réclamer à tort.';
  }
  const found =
    anomalies === 0
      ? 'Aucune anomalie relevée'
      : `${anomalies} anomalie${anomalies > 1 ? 's' : ''} relevée${anomalies > 1 ? 's' : ''}`;
  const skipped = report.checksSkipped.length;
  if (skipped === 0) {
    return `${found} sur cette facture.`;
  }
  return `${found} par les ${report.checksRun.length} contrôle${report.checksRun.length > 1 ? 's' : ''} effectué${report.checksRun.length > 1 ? 's' : ''} ; ${skipped} contrôle${skipped > 1 ? 's n’ont' : ' n’a'} pas pu être effectué${skipped > 1 ? 's' : ''} :`;
}

function Summary({ audit, report }: { audit: AuditDetail; report: Report }) {
  const link = useClaimLetterLink();
  const anomalies = report.findings.filter((finding) => finding.severity === 'anomalie').length;
  const letter = claimLetterOffered(audit);
  const download = () =>
    link.mutate(audit.id, {
      onSuccess: ({ url }) => {
        window.location.assign(url);
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-foreground" data-testid="audit-headline">
        {headline(report, anomalies)}
      </p>
      {report.checksSkipped.length > 0 && report.checksRun.length > 0 ? (
        <ul className="-mt-2 list-disc pl-5 text-sm text-muted-foreground" aria-label="Contrôles non effectués">
          {report.checksSkipped.map((skipped) => (
            <li key={skipped.check}>
              <span className="font-medium text-foreground">{checkLabels[skipped.check] ?? skipped.check}</span> —{' '}
              <span>{skipped.reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {report.readingProblems.length === 0 ? (
        <p className="text-foreground">
          Montant total récupérable :{' '}
          <strong data-testid="recoverable-total" className="text-2xl tabular-nums">
            {formatCurrency(audit.recoverableEuros ?? 0)}
          </strong>{' '}
          HT
        </p>
      ) : null}
      {letter.offered ? (
        <div>
          <Button onClick={download} disabled={link.isPending} className="h-auto min-h-10 py-2 whitespace-normal">
            <Download aria-hidden="true" className="size-4" />
            {link.isPending ? 'Préparation de la lettre…' : 'Télécharger la lettre de réclamation (PDF)'}
          </Button>
        </div>
      ) : anomalies > 0 ? (
        <p className="text-sm text-muted-foreground">{letter.reason}</p>
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

function Findings({ report }: { report: Report }) {
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
        {report.checksSkipped.map((skipped) => (
          <li
            key={`skipped-${skipped.check}`}
            className="flex items-center justify-between gap-3 border-b border-border py-1.5"
          >
            <span className="text-foreground">{checkLabels[skipped.check] ?? skipped.check}</span>
            <span className="shrink-0 font-semibold whitespace-nowrap text-amber-800 dark:text-amber-300">
              Non effectué
            </span>
          </li>
        ))}
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

/** A unit price as printed: a CTA rate is a ratio (0,2193) shown as a percentage (21,93 %). */
export function unitPriceText(unitPrice: number | null, unit: string | null): string {
  if (unitPrice === null) {
    return '—';
  }
  if (unit?.trim() === '%') {
    return `${formatNumber(unitPrice * 100, 2)} %`;
  }
  return `${formatNumber(unitPrice, 4)} ${unit ?? ''}`.trim();
}

function InvoiceCard({ invoice, report }: { invoice: NormalisedInvoiceDto; report: Report }) {
  const unverifiable = new Map(report.unverifiableLines.map((line) => [line.lineIndex, line.reason]));
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
        <table className="w-full min-w-[40rem] text-left text-sm">
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
              <th scope="col" className="py-1 pr-3 text-right">
                Montant HT
              </th>
              <th scope="col" className="py-1">
                Remarque
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
                  {unitPriceText(line.unitPrice, line.unitPriceUnit)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCurrency(line.amount)}</td>
                <td className="py-1 text-xs">
                  {unverifiable.has(index) ? (
                    <span className="text-amber-800 dark:text-amber-300" data-testid="line-unverifiable">
                      <span className="font-semibold">Non vérifiable</span> : {unverifiable.get(index)}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** The values the user confirmed in the review step, which the checks used (ADR 0071). */
function ConfirmedValues({ review }: { review: NonNullable<AuditDetail['review']> }) {
  return (
    <section aria-labelledby="audit-confirmed-title" className="rounded-lg border border-border bg-surface p-4 text-sm">
      <h3 id="audit-confirmed-title" className="font-semibold text-foreground">
        Valeurs confirmées par vous
      </h3>
      <ul className="mt-2 list-disc pl-5 text-foreground">
        {review.fields.map((field) => {
          const value = review.confirmed?.[field.field];
          const text =
            value === undefined
              ? '—'
              : typeof value === 'object'
                ? `du ${formatDate(value.firstDay)} au ${formatDate(value.lastDay)}`
                : typeof value === 'number' && field.unit
                  ? `${formatNumber(value, value % 1 === 0 ? 0 : 3)} ${field.unit}`
                  : String(value);
          return (
            <li key={field.field}>
              {field.label} : {text}
            </li>
          );
        })}
        {review.confirmed?.figures ? (
          <li>
            Lignes et montants lus par OCR : {review.confirmed.figures.lines.length} ligne
            {review.confirmed.figures.lines.length > 1 ? 's' : ''}, TVA et totaux confirmés (tableau « Facture lue »)
          </li>
        ) : null}
      </ul>
    </section>
  );
}
