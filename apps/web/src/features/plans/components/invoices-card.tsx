import { formatEuroCents, intervalLabels, tierLabels } from '@pilote/contracts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatBillingDate, formatPeriodLastDay } from '../../../lib/plan-format.ts';
import { invoicePdfUrl, useInvoices } from '../api/get-invoices.ts';

/** « Factures »: the organisation's invoices (number, date, period, HT / TVA / TTC) with their PDF (ADR 0078). */
export function InvoicesCard({ version }: { version: string }) {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page, version);
  const headingId = useId();
  const pages = invoices.data ? Math.max(1, Math.ceil(invoices.data.total / invoices.data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Factures
      </h2>
      {invoices.isPending ? <LoadingState label="Chargement des factures…" /> : null}
      {invoices.isError ? <Alert tone="error">Impossible de charger les factures.</Alert> : null}
      {invoices.data && invoices.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Aucune facture pour l’instant : chaque paiement d’abonnement de l’organisation en produit une ici.
        </p>
      ) : null}
      {invoices.data && invoices.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3" data-testid="invoices">
          {invoices.data.items.map((invoice) => (
            <li key={invoice.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="invoice">
                <div className="flex min-w-0 flex-col gap-1 text-sm">
                  <p className="font-semibold text-foreground">Facture {invoice.number}</p>
                  <p className="text-muted-foreground">
                    {formatBillingDate(invoice.issued_at)} · {tierLabels[invoice.plan]} (
                    {intervalLabels[invoice.interval]}) du {formatBillingDate(invoice.period_start)} au{' '}
                    {formatPeriodLastDay(invoice.period_end)}
                  </p>
                  <p className="text-foreground">
                    {formatEuroCents(invoice.amount_ht_cents)} HT · TVA {formatEuroCents(invoice.vat_cents)} ·{' '}
                    <span className="font-semibold">{formatEuroCents(invoice.amount_ttc_cents)} TTC</span>
                  </p>
                </div>
                <a
                  className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  href={invoicePdfUrl(invoice.id)}
                  download={`facture-${invoice.number}.pdf`}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Télécharger la facture {invoice.number} (PDF)
                </a>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages des factures" className="flex items-center gap-2">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Précédentes
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} / {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Suivantes
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
