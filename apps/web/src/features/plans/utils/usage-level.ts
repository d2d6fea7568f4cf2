/**
 * Usage bars (spec §9): blue; amber from 80 %; red at 100 % or more. A quota is 'limit reached' when `used` exceeds
 * the limit or the percentage is at least 100. An unlimited quota (`limit: null`) is never reached.
 * Settings cards are sorted by percentage used (spec §2.6), highest first; ADR 0029 places unlimited quotas after
 * the limited ones and the yes/no features last, each group by name.
 */
import type { MeterTone } from '../../../components/ui/meter.tsx';

export const USAGE_WARNING_PCT = 80;
export const USAGE_FULL_PCT = 100;

type QuotaLike = { limit: number | null; used: number; pct_used: number | null };
type FeatureLike = ({ type: 'quota' } & QuotaLike) | { type: 'boolean' };

export type UsageLevel = 'normal' | 'warning' | 'reached';

/** True when the quota is used up (spec §9). */
export function isLimitReached(quota: QuotaLike): boolean {
  if (quota.limit === null) {
    return false;
  }
  return quota.used > quota.limit || (quota.pct_used ?? 0) >= USAGE_FULL_PCT;
}

export function usageLevel(quota: QuotaLike): UsageLevel {
  if (isLimitReached(quota)) {
    return 'reached';
  }
  if (quota.limit !== null && (quota.pct_used ?? 0) >= USAGE_WARNING_PCT) {
    return 'warning';
  }
  return 'normal';
}

export const meterToneOf: Record<UsageLevel, MeterTone> = { normal: 'info', warning: 'warning', reached: 'danger' };

function rank(feature: FeatureLike): number {
  if (feature.type === 'boolean') {
    return 2;
  }
  return feature.limit === null ? 1 : 0;
}

/** Highest percentage first; then unlimited quotas; then yes/no features; ties by name (French collation). */
export function sortFeaturesByUsage<T extends FeatureLike & { name: string }>(features: readonly T[]): T[] {
  return [...features].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) {
      return byRank;
    }
    if (a.type === 'quota' && b.type === 'quota' && a.limit !== null && b.limit !== null) {
      const byPct = (b.pct_used ?? 0) - (a.pct_used ?? 0);
      if (byPct !== 0) {
        return byPct;
      }
    }
    return a.name.localeCompare(b.name, 'fr');
  });
}
