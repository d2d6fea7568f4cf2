import type { Plan } from '@pilote/contracts';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatPlanFeature } from '../../../lib/plan-format.ts';

/** One line of a plan's features: a tick when included (a limit above 0 or an allowed capability), a dash if not. */
export function PlanFeatureItem({ feature, plan }: { feature: Plan['features'][number]; plan: Plan }) {
  const included = feature.type === 'boolean' ? feature.allowed : feature.limit !== 0;
  const Icon = included ? Check : Minus;
  return (
    <li className="flex items-start gap-2">
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', included ? 'text-success' : 'text-muted-foreground')}
      />
      <span className="text-foreground">
        {feature.label}&nbsp;: <span className="font-medium">{formatPlanFeature(feature, plan)}</span>
      </span>
    </li>
  );
}
