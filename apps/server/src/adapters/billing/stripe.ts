import { normaliseTier, type PaidPlanId, type UserTier } from '@pilote/contracts';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import {
  type BillingEvent,
  type BillingProvider,
  type CheckoutInput,
  clientReferenceOf,
  EVENT_TOLERANCE_SECONDS,
  type PortalInput,
  type ProviderSubscription,
  paymentRefOf,
  subscriptionIdOf,
} from './types.ts';

export interface StripeProviderOptions {
  /** The official SDK client (tests point it at a local HTTP peer with host/port/protocol). */
  client: Stripe;
  webhookSecret: string;
  /** Stripe price id per plan sold. */
  prices: Record<PaidPlanId, string>;
  /** The yearly plans' price ids, when configured (ADR 0078). */
  yearlyPrices?: Partial<Record<PaidPlanId, string>>;
  now?: () => Date;
}

/** The SDK client for a secret key: no automatic retries (a request answers or fails within its own time). */
export function createStripeClient(secretKey: string, overrides: Partial<Stripe.StripeConfig> = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 10_000, ...overrides });
}

function providerError(cause: unknown): AppError {
  return new AppError('BILLING_PROVIDER_ERROR', undefined, { cause });
}

const seconds = (value: number) => new Date(value * 1000);

/**
 * Stripe: Checkout in subscription mode, the customer portal, signed webhooks. The plan of a subscription is
 * read from its price (the configured price ids), else from its metadata (aliases accepted); the user from the
 * metadata written at checkout.
 */
export function createStripeProvider({
  client,
  webhookSecret,
  prices,
  yearlyPrices = {},
  now = () => new Date(),
}: StripeProviderOptions): BillingProvider {
  const planOfPrice = new Map<string, UserTier>([
    ...Object.entries(prices).map(([plan, price]) => [price, plan as UserTier] as const),
    ...Object.entries(yearlyPrices).map(([plan, price]) => [price as string, plan as UserTier] as const),
  ]);

  function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const item = subscription.items.data[0];
    // Fields of API versions before 2025-03-31 (on the subscription, not its items), absent from today's types.
    const legacy: { id: string; current_period_start?: number; current_period_end?: number } = subscription;
    const start = item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
    const end = item?.current_period_end ?? legacy.current_period_end ?? start;
    const priceId = item?.price.id;
    const metadataPlan = subscription.metadata?.plan ? normaliseTier(subscription.metadata.plan) : null;
    const plan = (priceId ? planOfPrice.get(priceId) : undefined) ?? metadataPlan;
    return {
      id: subscription.id,
      customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      userId: subscription.metadata?.user_id || null,
      organisationId: subscription.metadata?.organisation_id || null,
      interval: item?.price.recurring?.interval === 'year' ? 'year' : 'month',
      plan: plan === 'basic' || plan === 'premium' ? plan : null,
      status: subscription.status,
      currentPeriodStart: seconds(start),
      currentPeriodEnd: seconds(end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  return {
    kind: 'stripe',

    async createCheckout(input: CheckoutInput) {
      const price = input.interval === 'year' ? yearlyPrices[input.plan] : prices[input.plan];
      if (!price) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Le plan annuel n’est pas proposé sur cette installation.');
      }
      const metadata = {
        user_id: input.userId,
        organisation_id: input.organisationId,
        plan: input.plan,
        organisation_name: input.buyer.name,
        siren: input.buyer.siren,
        vat_number: input.buyer.vatNumber,
      };
      try {
        const session = await client.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.organisationId,
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          metadata,
          subscription_data: { metadata },
        });
        if (!session.url) {
          throw new Error('Stripe checkout session without url');
        }
        return { url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },

    async createPortal(input: PortalInput) {
      try {
        const session = await client.billingPortal.sessions.create({
          customer: input.customerId,
          return_url: input.returnUrl,
        });
        return { url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent {
      if (!signature) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          EVENT_TOLERANCE_SECONDS,
          undefined,
          now().getTime(),
        );
      } catch (error) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', undefined, { cause: error });
      }
      const object = event.data.object as unknown;
      return {
        id: event.id,
        type: event.type,
        subscriptionId: subscriptionIdOf(object),
        clientReferenceId: clientReferenceOf(object),
        paymentRef: paymentRefOf(event.type, object),
      };
    },

    async retrieveSubscription(id: string) {
      try {
        return toSubscription(await client.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw providerError(error);
      }
    },
  };
}
