import type { PaidPlanId, UserTier } from '@pilote/contracts';
import type { Executor } from '../../db/client.ts';

/** A subscription as the billing provider holds it: the entitlement is derived from this, never from an event. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Our user id, from the subscription's metadata (set at checkout); null when absent. */
  userId: string | null;
  /** The tier its price buys; null for a price we do not sell. */
  plan: UserTier | null;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** A verified provider event: only its id (processed once), its type and the subscription it is about. */
export interface BillingEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  /** Checkout sessions carry our user id (client_reference_id). */
  clientReferenceId: string | null;
}

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: PaidPlanId;
  /** The provider's customer of this user, when one exists. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  userId: string;
  customerId: string;
  subscriptionId: string;
  returnUrl: string;
}

/**
 * The billing adapter (ADR 0027): Stripe, or the local demonstration provider. Both are driven the same way;
 * their events go through the same entitlement code (modules/billing/service.ts `ingest`).
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  createCheckout(input: CheckoutInput, db: Executor): Promise<{ url: string }>;
  createPortal(input: PortalInput, db: Executor): Promise<{ url: string }>;
  /** Checks the signature over the raw body (300 s tolerance); throws AppError WEBHOOK_SIGNATURE_INVALID. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent;
  /** The subscription as the provider holds it now (read with `db` inside the caller's transaction). */
  retrieveSubscription(id: string, db: Executor): Promise<ProviderSubscription | null>;
}

/** Seconds a signed event stays acceptable (Stripe's default; also the local provider's). */
export const EVENT_TOLERANCE_SECONDS = 300;

/** The subscription an event is about, whatever its object (subscription, checkout session, invoice). */
export function subscriptionIdOf(object: unknown): string | null {
  if (!object || typeof object !== 'object') {
    return null;
  }
  const record = object as Record<string, unknown>;
  const idOf = (value: unknown): string | null =>
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
        ? ((value as { id: string }).id ?? null)
        : null;
  if (record.object === 'subscription') {
    return idOf(record.id);
  }
  if (record.object === 'checkout.session' || record.object === 'invoice') {
    const direct = idOf(record.subscription);
    if (direct) {
      return direct;
    }
    const parent = record.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    return idOf(parent?.subscription_details?.subscription);
  }
  return null;
}

export function clientReferenceOf(object: unknown): string | null {
  if (!object || typeof object !== 'object') {
    return null;
  }
  const value = (object as Record<string, unknown>).client_reference_id;
  return typeof value === 'string' && value.length > 0 ? value : null;
}
