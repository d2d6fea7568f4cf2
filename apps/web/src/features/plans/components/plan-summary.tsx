import type { Plan } from '@pilote/contracts';
import { Check, Minus } from 'lucide-react';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPlanFeature, formatPlanPrice } from '../utils/plan-format.ts';

/** A plan's name, price and features (demonstration checkout and portal). */
export function PlanSummary({ plan, children }: { plan: Plan; children?: React.ReactNode }) {
  return (
    <Card data-testid="plan-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle>Plan {plan.name}</CardTitle>
        <p className="text-xl font-bold text-foreground">{formatPlanPrice(plan)}</p>
      </div>
      <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {plan.features.map((feature) => {
          const included = feature.type === 'boolean' ? feature.allowed : feature.limit !== 0;
          const Icon = included ? Check : Minus;
          return (
            <li key={feature.name} className="flex items-start gap-2">
              <Icon
                aria-hidden="true"
                className={cn('mt-0.5 size-4 shrink-0', included ? 'text-success' : 'text-muted-foreground')}
              />
              <span className="text-foreground">
                {feature.label}&nbsp;: <span className="font-medium">{formatPlanFeature(feature, plan)}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {children}
    </Card>
  );
}
