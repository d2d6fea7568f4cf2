import type { UsagePeriod } from '@pilote/contracts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { formatBillingDate, formatPeriodLastDay } from '../../../lib/plan-format.ts';

/** Spec §2.6: the billing period — start, end (its last day), next reset, days left — as days in Paris. */
export function CycleCard({ period }: { period: UsagePeriod }) {
  const rows: [string, string, string | undefined][] = [
    ['Début', formatBillingDate(period.start), undefined],
    ['Fin', formatPeriodLastDay(period.end), undefined],
    ['Prochaine réinitialisation', formatBillingDate(period.next_reset), undefined],
    ['Jours restants', formatNumber(period.days_left, 0), 'days-left'],
  ];
  return (
    <Card data-testid="cycle-card">
      <CardTitle>Période en cours</CardTitle>
      <dl className="mt-4 flex flex-col gap-3 text-sm">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium text-foreground" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
