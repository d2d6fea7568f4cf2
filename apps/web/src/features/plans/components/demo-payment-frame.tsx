import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';

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

/** What stands in place of a session (missing, failed to load, of the other kind, closed), with the way back. */
export function DemoSessionNotice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone={tone}>{children}</Alert>
      <Link to={paths.accountSettings.getHref()}>Retour aux paramètres</Link>
    </div>
  );
}

/** A local provider's page for `?session=<id>` (checkout or portal), or « Session de paiement introuvable. ». */
export function DemoSessionPage({ title, children }: { title: string; children: (sessionId: string) => ReactNode }) {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session');
  return (
    <DemoPaymentFrame title={title}>
      {sessionId ? (
        children(sessionId)
      ) : (
        <DemoSessionNotice tone="error">Session de paiement introuvable.</DemoSessionNotice>
      )}
    </DemoPaymentFrame>
  );
}
