import { formatEuroCents, settingsMessages } from '@pilote/contracts';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatCurrency } from '../../../lib/format.ts';
import { useConfirmLocalCheckout } from '../api/confirm-local-checkout.ts';
import { useLocalSession } from '../api/get-local-session.ts';
import { DemoSessionNotice, DemoSessionPage } from './demo-payment-frame.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { PriceLines } from './price-lines.tsx';

function CheckoutSession({ sessionId }: { sessionId: string }) {
  const session = useLocalSession(sessionId);
  const confirm = useConfirmLocalCheckout();
  const navigate = useNavigate();

  if (session.isPending) {
    return <LoadingState label="Chargement de la session de paiement…" />;
  }
  if (session.isError) {
    return <DemoSessionNotice tone="error">{session.error.message}</DemoSessionNotice>;
  }
  const data = session.data;
  if (data.kind !== 'checkout') {
    return <DemoSessionNotice tone="error">Cette session n'est pas une session de paiement.</DemoSessionNotice>;
  }
  if (data.status !== 'open') {
    return (
      <DemoSessionNotice tone="info">
        {data.status === 'completed'
          ? 'Ce paiement a déjà été effectué.'
          : 'Cette session de paiement a expiré : choisissez à nouveau votre plan.'}
      </DemoSessionNotice>
    );
  }

  const pay = () => {
    confirm.mutate(data.id, {
      onSuccess: ({ url }) => void navigate(url),
      onError: (error) => toast.error(settingsMessages.checkoutFailed, { description: error.message }),
    });
  };
  const amount = data.price
    ? `${formatEuroCents(data.price.ttc_cents)} TTC`
    : `${formatCurrency(data.plan.price, Number.isInteger(data.plan.price) ? 0 : 2)} HT`;
  const paid = data.plan.id === 'basic' || data.plan.id === 'premium' ? data.plan.id : null;

  return (
    <PlanSummary plan={data.plan} price={paid ? <PriceLines plan={paid} interval={data.interval} /> : undefined}>
      <p className="mt-6 text-sm text-muted-foreground">
        Paiement {data.interval === 'year' ? 'annuel' : 'mensuel'}, renouvelé chaque{' '}
        {data.interval === 'year' ? 'année' : 'mois'} jusqu'à résiliation depuis «&nbsp;Gérer l'abonnement&nbsp;». Le
        paiement active le plan immédiatement, avec ses nouvelles limites.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button size="lg" onClick={pay} disabled={confirm.isPending} aria-busy={confirm.isPending}>
          {confirm.isPending ? 'Paiement en cours…' : `Payer ${amount} (démonstration)`}
        </Button>
        <RouterLink to={data.cancel_url} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          Annuler
        </RouterLink>
      </div>
    </PlanSummary>
  );
}

/** `/private/account/billing/checkout?session=<id>`: the local provider's checkout (ADR 0027). */
export function LocalCheckoutPage() {
  return (
    <DemoSessionPage title="Souscrire un abonnement">
      {(sessionId) => <CheckoutSession sessionId={sessionId} />}
    </DemoSessionPage>
  );
}
