import {
  type BillingInterval,
  formatEuroCents,
  type PaidPlanId,
  perIntervalLabels,
  planPriceCents,
  priceBreakdown,
} from '@pilote/contracts';

/**
 * A paid plan's price as a business reads it (ADR 0078): the amount excluding VAT per interval, then the VAT at 20 %
 * and the amount including VAT, computed in whole cents by the contracts (the server's own rule).
 */
export function PriceLines({ plan, interval }: { plan: PaidPlanId; interval: BillingInterval }) {
  const price = priceBreakdown(planPriceCents(plan, interval));
  return (
    <div data-testid="plan-price" data-interval={interval}>
      <p className="text-2xl font-bold tracking-tight text-foreground">
        {formatEuroCents(price.ht_cents)} HT{' '}
        <span className="text-base font-medium">{perIntervalLabels[interval]}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        TVA 20 % : {formatEuroCents(price.vat_cents)} ·{' '}
        <span className="font-medium text-foreground">TTC : {formatEuroCents(price.ttc_cents)}</span>
      </p>
      {interval === 'year' ? <p className="text-xs text-muted-foreground">Soit 12 mois pour le prix de 10.</p> : null}
    </div>
  );
}
