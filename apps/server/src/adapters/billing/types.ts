import type { PaidPlanId, UserTier } from '@pilote/contracts';
import type { Executor } from '../../db/client.ts';

/** A subscription as the billing provider holds it: the entitlement is derived from this, never from an event. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Our user id, from the subscription's metadata (set at checkout); null when absent. */
  userId: string | null;
  /** The organisation that pays (metadata `organisation_id`, ADR 0078); null for subscriptions made before. */
  organisationId: string | null;
  /** Monthly or yearly (the price's recurring interval). */
  interval: 'month' | 'year';
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
  /** Checkout sessions carry our organisation id (client_reference_id; a user id before ADR 0078). */
  clientReferenceId: string | null;
  /** A payment (`invoice.paid`): the provider's id of what was paid, for which our invoice is issued once. */
  paymentRef: string | null;
}

export interface CheckoutInput {
  userId: string;
  organisationId: string;
  email: string;
  plan: PaidPlanId;
  interval: 'month' | 'year';
  /** The provider's customer of this user, when one exists. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /**
   * The organisation's identity as the checkout asked for it (ADR 0078 § 6: complete before any checkout): Stripe
   * gets it on the session and the subscription, so the operator sees who pays in Stripe's dashboard.
   */
  buyer: { name: string; siren: string; vatNumber: string };
}

export interface PortalInput {
  userId: string;
  organisationId: string;
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

/** The paid invoice's id of an `invoice.paid` event (a payment: our invoice is issued for it). */
export function paymentRefOf(type: string, object: unknown): string | null {
  if (type !== 'invoice.paid' || !object || typeof object !== 'object') {
    return null;
  }
  const record = object as Record<string, unknown>;
  return record.object === 'invoice' && typeof record.id === 'string' ? record.id : null;
}

export function clientReferenceOf(object: unknown): string | null {
  if (!object || typeof object !== 'object') {
    return null;
  }
  const value = (object as Record<string, unknown>).client_reference_id;
  return typeof value === 'string' && value.length > 0 ? value : null;
}
