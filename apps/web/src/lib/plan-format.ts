import {
  BUSINESS_TRIAL_DAYS,
  type Plan,
  type PlanFeature,
  type PlanInterval,
  type UsageFeature,
} from '@pilote/contracts';
import { formatCurrency, formatNumber } from './format.ts';

export const intervalLabels: Record<PlanInterval, string> = { month: 'mois', year: 'an', day: 'jour' };

/** Spec §9: the price in euros per interval, "29 € HT / mois" (cents only when there are some). */
export function formatPlanPrice(plan: Pick<Plan, 'id' | 'price' | 'interval'>): string {
  if (plan.id === 'business_trial') {
    return `Gratuit · ${BUSINESS_TRIAL_DAYS} jours`;
  }
  const decimals = Number.isInteger(plan.price) ? 0 : 2;
  const tax = plan.price > 0 ? ' HT' : '';
  return `${formatCurrency(plan.price, decimals)}${tax} / ${intervalLabels[plan.interval]}`;
}

/**
 * A plan's feature on its card: "20 par mois", "Illimité", "Inclus", "Non inclus"; the trial's quotas hold for the
 * whole trial ("200 pendant l'essai"), not per day.
 */
export function formatPlanFeature(feature: PlanFeature, plan: Pick<Plan, 'id' | 'interval'>): string {
  if (feature.type === 'boolean') {
    return feature.allowed ? 'Inclus' : 'Non inclus';
  }
  if (feature.limit === null) {
    return 'Illimité';
  }
  const per = plan.id === 'business_trial' ? "pendant l'essai" : `par ${intervalLabels[plan.interval]}`;
  return `${formatNumber(feature.limit, 0)} ${per}`;
}

/** The usage of a quota as text: "3 / 20", "3 (illimité)". */
export function formatUsed(feature: Extract<UsageFeature, { type: 'quota' }>): string {
  return feature.limit === null
    ? `${formatNumber(feature.used, 0)} (illimité)`
    : `${formatNumber(feature.used, 0)} / ${formatNumber(feature.limit, 0)}`;
}

/** Spec §6: boolean features are allowed or 'interdit'. */
export function formatAllowed(allowed: boolean): string {
  return allowed ? 'Autorisé' : 'Interdit';
}

/** The product's time zone: billing periods are calendar months in Europe/Paris (ADR 0027). */
export const BILLING_TIME_ZONE = 'Europe/Paris';

const parisDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: BILLING_TIME_ZONE });

/** An instant of the API as a day in Paris: "1 décembre 2026" (whatever the browser's time zone). */
export function formatBillingDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : parisDate.format(date);
}

/**
 * The last day of a period whose `end` is exclusive (the instant the next one starts): 2026-12-01T00:00+01:00
 * → "30 novembre 2026" (ADR 0029: the cycle card shows the period's days, and the reset on its own line).
 */
export function formatPeriodLastDay(endIso: string): string {
  const end = new Date(endIso);
  return Number.isNaN(end.getTime()) ? '—' : parisDate.format(new Date(end.getTime() - 1));
}
