import type { LocalActionResponse, SubscriptionSummary } from '@pilote/contracts';
import { tierLabels } from '@pilote/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatBillingDate } from '../../../lib/plan-format.ts';
import { useCancelLocalSubscription } from '../api/cancel-local-subscription.ts';
import { useEndLocalPeriod } from '../api/end-local-period.ts';
import { useLocalSession } from '../api/get-local-session.ts';
import { useResumeLocalSubscription } from '../api/resume-local-subscription.ts';
import { DemoSessionNotice, DemoSessionPage } from './demo-payment-frame.tsx';
import { PlanSummary } from './plan-summary.tsx';

export const portalMessages = {
  canceled: (end: string) => `Abonnement résilié : il reste actif jusqu'au ${end}, puis retour au plan Gratuit.`,
  resumed: 'Résiliation annulée : votre abonnement continue.',
  renewed: (end: string) => `Nouvelle période démarrée : prochain renouvellement le ${end}.`,
  ended: 'Période terminée : votre abonnement a pris fin, vous êtes revenu au plan Gratuit.',
  failed: "Erreur lors de l'opération sur l'abonnement",
} as const;

const statusLabels: Record<SubscriptionSummary['status'], string> = {
  active: 'Actif',
  trialing: 'Essai',
  past_due: 'Paiement en retard',
  canceled: 'Terminé',
  incomplete: 'Incomplet',
  incomplete_expired: 'Expiré',
  unpaid: 'Impayé',
  paused: 'Suspendu',
};

function SubscriptionDetails({ subscription }: { subscription: SubscriptionSummary }) {
  return (
    <Card data-testid="portal-subscription">
      <CardTitle>Votre abonnement</CardTitle>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium text-foreground">{tierLabels[subscription.plan]}</dd>
        <dt className="text-muted-foreground">Statut</dt>
        <dd className="font-medium text-foreground" data-testid="portal-status">
          {subscription.cancel_at_period_end && subscription.status !== 'canceled'
            ? 'Résilié à la fin de la période'
            : statusLabels[subscription.status]}
        </dd>
        <dt className="text-muted-foreground">Période en cours</dt>
        <dd className="font-medium text-foreground">
          du {formatBillingDate(subscription.current_period_start)} au{' '}
          {formatBillingDate(subscription.current_period_end)}
        </dd>
      </dl>
    </Card>
  );
}

function PortalSession({ sessionId }: { sessionId: string }) {
  const session = useLocalSession(sessionId);
  const cancel = useCancelLocalSubscription();
  const resume = useResumeLocalSubscription();
  const endPeriod = useEndLocalPeriod();
  const navigate = useNavigate();
  const busy = cancel.isPending || resume.isPending || endPeriod.isPending;

  if (session.isPending) {
    return <LoadingState label="Chargement du portail de facturation…" />;
  }
  if (session.isError) {
    return <DemoSessionNotice tone="error">{session.error.message}</DemoSessionNotice>;
  }
  const data = session.data;
  const subscription = data.subscription;
  if (data.kind !== 'portal' || subscription === null || subscription.status === 'canceled') {
    return <DemoSessionNotice tone="info">Aucun abonnement en cours à gérer.</DemoSessionNotice>;
  }

  const onError = (error: Error) => toast.error(portalMessages.failed, { description: error.message });
  const onCancel = () =>
    cancel.mutate(data.id, {
      onSuccess: (answer) =>
        toast.success(portalMessages.canceled(formatBillingDate(answer.subscription?.current_period_end ?? ''))),
      onError,
    });
  const onResume = () => resume.mutate(data.id, { onSuccess: () => toast.success(portalMessages.resumed), onError });
  const onEndPeriod = () =>
    endPeriod.mutate(data.id, {
      onSuccess: (answer: LocalActionResponse) => {
        if (answer.subscription === null || answer.subscription.status === 'canceled') {
          toast.success(portalMessages.ended);
          void navigate(answer.url);
        } else {
          toast.success(portalMessages.renewed(formatBillingDate(answer.subscription.current_period_end)));
        }
      },
      onError,
    });

  return (
    <div className="flex flex-col gap-6">
      <SubscriptionDetails subscription={subscription} />
      <PlanSummary plan={data.plan} />
      <Card>
        <CardTitle>Actions</CardTitle>
        <div className="mt-4 flex flex-col gap-4">
          {subscription.cancel_at_period_end ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">
                Votre abonnement prendra fin le {formatBillingDate(subscription.current_period_end)}.
              </p>
              <Button className="self-start" variant="primary" onClick={onResume} disabled={busy}>
                Annuler la résiliation
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-muted-foreground">
                La résiliation prend effet à la fin de la période en cours : le plan reste actif jusque-là.
              </p>
              <Button className="self-start" variant="outline" onClick={onCancel} disabled={busy}>
                Résilier l'abonnement
              </Button>
            </div>
          )}
          <div className="flex flex-col gap-2 border-t border-border pt-4">
            <p className="text-sm text-muted-foreground">
              Démonstration : faire comme si la période en cours était terminée (renouvellement, ou fin de l'abonnement
              s'il est résilié).
            </p>
            <Button className="self-start" variant="outline" onClick={onEndPeriod} disabled={busy}>
              Terminer la période maintenant
            </Button>
          </div>
        </div>
      </Card>
      <Link to={data.return_url}>Retour aux paramètres</Link>
    </div>
  );
}

/** `/private/account/billing/portal?session=<id>`: the local provider's billing portal (ADR 0027). */
export function LocalPortalPage() {
  return (
    <DemoSessionPage title="Portail de facturation">
      {(sessionId) => <PortalSession sessionId={sessionId} />}
    </DemoSessionPage>
  );
}
