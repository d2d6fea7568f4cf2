import type { UsagePeriod } from '@pilote/contracts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { formatBillingDate, formatPeriodLastDay } from '../utils/plan-format.ts';

/** Spec §2.6: the billing period — start, end (its last day), next reset, days left — as days in Paris. */
export function CycleCard({ period }: { period: UsagePeriod }) {
  return (
    <Card data-testid="cycle-card">
      <CardTitle>Période en cours</CardTitle>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted-foreground">Début</dt>
        <dd className="font-medium text-foreground">{formatBillingDate(period.start)}</dd>
        <dt className="text-muted-foreground">Fin</dt>
        <dd className="font-medium text-foreground">{formatPeriodLastDay(period.end)}</dd>
        <dt className="text-muted-foreground">Prochaine réinitialisation</dt>
        <dd className="font-medium text-foreground">{formatBillingDate(period.next_reset)}</dd>
        <dt className="text-muted-foreground">Jours restants</dt>
        <dd className="font-medium text-foreground" data-testid="days-left">
          {formatNumber(period.days_left, 0)}
        </dd>
      </dl>
    </Card>
  );
}
