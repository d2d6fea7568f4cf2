import { type BillingInterval, type Plan, paidTiers, settingsMessages, type UsageResponse } from '@pilote/contracts';
import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatBillingDate } from '../../../lib/plan-format.ts';
import { useUsage } from '../../../lib/usage.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';
import { AccountCard } from '../../account/index.ts';
import { useActiveOrganisation } from '../../organisations/index.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useCreatePortalSession } from '../api/create-portal-session.ts';
import { usePricing } from '../api/get-pricing.ts';
import { usePaymentReturn } from '../hooks/use-payment-return.ts';
import { showsPlanCards } from '../utils/tiers.ts';
import { CheckoutIdentity, identityComplete } from './checkout-identity.tsx';
import { CycleCard } from './cycle-card.tsx';
import { InvoicesCard } from './invoices-card.tsx';
import { PlanCards } from './plan-cards.tsx';
import { UsageCards } from './usage-cards.tsx';

export const MANAGE_SUBSCRIPTION_LABEL = "Gérer l'abonnement";

/** The provider's page: an in-app path (local demonstration provider) or another site (Stripe). */
function useGoTo() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//')) {
      void navigate(url);
    } else {
      window.location.assign(url);
    }
  };
}

function errorText(error: Error): string {
  return error.message || 'Erreur inconnue';
}

function SubscriptionLines({ usage }: { usage: UsageResponse }) {
  // A subscription that has ended (back on free) is history, not something to show here.
  const subscription = usage.subscription?.status === 'canceled' ? null : usage.subscription;
  return (
    <>
      {usage.trial_ends_at ? (
        <>
          <dt className="text-muted-foreground">Essai</dt>
          <dd className="font-medium text-foreground">Jusqu'au {formatBillingDate(usage.trial_ends_at)}</dd>
        </>
      ) : null}
      {subscription ? (
        <>
          <dt className="text-muted-foreground">Abonnement</dt>
          <dd className="font-medium text-foreground" data-testid="subscription-status">
            {subscription.cancel_at_period_end
              ? `Résilié : prend fin le ${formatBillingDate(subscription.current_period_end)}, puis retour au plan Gratuit`
              : `Renouvelé le ${formatBillingDate(subscription.current_period_end)}`}
          </dd>
        </>
      ) : null}
    </>
  );
}

/**
 * `/private/account/settings` (Paramètres, spec §2.6, §6, §8, §9): account card, billing period, usage per
 * feature sorted by percentage, plan cards (none for an admin), refresh, 'Gérer l'abonnement' for paid non-admin
 * users with a subscription, and the toasts of a return from the payment provider.
 */
export function SettingsPage() {
  const sessionUser = useCurrentUser();
  const usage = useUsage();
  const pricing = usePricing();
  const checkout = useCreateCheckoutSession();
  const portal = useCreatePortalSession();
  const goTo = useGoTo();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const [chosenInterval, setBillingInterval] = useState<BillingInterval | null>(null);
  const [identityFor, setIdentityFor] = useState<Plan | null>(null);
  const organisation = useActiveOrganisation();
  const usageHeadingId = useId();
  const plansHeadingId = useId();
  usePaymentReturn();

  const user = usage.data?.user;
  // The running subscription's interval until the user picks one (a yearly subscriber sees yearly prices).
  const interval: BillingInterval = chosenInterval ?? usage.data?.billing_interval ?? 'month';
  const tier = user?.tier ?? sessionUser.tier;
  const refreshing = usage.isFetching || pricing.isFetching;

  const refresh = () => {
    void usage.refetch();
    void pricing.refetch();
  };

  const checkoutPlan = (plan: Plan) => {
    setPendingPlan(plan.id);
    checkout.mutate(
      { plan: plan.id, interval },
      {
        onSuccess: ({ url }) => goTo(url),
        onError: (error) => {
          setPendingPlan(null);
          toast.error(settingsMessages.checkoutFailed, { description: errorText(error) });
        },
      },
    );
  };

  /** The organisation's identity is asked at this step when an invoice could not name it (ADR 0078). */
  const choosePlan = (plan: Plan) => {
    if (organisation.data && !identityComplete(organisation.data)) {
      setIdentityFor(plan);
      return;
    }
    checkoutPlan(plan);
  };

  const openPortal = () => {
    portal.mutate(undefined, {
      onSuccess: ({ url }) => goTo(url),
      onError: (error) => toast.error(settingsMessages.portalFailed, { description: errorText(error) }),
    });
  };

  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <DocumentTitle title="Paramètres" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Paramètres</h1>
        <div className="flex flex-wrap gap-2">
          {usage.data?.can_manage_billing ? (
            <Button variant="primary" onClick={openPortal} disabled={portal.isPending} aria-busy={portal.isPending}>
              {portal.isPending ? 'Ouverture du portail…' : MANAGE_SUBSCRIPTION_LABEL}
            </Button>
          ) : null}
          <Button variant="outline" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
            <RefreshCw
              aria-hidden="true"
              className={cn('size-4', refreshing && 'animate-spin motion-reduce:animate-none')}
            />
            Actualiser
          </Button>
        </div>
      </div>

      {usage.isError ? (
        <Alert tone="error">
          <p>Erreur : {errorText(usage.error)}</p>
          <p>{settingsMessages.loadFailedHint}</p>
        </Alert>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <AccountCard name={user?.display_name || sessionUser.name} email={user?.email ?? sessionUser.email} tier={tier}>
          {usage.data ? <SubscriptionLines usage={usage.data} /> : null}
        </AccountCard>
        {usage.data ? <CycleCard period={usage.data.period} /> : null}
      </div>

      <section aria-labelledby={usageHeadingId} className="flex flex-col gap-4">
        <h2 id={usageHeadingId} className="text-xl font-semibold text-foreground">
          Utilisation
        </h2>
        {usage.isPending ? <LoadingState label="Chargement de votre utilisation…" /> : null}
        {usage.data ? <UsageCards features={usage.data.features} /> : null}
      </section>

      {showsPlanCards(tier) ? (
        <section aria-labelledby={plansHeadingId} className="flex flex-col gap-4">
          <h2 id={plansHeadingId} className="text-xl font-semibold text-foreground">
            Plans
          </h2>
          {pricing.isPending ? <LoadingState label="Chargement des plans…" /> : null}
          {pricing.isError ? (
            <Alert tone="error">Impossible de charger les plans : {errorText(pricing.error)}</Alert>
          ) : null}
          {identityFor && organisation.data ? (
            <CheckoutIdentity
              organisation={organisation.data}
              planName={identityFor.name}
              onSaved={() => {
                const plan = identityFor;
                setIdentityFor(null);
                checkoutPlan(plan);
              }}
              onCancel={() => setIdentityFor(null)}
            />
          ) : null}
          {pricing.data && usage.data ? (
            <PlanCards
              plans={pricing.data.plans}
              tier={tier}
              hasSubscription={
                usage.data.can_manage_billing ||
                (paidTiers.includes(tier) &&
                  usage.data.subscription !== null &&
                  usage.data.subscription.status !== 'canceled')
              }
              paymentsEnabled={pricing.data.provider !== 'none'}
              pendingPlan={pendingPlan}
              interval={interval}
              onIntervalChange={setBillingInterval}
              canChangePlan={usage.data.can_change_plan}
              onChoose={choosePlan}
            />
          ) : null}
        </section>
      ) : null}

      {usage.data ? (
        <InvoicesCard
          version={`${usage.data.user.tier}:${usage.data.subscription?.current_period_start ?? ''}:${usage.dataUpdatedAt}`}
        />
      ) : null}
    </div>
  );
}
