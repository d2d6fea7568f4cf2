import {
  BILLING_RETURN_PATH,
  type BillingInterval,
  type BillingRedirectResponse,
  BUSINESS_TRIAL_DAYS,
  billingReturnQuery,
  type InvoicePage,
  type LocalActionResponse,
  type LocalSessionResponse,
  organisationBillingMessages,
  type PageQuery,
  type PaidPlanId,
  type PricingResponse,
  paidTiers,
  planCatalogue,
  planPriceCents,
  priceBreakdown,
  publicPlanIds,
  userTierSchema,
} from '@pilote/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Billing, BillingProvider, ProviderSubscription } from '../../adapters/billing/index.ts';
import type { LocalSession, SignedLocalEvent } from '../../adapters/billing/local.ts';
import type { InvoiceSeller } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { billingEvents, billingSubscriptions, organisations } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask } from '../../workers/pool.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import { requireBillingManager } from '../plans/billing-role.ts';
import { type Entitlements, isEntitling } from '../plans/entitlements.ts';
import {
  changeTier,
  type Executor,
  findSubscription,
  lockPlanOrganisation,
  memberRoleIn,
  personalOrganisationOf,
  type SubscriptionRecord,
} from '../plans/repository.ts';
import { toSubscriptionSummary } from '../plans/service.ts';
import { findInvoice, issueInvoice, listInvoices, toInvoiceSummary } from './invoices.ts';
import { billingTasks } from './tasks.ts';

export const billingMessages = {
  notConfigured:
    'Le paiement en ligne n’est pas configuré sur cette installation (ni Stripe, ni le fournisseur de démonstration).',
  adminTier: 'Le niveau Administrateur est illimité : il n’a pas d’abonnement.',
  alreadySubscribed: 'Vous avez déjà un abonnement en cours : changez de plan depuis « Gérer l’abonnement ».',
  noSubscription: 'Aucun abonnement à gérer : choisissez d’abord un plan.',
  otherProvider: 'Cet abonnement a été souscrit auprès d’un autre fournisseur de paiement.',
  sessionUsed: 'Cette session de paiement a déjà été utilisée ou a expiré.',
  localOnly: 'Cette page de démonstration n’existe qu’avec le fournisseur de paiement local.',
  sessionNotFound: 'Session de paiement introuvable.',
} as const;

/** What one processed event did (tests and logs). */
export type IngestOutcome = 'duplicate' | 'ignored' | 'applied';

export interface BillingServiceDependencies {
  db: Database;
  billing: Billing;
  entitlements: Entitlements;
  /** PUBLIC_URL: Stripe needs absolute return URLs. */
  publicUrl: string;
  /** Who sells, printed on every invoice (ADR 0078). */
  seller: InvoiceSeller;
  logger: FastifyBaseLogger;
}

function subscriptionFields(kind: string, snapshot: ProviderSubscription, at: Date) {
  return {
    provider: kind,
    userId: snapshot.userId,
    interval: snapshot.interval,
    customerId: snapshot.customerId,
    subscriptionId: snapshot.id,
    plan: snapshot.plan,
    status: snapshot.status,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    updatedAt: at,
  };
}

/**
 * Pricing, checkout and portal (spec §7), and THE entitlement code: `ingest` verifies a provider event, records
 * its id once, re-reads the subscription from the provider and derives the user's tier from that — for Stripe
 * webhooks and the local provider's signed events alike (ADR 0027).
 */
export function createBillingService({
  db,
  billing,
  entitlements,
  publicUrl,
  seller,
  logger,
}: BillingServiceDependencies) {
  const returnUrl = (query?: string) => `${publicUrl}${BILLING_RETURN_PATH}${query ? `?${query}` : ''}`;

  function provider(): BillingProvider {
    if (!billing.provider) {
      throw new AppError('SERVICE_UNAVAILABLE', billingMessages.notConfigured);
    }
    return billing.provider;
  }

  /**
   * The organisation a snapshot belongs to (ADR 0078): its metadata, else the stored subscription of that customer
   * (subscriptions made before 0024 carry a user id only), else the checkout's reference when it names one.
   */
  async function ownerOf(
    tx: Executor,
    kind: string,
    snapshot: ProviderSubscription,
    clientReferenceId: string | null,
  ): Promise<string | null> {
    if (snapshot.organisationId) {
      return snapshot.organisationId;
    }
    const [row] = await tx
      .select({ organisationId: billingSubscriptions.organisationId })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.provider, kind), eq(billingSubscriptions.customerId, snapshot.customerId)))
      .limit(1);
    if (row) {
      return row.organisationId;
    }
    if (clientReferenceId) {
      const [named] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, clientReferenceId))
        .limit(1);
      if (named) {
        return named.id;
      }
    }
    // A subscription made before ADR 0078 names its user only: their personal organisation pays (migration 0024's rule).
    const userId = snapshot.userId ?? clientReferenceId;
    return userId ? ((await personalOrganisationOf(tx, userId)) ?? null) : null;
  }

  /** Mirrors the provider's subscription and derives the tier from it (inside the event's transaction). */
  async function apply(
    tx: Executor,
    kind: 'stripe' | 'local',
    snapshot: ProviderSubscription,
    clientReferenceId: string | null,
  ): Promise<IngestOutcome> {
    const at = entitlements.now();
    const organisationId = await ownerOf(tx, kind, snapshot, clientReferenceId);
    const organisation = organisationId ? await lockPlanOrganisation(tx, organisationId) : undefined;
    if (!organisation) {
      logger.warn({ subscription: snapshot.id, kind }, 'billing event for an unknown organisation: ignored');
      return 'ignored';
    }
    const stored = await findSubscription(tx, organisation.id);
    const entitling = isEntitling(snapshot);
    if (stored && stored.subscriptionId !== snapshot.id && isEntitling(stored) && !entitling) {
      // An older subscription of this organisation ending: the current one keeps deciding the tier.
      return 'ignored';
    }
    const fields = subscriptionFields(kind, snapshot, at);
    await tx
      .insert(billingSubscriptions)
      .values({ organisationId: organisation.id, ...fields })
      .onConflictDoUpdate({ target: billingSubscriptions.organisationId, set: fields });
    if (organisation.tier === 'admin') {
      return 'applied';
    }
    if (entitling && snapshot.plan) {
      await changeTier(tx, { organisationId: organisation.id, to: snapshot.plan, source: kind, at });
    } else if (paidTiers.includes(organisation.tier)) {
      await changeTier(tx, {
        organisationId: organisation.id,
        to: 'free',
        expected: organisation.tier,
        source: kind,
        at,
      });
    }
    return 'applied';
  }

  /** Our invoice for a payment event (`invoice.paid`) of an entitling subscription (ADR 0078), once per payment. */
  async function invoicePayment(
    tx: Executor,
    kind: 'stripe' | 'local',
    snapshot: ProviderSubscription,
    paymentRef: string,
  ): Promise<void> {
    const [row] = await tx
      .select({ organisationId: billingSubscriptions.organisationId })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.provider, kind), eq(billingSubscriptions.subscriptionId, snapshot.id)))
      .limit(1);
    if (!row || (snapshot.plan !== 'basic' && snapshot.plan !== 'premium')) {
      logger.warn({ subscription: snapshot.id, paymentRef }, 'payment without a known subscription: no invoice');
      return;
    }
    await issueInvoice(tx, {
      organisationId: row.organisationId,
      provider: kind,
      paymentRef,
      plan: snapshot.plan,
      interval: snapshot.interval,
      periodStart: snapshot.currentPeriodStart,
      periodEnd: snapshot.currentPeriodEnd,
      seller,
      at: entitlements.now(),
    });
  }

  /** Verify → once per event id → the provider's subscription → entitlement. Serialised per subscription. */
  async function ingest(rawBody: Buffer, signature: string | undefined): Promise<IngestOutcome> {
    const active = provider();
    const event = active.verifyEvent(rawBody, signature);
    return db.transaction(async (tx) => {
      if (event.subscriptionId) {
        // Two events of one subscription are applied one after the other, each with the state read last.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`billing:${active.kind}:${event.subscriptionId}`}))`,
        );
      }
      const first = await tx
        .insert(billingEvents)
        .values({ provider: active.kind, eventId: event.id, type: event.type, processedAt: entitlements.now() })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      if (first.length === 0) {
        return 'duplicate';
      }
      if (!event.subscriptionId) {
        return 'ignored';
      }
      const snapshot = await active.retrieveSubscription(event.subscriptionId, tx);
      if (!snapshot) {
        logger.warn(
          { subscription: event.subscriptionId, type: event.type },
          'billing event for an unknown subscription',
        );
        return 'ignored';
      }
      const outcome = await apply(tx, active.kind, snapshot, event.clientReferenceId);
      if (outcome === 'applied' && event.paymentRef) {
        await invoicePayment(tx, active.kind, snapshot, event.paymentRef);
      }
      return outcome;
    });
  }

  function localBilling() {
    if (!billing.local) {
      throw new AppError('NOT_FOUND', billingMessages.localOnly);
    }
    return billing.local;
  }

  async function ownedLocalSession(actor: Actor | null, sessionId: string, kind: 'checkout' | 'portal') {
    const { user } = requireUser(actor);
    const local = localBilling();
    const session = await local.session(db, sessionId, user.id);
    if (!session || session.kind !== kind) {
      throw new AppError('NOT_FOUND', billingMessages.sessionNotFound);
    }
    return { user, local, session };
  }

  function expired(session: LocalSession): boolean {
    return session.expiresAt.getTime() <= entitlements.now().getTime();
  }

  async function afterLocalEvent(
    userId: string,
    url: string,
    events: SignedLocalEvent | SignedLocalEvent[],
  ): Promise<LocalActionResponse> {
    for (const signed of Array.isArray(events) ? events : [events]) {
      await ingest(signed.rawBody, signed.signature);
    }
    const entitlement = await entitlements.resolve(userId);
    return { url, subscription: toSubscriptionSummary(entitlement.subscription), tier: entitlement.tier };
  }

  async function portalSubscription(actor: Actor | null, sessionId: string) {
    const owned = await ownedLocalSession(actor, sessionId, 'portal');
    if (expired(owned.session) || !owned.session.subscriptionId) {
      throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.sessionUsed);
    }
    const subscription = await owned.local.subscription(db, owned.session.subscriptionId);
    if (
      !subscription ||
      (subscription.organisationId ?? null) !== (owned.session.organisationId ?? null) ||
      (!subscription.organisationId && subscription.userId !== owned.user.id)
    ) {
      throw new AppError('NOT_FOUND', billingMessages.sessionNotFound);
    }
    if (subscription.organisationId) {
      await requireBillingManager(db, subscription.organisationId, owned.user.id);
    }
    return { ...owned, subscription };
  }

  return {
    ingest,

    /** GET /api/payments/pricing/ (no credentials). */
    pricing(): PricingResponse {
      return {
        plans: publicPlanIds.map((plan) => planCatalogue[plan]),
        trial: { tier: 'business_trial', days: BUSINESS_TRIAL_DAYS, plan: planCatalogue.business_trial },
        provider: billing.provider?.kind ?? 'none',
      };
    },

    /**
     * POST /api/payments/create-checkout-session/ {plan, interval}: for the active organisation, by its owners and
     * administrators, once its identity (what the invoice names) is complete; priced by the provider.
     */
    async createCheckout(
      actor: Actor | null,
      plan: PaidPlanId,
      interval: BillingInterval = 'month',
    ): Promise<BillingRedirectResponse> {
      const { user } = requireUser(actor);
      const active = provider();
      const entitlement = await entitlements.resolve(user.id);
      await requireBillingManager(db, entitlement.organisation.id, user.id);
      if (entitlement.tier === 'admin') {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.adminTier);
      }
      const [identity] = await db
        .select({
          name: organisations.name,
          siren: organisations.siren,
          vatNumber: organisations.vatNumber,
          address: organisations.address,
        })
        .from(organisations)
        .where(eq(organisations.id, entitlement.organisation.id))
        .limit(1);
      if (!identity?.siren || !identity.vatNumber || !identity.address) {
        throw new AppError('VALIDATION_FAILED', organisationBillingMessages.identityMissing);
      }
      const current = entitlement.subscription;
      if (current && isEntitling(current) && paidTiers.includes(entitlement.tier)) {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.alreadySubscribed);
      }
      return active.createCheckout(
        {
          userId: user.id,
          organisationId: entitlement.organisation.id,
          email: user.email,
          plan,
          interval,
          customerId: current && current.provider === active.kind ? current.customerId : null,
          successUrl: returnUrl(billingReturnQuery.success),
          cancelUrl: returnUrl(billingReturnQuery.canceled),
          buyer: { name: identity.name, siren: identity.siren, vatNumber: identity.vatNumber },
        },
        db,
      );
    },

    /** POST /api/payments/create-portal-session/ {}: paid users with a subscription of the active provider. */
    async createPortal(actor: Actor | null): Promise<BillingRedirectResponse> {
      const { user } = requireUser(actor);
      const active = provider();
      const entitlement = await entitlements.resolve(user.id);
      await requireBillingManager(db, entitlement.organisation.id, user.id);
      const current: SubscriptionRecord | undefined = entitlement.subscription;
      if (entitlement.tier === 'admin') {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.adminTier);
      }
      if (!current) {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.noSubscription);
      }
      if (current.provider !== active.kind) {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.otherProvider);
      }
      return active.createPortal(
        {
          userId: user.id,
          organisationId: entitlement.organisation.id,
          customerId: current.customerId,
          subscriptionId: current.subscriptionId,
          returnUrl: returnUrl(),
        },
        db,
      );
    },

    /** GET /api/payments/local/sessions/:id — the caller's own session, else 404. */
    async localSession(actor: Actor | null, sessionId: string): Promise<LocalSessionResponse> {
      const { user } = requireUser(actor);
      const local = localBilling();
      const session = await local.session(db, sessionId, user.id);
      if (!session) {
        throw new AppError('NOT_FOUND', billingMessages.sessionNotFound);
      }
      const tier = userTierSchema.safeParse(session.plan);
      const subscription =
        session.kind === 'portal' && session.organisationId
          ? toSubscriptionSummary(await findSubscription(db, session.organisationId))
          : null;
      const interval: BillingInterval = session.interval === 'year' ? 'year' : 'month';
      const paid = tier.success && (tier.data === 'basic' || tier.data === 'premium') ? tier.data : null;
      return {
        id: session.id,
        kind: session.kind === 'portal' ? 'portal' : 'checkout',
        status:
          session.status === 'open' && expired(session)
            ? 'expired'
            : session.status === 'completed'
              ? 'completed'
              : 'open',
        plan: planCatalogue[tier.success ? tier.data : 'free'],
        interval,
        price: paid ? priceBreakdown(planPriceCents(paid, interval)) : null,
        expires_at: session.expiresAt.toISOString(),
        cancel_url: `${BILLING_RETURN_PATH}?${session.kind === 'checkout' ? billingReturnQuery.canceled : ''}`.replace(
          /\?$/,
          '',
        ),
        return_url:
          session.kind === 'checkout' ? `${BILLING_RETURN_PATH}?${billingReturnQuery.success}` : BILLING_RETURN_PATH,
        subscription,
      };
    },

    /** POST /api/payments/local/sessions/:id/confirm — pays the demonstration checkout (once). */
    async localConfirm(actor: Actor | null, sessionId: string): Promise<LocalActionResponse> {
      const { user, local, session } = await ownedLocalSession(actor, sessionId, 'checkout');
      if (expired(session)) {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.sessionUsed);
      }
      if (session.organisationId) {
        await requireBillingManager(db, session.organisationId, user.id);
      }
      const signed = await local.completeCheckout(db, session);
      if (!signed) {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.sessionUsed);
      }
      return afterLocalEvent(user.id, `${BILLING_RETURN_PATH}?${billingReturnQuery.success}`, signed);
    },

    /** POST /api/payments/local/portal/:id/cancel | resume — cancel at period end, or undo it. */
    async localSetCancel(actor: Actor | null, sessionId: string, cancel: boolean): Promise<LocalActionResponse> {
      const { user, local, subscription } = await portalSubscription(actor, sessionId);
      if (subscription.status === 'canceled') {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.noSubscription);
      }
      const signed = await local.setCancelAtPeriodEnd(db, subscription.id, cancel);
      return afterLocalEvent(user.id, BILLING_RETURN_PATH, signed);
    },

    /** GET /api/payments/invoices/ — the active organisation's invoices, newest first (any member reads). */
    async invoices(actor: Actor | null, query: PageQuery): Promise<InvoicePage> {
      const { user } = requireUser(actor);
      const { organisation } = await entitlements.resolve(user.id);
      const { rows, total } = await listInvoices(db, organisation.id, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toInvoiceSummary), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * GET /api/payments/invoices/:id/pdf — an invoice of an organisation the caller belongs to (404 otherwise, like
     * an unknown id), drawn in the worker pool.
     */
    async invoicePdf(actor: Actor | null, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const { user } = requireUser(actor);
      const invoice = await findInvoice(db, id);
      if (!invoice?.organisationId || !(await memberRoleIn(db, invoice.organisationId, user.id))) {
        throw new AppError('NOT_FOUND', organisationBillingMessages.invoiceNotFound);
      }
      const rendered = await runWorkerTask(
        billingTasks.invoicePdf,
        {
          number: invoice.number,
          issuedAt: invoice.issuedAt.toISOString(),
          periodStart: invoice.periodStart.toISOString(),
          periodEnd: invoice.periodEnd.toISOString(),
          plan: invoice.plan,
          interval: invoice.interval,
          provider: invoice.provider,
          amountHtCents: invoice.amountHtCents,
          vatRateBasisPoints: invoice.vatRateBasisPoints,
          vatCents: invoice.vatCents,
          amountTtcCents: invoice.amountTtcCents,
          seller: invoice.seller as InvoiceSeller,
          buyer: invoice.buyer as {
            name: string;
            siren: string | null;
            vatNumber: string | null;
            address: string | null;
          },
        },
        { owner: user.id },
      );
      if (!rendered.ok) {
        throw new AppError('SERVICE_UNAVAILABLE', organisationBillingMessages.invoiceRender);
      }
      return { bytes: rendered.value, fileName: `facture-${invoice.number}.pdf` };
    },

    /** POST /api/payments/local/portal/:id/end-period — demonstration: the current period ends now. */
    async localEndPeriod(actor: Actor | null, sessionId: string): Promise<LocalActionResponse> {
      const { user, local, subscription } = await portalSubscription(actor, sessionId);
      if (subscription.status === 'canceled') {
        throw new AppError('SUBSCRIPTION_CONFLICT', billingMessages.noSubscription);
      }
      const signed = await local.endPeriodNow(db, subscription);
      return afterLocalEvent(user.id, BILLING_RETURN_PATH, signed);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
