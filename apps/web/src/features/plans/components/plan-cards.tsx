import type { BillingInterval, Plan, UserTier } from '@pilote/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPlanPrice } from '../../../lib/plan-format.ts';
import { PlanFeatureItem } from './plan-feature-item.tsx';
import { PriceLines } from './price-lines.tsx';

export const CURRENT_PLAN_LABEL = 'Actuel';
export const POPULAR_PLAN_LABEL = 'Populaire';

type PlanCardsProps = {
  plans: readonly Plan[];
  tier: UserTier;
  /** A paid subscription runs: another plan is chosen in the billing portal, not by a new checkout (ADR 0029). */
  hasSubscription: boolean;
  /** False when no payment provider is configured (pricing `provider: 'none'`): nothing can be bought. */
  paymentsEnabled: boolean;
  /** The plan whose checkout is being created (its button shows it). */
  pendingPlan: string | null;
  /** Monthly or yearly prices (ADR 0078). */
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  /** Owners and administrators of the organisation only (ADR 0078); others see the plans, disabled. */
  canChangePlan: boolean;
  onChoose: (plan: Plan) => void;
};

export const MANAGERS_ONLY_HINT =
  'Seuls les propriétaires et administrateurs de l’organisation peuvent changer son abonnement.';

function IntervalSwitch({
  interval,
  onChange,
}: {
  interval: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const options: { value: BillingInterval; label: string }[] = [
    { value: 'month', label: 'Mensuel' },
    { value: 'year', label: 'Annuel (2 mois offerts)' },
  ];
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Période de facturation</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-ring',
            interval === option.value
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border bg-card text-foreground hover:bg-muted',
          )}
        >
          <input
            type="radio"
            name="billing-interval"
            value={option.value}
            checked={interval === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Spec §6: the plan cards; the current plan is marked 'Actuel'; neither the free plan nor the current one can be
 * chosen. The caller shows none to an admin.
 */
export function PlanCards({
  plans,
  tier,
  hasSubscription,
  paymentsEnabled,
  pendingPlan,
  interval,
  onIntervalChange,
  canChangePlan,
  onChoose,
}: PlanCardsProps) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-3">
      <IntervalSwitch interval={interval} onChange={onIntervalChange} />
      {!canChangePlan ? (
        <p id={hintId} className="text-sm text-muted-foreground" data-testid="plan-managers-only">
          {MANAGERS_ONLY_HINT}
        </p>
      ) : hasSubscription ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          Pour changer de plan ou résilier, passez par «&nbsp;Gérer l'abonnement&nbsp;».
        </p>
      ) : !paymentsEnabled ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          Le paiement en ligne n'est pas configuré sur cette installation : aucun plan ne peut être souscrit pour
          l'instant.
        </p>
      ) : null}
      <ul className="grid gap-4 lg:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = plan.id === tier;
          const selectable = plan.id !== 'free' && !isCurrent && !hasSubscription && paymentsEnabled && canChangePlan;
          const titleId = `${hintId}-${plan.id}`;
          return (
            <li key={plan.id}>
              <Card
                aria-labelledby={titleId}
                role="group"
                data-testid="plan-card"
                data-plan={plan.id}
                className={cn('flex h-full flex-col p-5', isCurrent && 'border-primary ring-1 ring-primary')}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={titleId} className="text-lg font-semibold text-foreground">
                    {plan.name}
                  </h3>
                  {isCurrent ? <Badge data-testid="current-plan">{CURRENT_PLAN_LABEL}</Badge> : null}
                  {plan.popular ? (
                    <Badge className="border-warning/50 bg-warning-soft text-foreground">{POPULAR_PLAN_LABEL}</Badge>
                  ) : null}
                </div>
                <div className="mt-2">
                  {plan.id === 'basic' || plan.id === 'premium' ? (
                    <PriceLines plan={plan.id} interval={interval} />
                  ) : (
                    <p className="text-2xl font-bold tracking-tight text-foreground">{formatPlanPrice(plan)}</p>
                  )}
                </div>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{plan.description}</p>
                <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <PlanFeatureItem key={feature.name} feature={feature} plan={plan} />
                  ))}
                </ul>
                <Button
                  className="mt-5 w-full"
                  variant={isCurrent || !selectable ? 'outline' : 'primary'}
                  disabled={!selectable || pendingPlan !== null}
                  aria-describedby={
                    (hasSubscription || !paymentsEnabled || !canChangePlan) && plan.id !== 'free' && !isCurrent
                      ? hintId
                      : undefined
                  }
                  aria-busy={pendingPlan === plan.id || undefined}
                  onClick={() => onChoose(plan)}
                >
                  {isCurrent
                    ? 'Plan actuel'
                    : plan.id === 'free'
                      ? 'Plan de base'
                      : pendingPlan === plan.id
                        ? 'Redirection…'
                        : `Choisir ${plan.name}`}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
