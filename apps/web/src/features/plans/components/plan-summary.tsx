import type { Plan } from '@pilote/contracts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { formatPlanPrice } from '../../../lib/plan-format.ts';
import { PlanFeatureItem } from './plan-feature-item.tsx';

/** A plan's name, price and features (demonstration checkout and portal). */
export function PlanSummary({
  plan,
  price,
  children,
}: {
  plan: Plan;
  /** Shown instead of the catalogue's monthly price (the checkout's interval, HT / TVA / TTC). */
  price?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Card data-testid="plan-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle>Plan {plan.name}</CardTitle>
        {price ?? <p className="text-xl font-bold text-foreground">{formatPlanPrice(plan)}</p>}
      </div>
      <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {plan.features.map((feature) => (
          <PlanFeatureItem key={feature.name} feature={feature} plan={plan} />
        ))}
      </ul>
      {children}
    </Card>
  );
}
