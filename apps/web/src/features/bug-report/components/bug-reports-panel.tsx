import {
  type BugReportStatus,
  type BugSeverity,
  bugReportStatuses,
  bugReportStatusLabels,
  bugReportTransitions,
  bugSeverities,
  bugSeverityLabels,
} from '@pilote/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { inputStyles, Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { useBugReport } from '../api/get-bug-report.ts';
import { BUG_REPORTS_PAGE_SIZE, useBugReports } from '../api/get-bug-reports.ts';
import { useSetBugReportStatus } from '../api/set-bug-report-status.ts';

const severityTone: Record<BugSeverity, string> = {
  minor: '',
  major: 'border-border-strong',
  critical: 'border-danger/50 text-danger',
};

function StatusForm({ id, status }: { id: string; status: BugReportStatus }) {
  const next = bugReportTransitions[status];
  const [target, setTarget] = useState<BugReportStatus | ''>(next[0] ?? '');
  const [note, setNote] = useState('');
  const mutation = useSetBugReportStatus();
  if (next.length === 0) {
    return null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      return;
    }
    mutation.mutate({ id, status: target, note }, { onSuccess: () => setNote('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-border pt-3" aria-label="Changer le statut">
      <FormField label="Nouveau statut">
        {(control) => (
          <Select {...control} value={target} onChange={(event) => setTarget(event.target.value as BugReportStatus)}>
            {next.map((value) => (
              <option key={value} value={value}>
                {bugReportStatusLabels[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Note" hint="Obligatoire pour « Résolu » et « Rejeté ».">
        {(control) => (
          <textarea
            {...control}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={2000}
            rows={2}
            className={cn(inputStyles, 'h-auto py-2')}
          />
        )}
      </FormField>
      {mutation.error ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <div>
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          Enregistrer le statut
        </Button>
      </div>
    </form>
  );
}

function BugReportDetail({ id }: { id: string }) {
  const report = useBugReport(id);
  if (report.isPending) {
    return <LoadingState />;
  }
  if (report.error) {
    return <Alert tone="error">Impossible de charger le rapport : {report.error.message}</Alert>;
  }
  const data = report.data;
  return (
    <div className="mt-3 flex flex-col gap-3 text-sm">
      <p className="whitespace-pre-line text-foreground">{data.description}</p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">Page</dt>
        <dd className="break-all">{data.url || '—'}</dd>
        <dt className="font-medium text-muted-foreground">Sélecteur</dt>
        <dd className="break-all">
          <code>{data.elementSelector ?? '—'}</code>
        </dd>
        <dt className="font-medium text-muted-foreground">Navigateur</dt>
        <dd className="break-all">
          {data.browserInfo.userAgent} · {data.browserInfo.language} · {data.browserInfo.platform} · écran{' '}
          {data.browserInfo.screenResolution} · fenêtre {data.browserInfo.viewportSize}
        </dd>
        {data.statusNote ? (
          <>
            <dt className="font-medium text-muted-foreground">Note</dt>
            <dd className="whitespace-pre-line">{data.statusNote}</dd>
          </>
        ) : null}
      </dl>
      {data.elementHtml ? (
        <pre className="max-h-40 overflow-auto rounded-md bg-muted p-2 text-xs whitespace-pre-wrap break-all text-foreground">
          {data.elementHtml}
        </pre>
      ) : null}
      {data.screenshotUrl ? (
        <a href={data.screenshotUrl} target="_blank" rel="noreferrer" className="block">
          <img
            src={data.screenshotUrl}
            alt={`Capture d’écran jointe au rapport « ${data.title} »`}
            className="max-h-80 rounded-md border border-border object-contain"
          />
        </a>
      ) : null}
      <StatusForm key={data.status} id={data.id} status={data.status} />
    </div>
  );
}

/** « Rapports de bugs »: reports sent from the floating widget, with filters, details and triage (staff, admins). */
export function BugReportsPanel({ onForbidden }: { onForbidden: (error: Error) => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<BugReportStatus | ''>('');
  const [severity, setSeverity] = useState<BugSeverity | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const reports = useBugReports({
    page,
    pageSize: BUG_REPORTS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(severity ? { severity } : {}),
  });
  const headingId = useId();
  const forbidden = useForbiddenError(reports.error, onForbidden);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Rapports de bugs
      </h2>
      <div className="flex flex-wrap gap-4">
        <FormField label="Statut">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as BugReportStatus | '');
                setPage(1);
              }}
            >
              <option value="">Tous</option>
              {bugReportStatuses.map((value) => (
                <option key={value} value={value}>
                  {bugReportStatusLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Gravité">
          {(control) => (
            <Select
              {...control}
              value={severity}
              onChange={(event) => {
                setSeverity(event.target.value as BugSeverity | '');
                setPage(1);
              }}
            >
              <option value="">Toutes</option>
              {bugSeverities.map((value) => (
                <option key={value} value={value}>
                  {bugSeverityLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {reports.isPending ? <LoadingState /> : null}
      {reports.error && !forbidden ? (
        <Alert tone="error">Impossible de charger les rapports de bugs : {reports.error.message}</Alert>
      ) : null}
      {reports.data ? (
        <>
          {reports.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun rapport.</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="bug-reports-list">
              {reports.data.items.map((report) => (
                <li key={report.id} className="rounded-xl border border-border bg-surface p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium break-words text-foreground">{report.title}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                    </p>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <Badge className={severityTone[report.severity]}>{bugSeverityLabels[report.severity]}</Badge>
                    <Badge>{bugReportStatusLabels[report.status]}</Badge>
                    <span className="break-all">{report.reporterEmail ?? 'anonyme'}</span>
                    {report.hasScreenshot ? <span>· capture jointe</span> : null}
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="mt-3"
                    aria-expanded={open === report.id}
                    onClick={() => setOpen(open === report.id ? null : report.id)}
                  >
                    {open === report.id ? 'Masquer le détail' : 'Voir le détail'}
                  </Button>
                  {open === report.id ? <BugReportDetail id={report.id} /> : null}
                </li>
              ))}
            </ul>
          )}
          <Pager label="Pages des rapports de bugs" of={reports.data} onChange={setPage} />
        </>
      ) : null}
    </section>
  );
}
