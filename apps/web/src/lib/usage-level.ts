/**
 * Usage bars (spec §9, rules in `@pilote/contracts`: `usageLevel`, `isLimitReached`): blue; amber from 80 %; red
 * at 100 % or more, and red whenever the quota counts as reached (used above the limit).
 * Settings cards are sorted by percentage used (spec §2.6), highest first; ADR 0029 places unlimited quotas after
 * the limited ones and the yes/no features last, each group by label.
 */
import { isLimitReached, type UsageFeature, type UsageQuotaFeature, usageLevel } from '@pilote/contracts';
import type { MeterTone } from '../components/ui/meter.tsx';

export function meterToneOf(feature: UsageQuotaFeature): MeterTone {
  if (isLimitReached(feature)) {
    return 'danger';
  }
  const level = usageLevel(feature.pct_used);
  return level === 'exceeded' ? 'danger' : level === 'warning' ? 'warning' : 'info';
}

function rank(feature: UsageFeature): number {
  if (feature.type === 'boolean') {
    return 2;
  }
  return feature.limit === null ? 1 : 0;
}

/** Highest percentage first; then unlimited quotas; then yes/no features; ties by label (French collation). */
export function sortFeaturesByUsage<T extends UsageFeature>(features: readonly T[]): T[] {
  return [...features].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) {
      return byRank;
    }
    if (a.type === 'quota' && b.type === 'quota') {
      const byPct = b.pct_used - a.pct_used;
      if (byPct !== 0) {
        return byPct;
      }
    }
    return a.label.localeCompare(b.label, 'fr');
  });
}
