import type { BillingConfig } from '../../config/env.ts';
import { createLocalProvider, type LocalBilling } from './local.ts';
import { createStripeClient, createStripeProvider } from './stripe.ts';
import type { BillingProvider } from './types.ts';

export type { BillingEvent, BillingProvider, ProviderSubscription } from './types.ts';

/** The billing adapters of a configuration: Stripe, the local demonstration provider, or none (ADR 0027). */
export interface Billing {
  provider: BillingProvider | null;
  /** The demonstration provider's own actions (its pages' endpoints); null unless it is the chosen adapter. */
  local: LocalBilling | null;
}

export function createBilling(config: BillingConfig, secret: string, now: () => Date = () => new Date()): Billing {
  if (config.provider === 'stripe') {
    return {
      provider: createStripeProvider({
        client: createStripeClient(config.secretKey),
        webhookSecret: config.webhookSecret,
        prices: config.prices,
        yearlyPrices: config.yearlyPrices,
        now,
      }),
      local: null,
    };
  }
  if (config.provider === 'local') {
    const local = createLocalProvider({ secret, now });
    return { provider: local.provider, local };
  }
  return { provider: null, local: null };
}
