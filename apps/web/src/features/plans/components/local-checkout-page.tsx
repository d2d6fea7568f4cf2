import { settingsMessages } from '@pilote/contracts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCurrency } from '../../../lib/format.ts';
import { useConfirmLocalCheckout } from '../api/confirm-local-checkout.ts';
import { useLocalSession } from '../api/get-local-session.ts';
import { intervalLabels } from '../utils/plan-format.ts';
import { DemoPaymentFrame } from './demo-payment-frame.tsx';
import { PlanSummary } from './plan-summary.tsx';

function BackToSettings() {
  return <Link to={paths.accountSettings.getHref()}>Retour aux paramètres</Link>;
}

function CheckoutSession({ sessionId }: { sessionId: string }) {
  const session = useLocalSession(sessionId);
  const confirm = useConfirmLocalCheckout();
  const navigate = useNavigate();

  if (session.isPending) {
    return <LoadingState label="Chargement de la session de paiement…" />;
  }
  if (session.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{session.error.message}</Alert>
        <BackToSettings />
      </div>
    );
  }
  const data = session.data;
  if (data.kind !== 'checkout') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">Cette session n'est pas une session de paiement.</Alert>
        <BackToSettings />
      </div>
    );
  }
  if (data.status !== 'open') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">
          {data.status === 'completed'
            ? 'Ce paiement a déjà été effectué.'
            : 'Cette session de paiement a expiré : choisissez à nouveau votre plan.'}
        </Alert>
        <BackToSettings />
      </div>
    );
  }

  const pay = () => {
    confirm.mutate(data.id, {
      onSuccess: ({ url }) => void navigate(url),
      onError: (error) => toast.error(settingsMessages.checkoutFailed, { description: error.message }),
    });
  };
  const amount = `${formatCurrency(data.plan.price, Number.isInteger(data.plan.price) ? 0 : 2)} HT`;

  return (
    <PlanSummary plan={data.plan}>
      <p className="mt-6 text-sm text-muted-foreground">
        Renouvelé chaque {intervalLabels[data.plan.interval]} jusqu'à résiliation depuis «&nbsp;Gérer
        l'abonnement&nbsp;». Le paiement active le plan immédiatement, avec ses nouvelles limites.
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
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session');
  return (
    <DemoPaymentFrame title="Souscrire un abonnement">
      {sessionId ? (
        <CheckoutSession sessionId={sessionId} />
      ) : (
        <div className="flex flex-col gap-4">
          <Alert tone="error">Session de paiement introuvable.</Alert>
          <BackToSettings />
        </div>
      )}
    </DemoPaymentFrame>
  );
}
