import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';

export const DEMO_PAYMENT_LABEL = 'Paiement de démonstration';

/**
 * The frame of the local billing provider's pages (ADR 0027): always titled « Paiement de démonstration » and
 * saying that no money moves, so nobody mistakes them for a real payment page.
 */
export function DemoPaymentFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <DocumentTitle title={`${title} · ${DEMO_PAYMENT_LABEL}`} />
      <div
        data-testid="demo-payment-banner"
        className="flex items-start gap-3 rounded-xl border-2 border-dashed border-warning bg-warning-soft p-4"
      >
        <FlaskConical aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning" />
        <div>
          <p className="text-base font-bold text-foreground">{DEMO_PAYMENT_LABEL}</p>
          <p className="mt-1 text-sm leading-6 text-foreground">
            Cette page simule le fournisseur de paiement de cette installation : aucune carte n'est demandée et aucune
            somme n'est prélevée.
          </p>
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      {children}
    </div>
  );
}
