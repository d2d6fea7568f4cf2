import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LOCAL_CHECKOUT_PATH, LOCAL_PORTAL_PATH, normaliseTier, type PaidPlanId } from '@pilote/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localBillingSessions, localBillingSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMonths } from '../../lib/months.ts';
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

/** A checkout or portal page of the demonstration provider stays usable this long. */
export const LOCAL_SESSION_TTL_MS = 60 * 60 * 1000;

export type LocalSession = typeof localBillingSessions.$inferSelect;
export type LocalSubscription = typeof localBillingSubscriptions.$inferSelect;

/** A signed event, ready for the entitlement code (`billing.ingest`), exactly as a webhook delivers one. */
export interface SignedLocalEvent {
  rawBody: Buffer;
  signature: string;
}

/** HMAC-SHA256 of `timestamp.payload` under a key derived from APP_SECRET (hex), as in `t=…,v1=…`. */
export function localEventSignature(secret: string, payload: string, timestamp: number): string {
  const key = createHmac('sha256', secret).update('local-billing-events').digest();
  return createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex');
}

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function toProviderSubscription(row: LocalSubscription): ProviderSubscription {
  const plan = normaliseTier(row.plan);
  return {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    organisationId: row.organisationId,
    interval: row.interval === 'year' ? 'year' : 'month',
    plan: plan === 'basic' || plan === 'premium' ? plan : null,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export interface LocalProviderOptions {
  /** APP_SECRET: the events' signing key is derived from it (never leaves the server). */
  secret: string;
  now?: () => Date;
}

/**
 * The local demonstration provider (ADR 0027): what Stripe would do, served by the app itself. Its checkout and
 * portal are pages of the SPA (« Paiement de démonstration »); confirming them changes this provider's own
 * records (local_billing_*), then emits an event signed like a Stripe webhook (t=…,v1=HMAC-SHA256) that goes
 * through the same entitlement code as Stripe's. No money moves; nothing is granted without that event.
 */
export function createLocalProvider({ secret, now = () => new Date() }: LocalProviderOptions) {
  const sign = (payload: string, timestamp: number) => localEventSignature(secret, payload, timestamp);

  /** Signs a Stripe-shaped event about a subscription, timestamped now. */
  function event(type: string, object: Record<string, unknown>): SignedLocalEvent {
    const timestamp = Math.floor(now().getTime() / 1000);
    const payload = JSON.stringify({ id: id('evt'), object: 'event', type, created: timestamp, data: { object } });
    return { rawBody: Buffer.from(payload), signature: `t=${timestamp},v1=${sign(payload, timestamp)}` };
  }

  /** The end of a period that starts at `start`: a month or a year later. */
  const periodEnd = (start: Date, interval: string) => addMonths(start, interval === 'year' ? 12 : 1);

  /** The signed `invoice.paid` of a period just paid: its id is the payment our invoice is issued for, once. */
  function paid(subscription: { id: string; currentPeriodStart: Date }): SignedLocalEvent {
    const ref = `in_local_${createHash('sha256')
      .update(`${subscription.id}:${subscription.currentPeriodStart.toISOString()}`)
      .digest('hex')
      .slice(0, 24)}`;
    return event('invoice.paid', { object: 'invoice', id: ref, subscription: subscription.id });
  }

  async function sessionOf(db: Executor, sessionId: string, userId: string): Promise<LocalSession | undefined> {
    const [row] = await db
      .select()
      .from(localBillingSessions)
      .where(and(eq(localBillingSessions.id, sessionId), eq(localBillingSessions.userId, userId)))
      .limit(1);
    return row;
  }

  async function subscriptionRow(db: Executor, subscriptionId: string): Promise<LocalSubscription | undefined> {
    const [row] = await db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.id, subscriptionId))
      .limit(1);
    return row;
  }

  const provider: BillingProvider = {
    kind: 'local',

    async createCheckout(input: CheckoutInput, db: Executor) {
      const sessionId = id('cs');
      await db.insert(localBillingSessions).values({
        id: sessionId,
        userId: input.userId,
        organisationId: input.organisationId,
        interval: input.interval,
        kind: 'checkout',
        plan: input.plan,
        status: 'open',
        subscriptionId: null,
        expiresAt: new Date(now().getTime() + LOCAL_SESSION_TTL_MS),
        createdAt: now(),
      });
      return { url: `${LOCAL_CHECKOUT_PATH}?session=${sessionId}` };
    },

    async createPortal(input: PortalInput, db: Executor) {
      const subscription = await subscriptionRow(db, input.subscriptionId);
      if (!subscription || subscription.organisationId !== input.organisationId) {
        throw new AppError('SUBSCRIPTION_CONFLICT', 'Aucun abonnement de démonstration à gérer.');
      }
      const sessionId = id('bps');
      await db.insert(localBillingSessions).values({
        id: sessionId,
        userId: input.userId,
        organisationId: input.organisationId,
        interval: subscription.interval,
        kind: 'portal',
        plan: subscription.plan,
        status: 'open',
        subscriptionId: subscription.id,
        expiresAt: new Date(now().getTime() + LOCAL_SESSION_TTL_MS),
        createdAt: now(),
      });
      return { url: `${LOCAL_PORTAL_PATH}?session=${sessionId}` };
    },

    verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent {
      const parts = new Map(
        (signature ?? '').split(',').map((part) => {
          const [key = '', ...value] = part.split('=');
          return [key.trim(), value.join('=')] as const;
        }),
      );
      const timestamp = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      const expected = Buffer.from(sign(rawBody.toString('utf8'), timestamp), 'hex');
      const age = Math.floor(now().getTime() / 1000) - timestamp;
      if (
        !Number.isInteger(timestamp) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        age > EVENT_TOLERANCE_SECONDS
      ) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const parsed = JSON.parse(rawBody.toString('utf8')) as { id: string; type: string; data: { object: unknown } };
      return {
        id: parsed.id,
        type: parsed.type,
        subscriptionId: subscriptionIdOf(parsed.data.object),
        clientReferenceId: clientReferenceOf(parsed.data.object),
        paymentRef: paymentRefOf(parsed.type, parsed.data.object),
      };
    },

    async retrieveSubscription(subscriptionId: string, db: Executor) {
      const row = await subscriptionRow(db, subscriptionId);
      return row ? toProviderSubscription(row) : null;
    },
  };

  return {
    provider,

    /** The caller's session (undefined for anyone else's: the route answers 404). */
    session: sessionOf,

    subscription: subscriptionRow,

    /**
     * Pays an open checkout session once: the provider's subscription is created (any older one of the
     * organisation is ended), then the signed `checkout.session.completed` and `invoice.paid` events are returned for
     * the entitlement code (the second issues our invoice).
     */
    async completeCheckout(db: Executor, session: LocalSession): Promise<SignedLocalEvent[] | null> {
      const at = now();
      const [claimed] = await db
        .update(localBillingSessions)
        .set({ status: 'completed' })
        .where(and(eq(localBillingSessions.id, session.id), eq(localBillingSessions.status, 'open')))
        .returning({ id: localBillingSessions.id });
      if (!claimed) {
        return null;
      }
      const subscriptionId = id('sub');
      const payer = session.organisationId ?? session.userId;
      await db
        .update(localBillingSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: at, updatedAt: at })
        .where(
          and(
            session.organisationId
              ? eq(localBillingSubscriptions.organisationId, session.organisationId)
              : eq(localBillingSubscriptions.userId, session.userId),
            ne(localBillingSubscriptions.status, 'canceled'),
          ),
        );
      await db.insert(localBillingSubscriptions).values({
        id: subscriptionId,
        userId: session.userId,
        organisationId: session.organisationId,
        interval: session.interval,
        customerId: `cus_local_${createHash('sha256').update(payer).digest('hex').slice(0, 24)}`,
        plan: session.plan as PaidPlanId,
        status: 'active',
        currentPeriodStart: at,
        currentPeriodEnd: periodEnd(at, session.interval),
        cancelAtPeriodEnd: false,
        createdAt: at,
        updatedAt: at,
      });
      await db.update(localBillingSessions).set({ subscriptionId }).where(eq(localBillingSessions.id, session.id));
      return [
        event('checkout.session.completed', {
          object: 'checkout.session',
          id: session.id,
          subscription: subscriptionId,
          client_reference_id: payer,
        }),
        paid({ id: subscriptionId, currentPeriodStart: at }),
      ];
    },

    /** Portal: cancel at period end (true) or undo it (false). */
    async setCancelAtPeriodEnd(db: Executor, subscriptionId: string, cancel: boolean): Promise<SignedLocalEvent> {
      await db
        .update(localBillingSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: now() })
        .where(eq(localBillingSubscriptions.id, subscriptionId));
      return event('customer.subscription.updated', { object: 'subscription', id: subscriptionId });
    },

    /**
     * Demonstration only: the current period ends now. A subscription canceled at period end is then over
     * (`customer.subscription.deleted`); any other is renewed for its interval and paid (`customer.subscription.updated`
     * then `invoice.paid`).
     */
    async endPeriodNow(db: Executor, subscription: LocalSubscription): Promise<SignedLocalEvent[]> {
      const at = now();
      if (subscription.cancelAtPeriodEnd) {
        await db
          .update(localBillingSubscriptions)
          .set({ status: 'canceled', currentPeriodEnd: at, updatedAt: at })
          .where(eq(localBillingSubscriptions.id, subscription.id));
        return [event('customer.subscription.deleted', { object: 'subscription', id: subscription.id })];
      }
      await db
        .update(localBillingSubscriptions)
        .set({ currentPeriodStart: at, currentPeriodEnd: periodEnd(at, subscription.interval), updatedAt: at })
        .where(eq(localBillingSubscriptions.id, subscription.id));
      return [
        event('customer.subscription.updated', { object: 'subscription', id: subscription.id }),
        paid({ id: subscription.id, currentPeriodStart: at }),
      ];
    },
  };
}

export type LocalBilling = ReturnType<typeof createLocalProvider>;
