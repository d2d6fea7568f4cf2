import type { AuditFileInvoice } from '@pilote/contracts';
import { Link } from 'react-router';
import { IN_PAGE_NAVIGATION } from '../../../app/layouts/use-navigation-focus.ts';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { partDescription, partPosition } from '../utils/parts.ts';
import { auditStatusLabels } from './audit-list.tsx';

/** What one invoice of the file gave: its anomalies and € once done, else its status. */
function resultOf(invoice: AuditFileInvoice): string {
  if (invoice.status !== 'done' || invoice.anomalies === null) {
    return auditStatusLabels[invoice.status];
  }
  const anomalies = `${invoice.anomalies} anomalie${invoice.anomalies > 1 ? 's' : ''}`;
  return `${anomalies} — ${formatCurrency(invoice.recoverableEuros ?? 0)} récupérables`;
}

/**
 * The invoices of a file that holds several (a supplier portal's export, ADR 0086): each is an audit of its own, with
 * its status or result and the site of its PCE; the one shown is marked, the others open in its place.
 */
export function FileInvoices({ current, invoices }: { current: string; invoices: readonly AuditFileInvoice[] }) {
  if (invoices.length === 0) {
    return null;
  }
  return (
    <section
      aria-labelledby="audit-file-invoices-title"
      className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h3 id="audit-file-invoices-title" className="text-base font-semibold text-foreground">
        Ce fichier contient {invoices.length} factures
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Chaque facture est auditée à part : sa lecture, ses contrôles, ses anomalies et sa lettre de réclamation.
      </p>
      <ol className="mt-3 flex flex-col gap-2" aria-label="Factures du fichier">
        {invoices.map((invoice) => {
          const isCurrent = invoice.id === current;
          return (
            <li
              key={invoice.id}
              data-testid="file-invoice"
              aria-current={isCurrent ? 'true' : undefined}
              className={cn(
                'flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border px-3 py-2 text-sm sm:px-4',
                isCurrent ? 'border-primary bg-accent' : 'border-border',
              )}
            >
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium text-foreground">
                  {partPosition(invoice.part)}
                  {isCurrent ? <span className="font-normal text-muted-foreground"> (affichée)</span> : null}
                </p>
                <p className="break-words text-muted-foreground">{partDescription(invoice.part)}</p>
                <p className="text-muted-foreground">
                  Site :{' '}
                  {invoice.site ? (
                    <Link
                      to={paths.site.getHref(invoice.site.id)}
                      className="font-medium text-foreground underline underline-offset-2"
                    >
                      {invoice.site.name}
                    </Link>
                  ) : (
                    'aucun site pour ce PCE'
                  )}
                </p>
              </div>
              <p
                data-testid="file-invoice-result"
                className={cn(
                  'font-medium',
                  invoice.status === 'failed' || invoice.anomalies
                    ? 'text-red-700 dark:text-red-400'
                    : 'text-foreground',
                )}
              >
                {resultOf(invoice)}
              </p>
              {isCurrent ? null : (
                <Link
                  to={{ search: `?audit=${encodeURIComponent(invoice.id)}` }}
                  // Another invoice in place: the results page moves the focus to its title, not to <main>.
                  state={IN_PAGE_NAVIGATION}
                  className={buttonStyles({ variant: 'outline', size: 'sm' })}
                  aria-label={`Voir la ${partPosition(invoice.part).toLowerCase()}`}
                >
                  Voir
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
