import { isLimitReached, settingsMessages, type UsageFeature } from '@pilote/contracts';
import { Ban, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/meter.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { formatAllowed, formatUsed } from '../../../lib/plan-format.ts';
import { meterToneOf, sortFeaturesByUsage } from '../../../lib/usage-level.ts';

function QuotaCard({ feature }: { feature: Extract<UsageFeature, { type: 'quota' }> }) {
  const titleId = useId();
  const reached = isLimitReached(feature);
  return (
    <Card className="h-full p-5" data-testid="usage-card" data-feature={feature.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-foreground">
          {feature.label}
        </h3>
        {reached ? (
          <Badge className="border-danger/40 bg-danger-soft text-danger">{settingsMessages.limitReached}</Badge>
        ) : null}
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-foreground tabular-nums">{formatUsed(feature)}</p>
      {feature.limit === null ? null : (
        <Meter className="mt-3" value={feature.pct_used} tone={meterToneOf(feature)} aria-labelledby={titleId} />
      )}
      <p className="mt-2 text-sm text-muted-foreground">
        {feature.limit === null
          ? 'Sans limite sur votre plan'
          : `${formatPercent(feature.pct_used)} utilisés · ${formatNumber(feature.remaining, 0)} restant${(feature.remaining ?? 0) > 1 ? 's' : ''}`}
      </p>
    </Card>
  );
}

function BooleanCard({ feature }: { feature: Extract<UsageFeature, { type: 'boolean' }> }) {
  const Icon = feature.allowed ? CircleCheck : Ban;
  return (
    <Card className="h-full p-5" data-testid="usage-card" data-feature={feature.name}>
      <h3 className="font-semibold text-foreground">{feature.label}</h3>
      <p className="mt-2 flex items-center gap-2 text-sm font-medium text-foreground">
        <Icon aria-hidden="true" className={feature.allowed ? 'size-4 text-success' : 'size-4 text-muted-foreground'} />
        {formatAllowed(feature.allowed)}
      </p>
    </Card>
  );
}

/** Spec §2.6, §9: one card per feature, sorted by percentage used, bars blue / amber ≥ 80 % / red at the limit. */
export function UsageCards({ features }: { features: readonly UsageFeature[] }) {
  const sorted = sortFeaturesByUsage(features);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sorted.map((feature) => (
        <li key={feature.name}>
          {feature.type === 'quota' ? <QuotaCard feature={feature} /> : <BooleanCard feature={feature} />}
        </li>
      ))}
    </ul>
  );
}
