import { z } from 'zod';
import { type UserTier, userTierSchema, userTiers } from './auth.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Plans, per-feature quotas and billing (issue #12, ADR 0027, docs/plans.md): tiers and their aliases, the one
 * plan catalogue, the usage answer, the pricing answer, checkout / portal, the local demonstration provider's
 * sessions, the trial, the admin plan endpoints and the error codes.
 */

// ─── Tiers ────────────────────────────────────────────────────────────────────────────────────────────────

/** Spec §3: `tier1` = basic, `tier2` = premium, accepted wherever a tier is read (bodies, database, metadata). */
export const tierAliases = { tier1: 'basic', tier2: 'premium' } as const satisfies Record<string, UserTier>;
export type TierAlias = keyof typeof tierAliases;

/** The canonical tier of a tier or an alias; `null` for anything else. */
export function normaliseTier(value: string): UserTier | null {
  if ((userTiers as readonly string[]).includes(value)) {
    return value as UserTier;
  }
  return Object.hasOwn(tierAliases, value) ? tierAliases[value as TierAlias] : null;
}

export const tierMessages = {
  unknown: 'Niveau d’abonnement inconnu : free, basic (tier1), premium (tier2), admin ou business_trial.',
} as const;

/** A tier as read from a body or the database: the five tiers or an alias, always answered canonical. */
export const tierInputSchema = z
  .string({ error: tierMessages.unknown })
  .trim()
  .transform((value, context) => {
    const tier = normaliseTier(value);
    if (tier === null) {
      context.addIssue({ code: 'custom', message: tierMessages.unknown });
      return z.NEVER;
    }
    return tier;
  });

/** French names of the tiers (badges, admin panel). */
export const tierLabels: Record<UserTier, string> = {
  free: 'Gratuit',
  basic: 'Basique',
  premium: 'Premium',
  admin: 'Administrateur',
  business_trial: 'Essai Business',
};

// ─── Features ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The product's costly actions, each counted per user and billing period (`quota`), and the capabilities a
 * plan allows or not (`boolean`). A feature built later adds its name here, its limits in the catalogue and
 * one `quota.consume(userId, name)` call on the server (docs/plans.md).
 */
export const quotaFeatureNames = [
  'simulations',
  'optimisations',
  'pdf_reports',
  'invoice_audits',
  'chatbot_messages',
  'mandates',
] as const;
export const quotaFeatureNameSchema = z.enum(quotaFeatureNames, { error: 'Fonctionnalité inconnue.' });
export type QuotaFeatureName = z.infer<typeof quotaFeatureNameSchema>;

export const booleanFeatureNames = ['monthly_capacities'] as const;
export const booleanFeatureNameSchema = z.enum(booleanFeatureNames);
export type BooleanFeatureName = z.infer<typeof booleanFeatureNameSchema>;

export const featureNames = [...quotaFeatureNames, ...booleanFeatureNames] as const;
export const featureNameSchema = z.enum(featureNames);
export type FeatureName = z.infer<typeof featureNameSchema>;

/** French labels of the features (usage cards, plan cards). */
export const featureLabels: Record<FeatureName, string> = {
  simulations: 'Simulations tarifaires',
  optimisations: 'Optimisations CJA',
  pdf_reports: 'Rapports PDF',
  invoice_audits: 'Audits de factures',
  chatbot_messages: 'Messages à l’assistant',
  mandates: 'Mandats',
  monthly_capacities: 'Capacités mensuelles (optimisation)',
};

/** One feature of a plan: a quota per billing period (`limit` null = unlimited) or a capability. */
export const planQuotaFeatureSchema = z.object({
  type: z.literal('quota'),
  name: quotaFeatureNameSchema,
  label: z.string(),
  limit: z.number().int().min(0).nullable(),
});
export const planBooleanFeatureSchema = z.object({
  type: z.literal('boolean'),
  name: booleanFeatureNameSchema,
  label: z.string(),
  allowed: z.boolean(),
});
export const planFeatureSchema = z.discriminatedUnion('type', [planQuotaFeatureSchema, planBooleanFeatureSchema]);
export type PlanQuotaFeature = z.infer<typeof planQuotaFeatureSchema>;
export type PlanBooleanFeature = z.infer<typeof planBooleanFeatureSchema>;
export type PlanFeature = z.infer<typeof planFeatureSchema>;

// ─── Plans (catalogue) ────────────────────────────────────────────────────────────────────────────────────

/** Plans sold or offered on the plan cards (spec §6); `admin` and `business_trial` are tiers, not plan cards. */
export const publicPlanIds = ['free', 'basic', 'premium'] as const;
export const publicPlanIdSchema = z.enum(publicPlanIds);
export type PublicPlanId = z.infer<typeof publicPlanIdSchema>;

/** Plans a checkout can buy. */
export const paidPlanIds = ['basic', 'premium'] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

export const planIntervalSchema = z.enum(['month', 'year', 'day']);
export type PlanInterval = z.infer<typeof planIntervalSchema>;

export const planSchema = z.object({
  id: userTierSchema,
  name: z.string(),
  description: z.string(),
  /** Price in euros per `interval`, taxes excluded (0 for free). */
  price: z.number().min(0),
  /** The yearly plan's price in euros per year, taxes excluded (ten months, ADR 0078); null when not sold yearly. */
  yearly_price: z.number().min(0).nullable(),
  currency: z.literal('EUR'),
  interval: planIntervalSchema,
  /** Spec §3: the premium plan is marked popular. */
  popular: z.boolean(),
  features: z.array(planFeatureSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const BUSINESS_TRIAL_DAYS = 14;

const quota = (name: QuotaFeatureName, limit: number | null): PlanQuotaFeature => ({
  type: 'quota',
  name,
  label: featureLabels[name],
  limit,
});
const allowed = (name: BooleanFeatureName, value: boolean): PlanBooleanFeature => ({
  type: 'boolean',
  name,
  label: featureLabels[name],
  allowed: value,
});

/**
 * THE plan catalogue (docs/plans.md lists it; prices and limits are product choices recorded in ADR 0027).
 * One entry per tier: the three public plans, the 14-day business trial and the unlimited admin tier. The
 * server enforces these limits; the web app shows them from GET /api/payments/pricing/.
 */
export const planCatalogue: Record<UserTier, Plan> = {
  free: {
    id: 'free',
    name: 'Gratuit',
    description: 'Pour découvrir le simulateur et l’optimisation de la CJA sur un site.',
    price: 0,
    yearly_price: null,
    currency: 'EUR',
    interval: 'month',
    popular: false,
    features: [
      quota('simulations', 20),
      quota('optimisations', 3),
      quota('pdf_reports', 5),
      quota('invoice_audits', 2),
      quota('chatbot_messages', 30),
      quota('mandates', 1),
      allowed('monthly_capacities', false),
    ],
  },
  basic: {
    id: 'basic',
    name: 'Basique',
    description: 'Pour suivre quelques sites et optimiser leurs capacités chaque mois.',
    price: 29,
    yearly_price: 290,
    currency: 'EUR',
    interval: 'month',
    popular: false,
    features: [
      quota('simulations', 200),
      quota('optimisations', 30),
      quota('pdf_reports', 50),
      quota('invoice_audits', 20),
      quota('chatbot_messages', 300),
      quota('mandates', 10),
      allowed('monthly_capacities', true),
    ],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    description: 'Pour les portefeuilles multi-sites : simulations illimitées et audits réguliers.',
    price: 79,
    yearly_price: 790,
    currency: 'EUR',
    interval: 'month',
    popular: true,
    features: [
      quota('simulations', null),
      quota('optimisations', 200),
      quota('pdf_reports', null),
      quota('invoice_audits', 100),
      quota('chatbot_messages', 2000),
      quota('mandates', 50),
      allowed('monthly_capacities', true),
    ],
  },
  business_trial: {
    id: 'business_trial',
    name: 'Essai gratuit',
    description: `${BUSINESS_TRIAL_DAYS} jours des fonctionnalités Premium, sans carte bancaire, puis retour au plan Gratuit.`,
    price: 0,
    yearly_price: null,
    currency: 'EUR',
    interval: 'day',
    popular: false,
    features: [
      quota('simulations', null),
      quota('optimisations', 200),
      quota('pdf_reports', null),
      quota('invoice_audits', 100),
      quota('chatbot_messages', 2000),
      quota('mandates', 50),
      allowed('monthly_capacities', true),
    ],
  },
  admin: {
    id: 'admin',
    name: 'Administrateur',
    description: 'Accès illimité réservé à l’équipe.',
    price: 0,
    yearly_price: null,
    currency: 'EUR',
    interval: 'month',
    popular: false,
    features: [
      quota('simulations', null),
      quota('optimisations', null),
      quota('pdf_reports', null),
      quota('invoice_audits', null),
      quota('chatbot_messages', null),
      quota('mandates', null),
      allowed('monthly_capacities', true),
    ],
  },
};

/** The limit of a quota feature for a tier (null = unlimited). */
export function quotaLimit(tier: UserTier, name: QuotaFeatureName): number | null {
  const feature = planCatalogue[tier].features.find((item) => item.type === 'quota' && item.name === name);
  return feature?.type === 'quota' ? feature.limit : 0;
}

/** Whether a tier allows a boolean feature. */
export function featureAllowed(tier: UserTier, name: BooleanFeatureName): boolean {
  const feature = planCatalogue[tier].features.find((item) => item.type === 'boolean' && item.name === name);
  return feature?.type === 'boolean' ? feature.allowed : false;
}

/** Tiers with the 'Gérer l'abonnement' button (spec §6: paid non-admin tiers). */
export const paidTiers: readonly UserTier[] = ['basic', 'premium'];

// ─── GET /api/payments/pricing/ (no credentials) ──────────────────────────────────────────────────────────

export const pricingResponseSchema = z.object({
  /** The public plans in card order: free, basic, premium. */
  plans: z.array(planSchema),
  /** The « Essai gratuit » offer (no bank card) started by POST /api/account/trial/. */
  trial: z.object({ tier: z.literal('business_trial'), days: z.number().int().positive(), plan: planSchema }),
  /**
   * Which billing adapter runs: 'local' = demonstration payments served by the app; 'none' = no payment
   * configured (production without Stripe nor an explicit BILLING_PROVIDER=local): checkout answers 503 (ADR 0027).
   */
  provider: z.enum(['stripe', 'local', 'none']),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

// ─── GET /api/account/usage/ (spec §3) ────────────────────────────────────────────────────────────────────

export const usageQuotaFeatureSchema = z.object({
  type: z.literal('quota'),
  name: quotaFeatureNameSchema,
  label: z.string(),
  /** null = unlimited. */
  limit: z.number().int().min(0).nullable(),
  used: z.number().int().min(0),
  /** null when unlimited; never below 0. */
  remaining: z.number().int().min(0).nullable(),
  /** Percentage of the limit used (0–100+, one decimal); 0 when unlimited; 100 when the limit is 0. */
  pct_used: z.number().min(0),
});
export const usageBooleanFeatureSchema = z.object({
  type: z.literal('boolean'),
  name: booleanFeatureNameSchema,
  label: z.string(),
  allowed: z.boolean(),
});
export const usageFeatureSchema = z.discriminatedUnion('type', [usageQuotaFeatureSchema, usageBooleanFeatureSchema]);
export type UsageQuotaFeature = z.infer<typeof usageQuotaFeatureSchema>;
export type UsageBooleanFeature = z.infer<typeof usageBooleanFeatureSchema>;
export type UsageFeature = z.infer<typeof usageFeatureSchema>;

/** The billing period the counters belong to (calendar month in Europe/Paris for free and admin). */
export const usagePeriodSchema = z.object({
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** When the counters go back to 0 (= end). */
  next_reset: z.iso.datetime({ offset: true }),
  /** Whole days left, rounded up; 0 once the period is over. */
  days_left: z.number().int().min(0),
});
export type UsagePeriod = z.infer<typeof usagePeriodSchema>;

export const subscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The paid subscription behind a paid tier, as the billing provider holds it (null when none). */
export const subscriptionSummarySchema = z.object({
  provider: z.enum(['stripe', 'local']),
  plan: userTierSchema,
  status: subscriptionStatusSchema,
  current_period_start: z.iso.datetime({ offset: true }),
  current_period_end: z.iso.datetime({ offset: true }),
  /** Canceled by the user: the plan stays until current_period_end, then free. */
  cancel_at_period_end: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const usageResponseSchema = z.object({
  user: z.object({
    display_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    email: z.string(),
    tier: userTierSchema,
  }),
  period: usagePeriodSchema,
  features: z.array(usageFeatureSchema),
  subscription: subscriptionSummarySchema.nullable(),
  /** The running business trial's end, or null. */
  trial_ends_at: z.iso.datetime({ offset: true }).nullable(),
  /** Whether POST /api/account/trial/ may still be called (once per user, from free). */
  trial_available: z.boolean(),
  /** Spec §6: the 'Gérer l'abonnement' portal button (paid non-admin tiers with a subscription). */
  can_manage_billing: z.boolean(),
  /** The organisation whose plan this is (the active one, ADR 0078), and the caller's role in it. */
  organisation: z.object({ id: z.string(), name: z.string(), role: z.enum(['owner', 'admin', 'member', 'viewer']) }),
  /** Whether the caller may change the plan (owners and administrators of the organisation). */
  can_change_plan: z.boolean(),
  /** The current subscription's interval, when one runs. */
  billing_interval: z.enum(['month', 'year']).nullable(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** Spec §9: the usage is cached 60 s client-side. */
export const USAGE_CACHE_SECONDS = 60;

/** Spec §9 colours: blue; amber from 80 %; red at 100 % or more. */
export function usageLevel(pctUsed: number): 'normal' | 'warning' | 'exceeded' {
  if (pctUsed >= 100) {
    return 'exceeded';
  }
  return pctUsed >= 80 ? 'warning' : 'normal';
}

/** Spec §9: 'limit reached' when used exceeds the limit or pct is at least 100. */
export function isLimitReached(feature: UsageQuotaFeature): boolean {
  return (feature.limit !== null && feature.used > feature.limit) || feature.pct_used >= 100;
}

// ─── Trial ────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/account/trial/ {} → starts the 14-day business trial, once per user, from the free tier. */
export const startTrialBodySchema = z.object({});
export const startTrialResponseSchema = z.object({
  tier: z.literal('business_trial'),
  trial_ends_at: z.iso.datetime({ offset: true }),
});
export type StartTrialResponse = z.infer<typeof startTrialResponseSchema>;

// ─── Checkout and portal ──────────────────────────────────────────────────────────────────────────────────

export const planMessages = {
  notPurchasable: 'Ce plan ne peut pas être souscrit : choisissez Basique ou Premium.',
} as const;

/** A plan a checkout can buy: basic or premium, or their aliases tier1 / tier2. */
export const purchasablePlanSchema = z
  .string({ error: planMessages.notPurchasable })
  .trim()
  .transform((value, context) => {
    const tier = normaliseTier(value);
    if (tier !== 'basic' && tier !== 'premium') {
      context.addIssue({ code: 'custom', message: planMessages.notPurchasable });
      return z.NEVER;
    }
    return tier;
  });

/**
 * POST /api/payments/create-checkout-session/ {plan}. Only the plan id is read: any amount, price or currency
 * sent along is dropped by this schema (the server prices from the catalogue / provider price ids).
 */
export const createCheckoutSessionBodySchema = z.object({
  plan: purchasablePlanSchema,
  /** Monthly (default) or yearly payment (ADR 0078). */
  interval: z.enum(['month', 'year'], { error: 'Choisissez un paiement mensuel ou annuel.' }).default('month'),
});
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBodySchema>;

/** POST /api/payments/create-portal-session/ {} */
export const createPortalSessionBodySchema = z.object({});

/** Both answers: the browser is redirected to `url` (Stripe, or the local demonstration pages). */
export const billingRedirectResponseSchema = z.object({ url: z.string().min(1) });
export type BillingRedirectResponse = z.infer<typeof billingRedirectResponseSchema>;

/** Where the provider sends the browser back (spec §2.6 toasts). Visiting them grants nothing by itself. */
export const BILLING_RETURN_PATH = '/private/account/settings';
export const billingReturnQuery = { success: 'payment=success', canceled: 'payment=canceled' } as const;

// ─── Local demonstration provider (ADR 0027) ──────────────────────────────────────────────────────────────

/** SPA pages the local adapter redirects to (built by the web app, labelled « Paiement de démonstration »). */
export const LOCAL_CHECKOUT_PATH = '/private/account/billing/checkout';
export const LOCAL_PORTAL_PATH = '/private/account/billing/portal';

export const localSessionIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * GET /api/payments/local/sessions/:id — a checkout or portal session of the local provider, owned by the
 * caller (404 otherwise).
 */
export const localSessionResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(['checkout', 'portal']),
  status: z.enum(['open', 'completed', 'expired']),
  /** What is bought (checkout) or the current plan (portal). */
  plan: planSchema,
  /** Monthly or yearly (ADR 0078). */
  interval: z.enum(['month', 'year']),
  /** The price of one interval in cents: HT, TVA, TTC (null for a plan without price). */
  price: z
    .object({
      ht_cents: z.number().int(),
      vat_cents: z.number().int(),
      ttc_cents: z.number().int(),
      vat_rate_basis_points: z.number().int(),
    })
    .nullable(),
  expires_at: z.iso.datetime({ offset: true }),
  /** Where to go on « Annuler » / « Retour » (a relative URL of the app). */
  cancel_url: z.string(),
  return_url: z.string(),
  /** Portal: the subscription it manages. */
  subscription: subscriptionSummarySchema.nullable(),
});
export type LocalSessionResponse = z.infer<typeof localSessionResponseSchema>;

/**
 * POST /api/payments/local/sessions/:id/confirm {} — pays the demonstration checkout: emits the signed local
 * events (same entitlement code as Stripe webhooks) and answers where to go (settings?payment=success).
 * POST /api/payments/local/portal/:id/cancel {} — cancels at period end (the plan stays until then).
 * POST /api/payments/local/portal/:id/resume {} — undoes a cancel before the period end.
 * POST /api/payments/local/portal/:id/end-period {} — demonstration only: makes the current period end now
 *   (renews it, or ends a canceled subscription → free). Grants nothing (ADR 0027).
 */
export const localActionBodySchema = z.object({});
export const localActionResponseSchema = z.object({
  url: z.string(),
  subscription: subscriptionSummarySchema.nullable(),
  tier: userTierSchema,
});
export type LocalActionResponse = z.infer<typeof localActionResponseSchema>;

// ─── Admin (staff read, admins write: ADR 0009) ───────────────────────────────────────────────────────────

/** GET /api/admin/users/:id/plan — a user's tier, period, usage and subscription. */
export const adminUserPlanResponseSchema = z.object({
  /** `tier`: the one that applies to the user (their role's for an administrator, else the organisation's). */
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), tier: userTierSchema }),
  /**
   * The organisation whose plan this is (ADR 0078): the user's active one. Its `tier` is the one the admin panel
   * changes, for every member; its counters and history are the ones shown.
   */
  organisation: z.object({ id: z.string(), name: z.string(), tier: userTierSchema }),
  period: usagePeriodSchema,
  features: z.array(usageFeatureSchema),
  subscription: subscriptionSummarySchema.nullable(),
  trial_ends_at: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminUserPlanResponse = z.infer<typeof adminUserPlanResponseSchema>;

/** PATCH /api/admin/users/:id/tier {tier} (admin only; aliases accepted; recorded with who and when). */
export const adminSetTierBodySchema = z.object({ tier: tierInputSchema });
export type AdminSetTierBody = z.input<typeof adminSetTierBodySchema>;

/** POST /api/admin/users/:id/usage/reset {feature} (admin only): the current period's counter back to 0. */
export const adminResetUsageBodySchema = z.object({ feature: quotaFeatureNameSchema });
export type AdminResetUsageBody = z.infer<typeof adminResetUsageBodySchema>;

/** GET /api/admin/users/:id/plan-events?page=&pageSize= — tier changes and resets, newest first. */
export const adminPlanEventsQuerySchema = pageQuerySchema;
export const planEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['tier_change', 'usage_reset']),
  /** admin, stripe, local (demonstration provider), trial, trial_end, period_end. */
  source: z.string(),
  from_tier: userTierSchema.nullable(),
  to_tier: userTierSchema.nullable(),
  feature: quotaFeatureNameSchema.nullable(),
  /** Who did it (admin changes and resets), null for provider events. */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type PlanEvent = z.infer<typeof planEventSchema>;
export const adminPlanEventsResponseSchema = pageOf(planEventSchema);
export type AdminPlanEventsResponse = z.infer<typeof adminPlanEventsResponseSchema>;

// ─── Error codes ──────────────────────────────────────────────────────────────────────────────────────────

export const planErrorCodes = [
  /** 429: the feature's quota for the period is used up (message contains « limite »). */
  'QUOTA_EXCEEDED',
  /** 403: the plan does not include this capability ('Passez au plan supérieur'). */
  'FEATURE_NOT_ALLOWED',
  /** 409: a trial was already used, or the user is not on the free tier. */
  'TRIAL_UNAVAILABLE',
  /** 409: checkout while a paid subscription runs (use the portal), or portal without one. */
  'SUBSCRIPTION_CONFLICT',
  /** 400: webhook signature missing, wrong or older than 300 s. */
  'WEBHOOK_SIGNATURE_INVALID',
  /** 502: the billing provider answered an error. */
  'BILLING_PROVIDER_ERROR',
] as const;
export type PlanErrorCode = (typeof planErrorCodes)[number];

/** French texts (spec §8 'Limite atteinte' is derived by the UI from « limite »). */
export function quotaExceededMessage(name: QuotaFeatureName, limit: number): string {
  return `Vous avez atteint la limite de votre plan pour cette période : ${featureLabels[name].toLowerCase()} (${limit}). Passez au plan supérieur pour continuer.`;
}

export const planErrorMessages: Record<PlanErrorCode, string> = {
  QUOTA_EXCEEDED: 'Vous avez atteint la limite de votre plan pour cette période. Passez au plan supérieur.',
  FEATURE_NOT_ALLOWED: 'Passez au plan supérieur : votre plan ne comprend pas cette fonctionnalité.',
  TRIAL_UNAVAILABLE: 'L’essai gratuit n’est disponible qu’une fois, depuis le plan Gratuit.',
  SUBSCRIPTION_CONFLICT: 'Cette opération ne correspond pas à l’état de votre abonnement.',
  WEBHOOK_SIGNATURE_INVALID: 'Signature de l’événement de paiement invalide ou expirée.',
  BILLING_PROVIDER_ERROR: 'Le service de paiement est momentanément indisponible. Réessayez plus tard.',
};

/** Spec §8 texts of the Settings screen (toasts). */
export const settingsMessages = {
  paymentCanceled: 'Paiement annulé.',
  paymentSucceeded: 'Paiement réussi ! Votre abonnement est activé.',
  checkoutFailed: 'Erreur lors de la création de la session de paiement',
  portalFailed: "Erreur lors de l'ouverture du portail de facturation",
  loadFailedHint: 'Vérifiez votre session et réessayez.',
  limitReached: 'Limite atteinte',
  upgrade: 'Passez au plan supérieur',
} as const;
