import {
  adminUserPlanResponseSchema,
  localSessionResponseSchema,
  planCatalogue,
  pricingResponseSchema,
  type UsageQuotaFeature,
  type UsageResponse,
  usageResponseSchema,
} from '@pilote/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localEventSignature } from '../src/adapters/billing/local.ts';
import { loadConfig } from '../src/config/env.ts';
import { localBillingSubscriptions, organisations, planEvents, usageCounters, users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { createBillingService } from '../src/modules/billing/service.ts';
import { createEntitlements } from '../src/modules/plans/entitlements.ts';
import { calendarMonth } from '../src/modules/plans/periods.ts';
import { HttpClient } from './helpers/http-client.ts';
import { completeIdentityOf, personalOrganisationOf } from './helpers/organisations.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const TEST_SELLER = {
  name: 'Vendeur',
  siren: '000000000',
  vatNumber: 'FR00000000000',
  address: 'Paris',
  demonstration: true,
};

const PASSWORD = 'Correct-Horse-9';
const DAY = 86_400_000;

/** A T4 PITD point of the packaged sample (as the optimisation form sends it). */
const OPTIMISATION = {
  pointDeReseau: 'PITD',
  code: 'GD1057',
  commune: 'Paris',
  tso: 'NaTran',
  tarif: 'T4',
  profil: 'P016',
  assiette: '18 000',
  cjsInterruptible: '',
  cpl: '',
  dateEffetMonth: '2026-02',
};

describe.each(testDatabaseKinds())('plans, quotas and the local billing provider on %s', (kind) => {
  let t: TestApp;
  /** The plans' clock: tests move it forward to reach trial and period ends. */
  let clock = new Date('2026-11-23T10:00:00Z');
  let counter = 0;
  const ids = new Map<string, string>();

  async function newUser(role: 'user' | 'staff' | 'admin' = 'user'): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `plan${counter}@exemple.fr`;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Jeanne Durand ${counter}`,
      role,
      passwordHash,
    });
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    ids.set(email, user.id);
    await completeIdentityOf(t.database.handle.db, user.id);
    return { client, id: user.id };
  }

  async function usage(client: HttpClient): Promise<UsageResponse> {
    const response = await client.get('/api/account/usage/');
    expect(response.statusCode, response.body).toBe(200);
    return usageResponseSchema.parse(response.json());
  }

  function quotaOf(answer: { features: UsageResponse['features'] }, name: string): UsageQuotaFeature {
    const feature = answer.features.find((item) => item.name === name);
    if (feature?.type !== 'quota') {
      throw new Error(`no quota ${name}`);
    }
    return feature;
  }

  /** Sets the current period's counter directly (to reach a limit without hundreds of requests). */
  async function setUsed(userId: string, feature: string, used: number): Promise<void> {
    const period = calendarMonth(clock);
    await t.database.handle.db
      .insert(usageCounters)
      .values({
        organisationId: await personalOrganisationOf(t.database.handle.db, userId),
        feature,
        periodStart: period.start,
        periodEnd: period.end,
        used,
      })
      .onConflictDoUpdate({
        target: [usageCounters.organisationId, usageCounters.feature, usageCounters.periodStart],
        set: { used },
      });
  }

  async function usedInDb(userId: string, feature: string): Promise<number> {
    const rows = await t.database.handle.db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.organisationId, await personalOrganisationOf(t.database.handle.db, userId)),
          eq(usageCounters.feature, feature),
        ),
      );
    return rows.reduce((sum, row) => sum + row.used, 0);
  }

  async function tierChanges(userId: string) {
    return t.database.handle.db
      .select()
      .from(planEvents)
      .where(
        and(
          eq(planEvents.organisationId, await personalOrganisationOf(t.database.handle.db, userId)),
          eq(planEvents.kind, 'tier_change'),
        ),
      );
  }

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { PUBLIC_URL: 'http://localhost:3000', PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' },
      undefined,
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the plan catalogue without credentials, premium popular, the local provider by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/pricing/' });
    expect(response.statusCode).toBe(200);
    const pricing = pricingResponseSchema.parse(response.json());
    expect(pricing.plans.map((plan) => plan.id)).toEqual(['free', 'basic', 'premium']);
    expect(pricing.plans.find((plan) => plan.popular)?.id).toBe('premium');
    expect(pricing.trial).toMatchObject({ tier: 'business_trial', days: 14 });
    expect(pricing.provider).toBe('local');
  });

  it('chooses the billing adapter from the environment; local is refused in production unless chosen', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).billing).toMatchObject({
      provider: 'local',
      seller: { demonstration: true },
    });
    expect(loadConfig({ NODE_ENV: 'production' }).billing).toMatchObject({ provider: 'none' });
    expect(loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' }).billing).toMatchObject({
      provider: 'local',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PRICE_BASIC: 'price_basic',
        STRIPE_PRICE_PREMIUM: 'price_premium',
        STRIPE_PRICE_PREMIUM_YEARLY: 'price_premium_year',
        INVOICE_SELLER_NAME: 'Pilote Énergie SAS',
        INVOICE_SELLER_SIREN: '732829320',
        INVOICE_SELLER_VAT: 'FR44732829320',
        INVOICE_SELLER_ADDRESS: '1 rue de la Paix 75002 Paris',
      }).billing,
    ).toMatchObject({
      provider: 'stripe',
      prices: { basic: 'price_basic', premium: 'price_premium' },
      yearlyPrices: { premium: 'price_premium_year' },
      seller: { name: 'Pilote Énergie SAS', demonstration: false },
    });
    // Real payments in production name a real seller on their invoices.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_PRICE_BASIC: 'price_basic',
        STRIPE_PRICE_PREMIUM: 'price_premium',
      }),
    ).toThrow(/INVOICE_SELLER_NAME/);
  });

  it('answers the usage of a new user: free tier, the calendar month in Europe/Paris, every feature', async () => {
    const anonymous = await new HttpClient(t.app).get('/api/account/usage/');
    expect(anonymous.statusCode).toBe(401);
    const { client } = await newUser();
    const answer = await usage(client);
    expect(answer.user).toMatchObject({ tier: 'free', first_name: 'Jeanne', last_name: `Durand ${counter}` });
    expect(answer.user.username).toBe(`plan${counter}`);
    // 1 November 2026 00:00 in Paris (UTC+1) → 1 December 2026 00:00.
    expect(answer.period).toEqual({
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
      next_reset: '2026-11-30T23:00:00.000Z',
      days_left: 8,
    });
    expect(quotaOf(answer, 'simulations')).toMatchObject({ limit: 20, used: 0, remaining: 20, pct_used: 0 });
    expect(answer.features.find((feature) => feature.name === 'monthly_capacities')).toMatchObject({
      type: 'boolean',
      allowed: false,
    });
    expect(answer).toMatchObject({ subscription: null, trial_available: true, can_manage_billing: false });
    expect((await client.get('/api/account/usage/')).headers['cache-control']).toBe('no-store');
  });

  it('counts a simulation, refuses past the limit with 429 « limite » and consumes nothing then', async () => {
    const { client, id } = await newUser();
    const first = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(first.statusCode, first.body).toBe(200);
    expect(quotaOf(await usage(client), 'simulations')).toMatchObject({ used: 1, remaining: 19, pct_used: 5 });

    await setUsed(id, 'simulations', 20);
    const refused = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
    expect(refused.json().error).toContain('limite');
    expect(await usedInDb(id, 'simulations')).toBe(20);
    expect(quotaOf(await usage(client), 'simulations')).toMatchObject({ used: 20, remaining: 0, pct_used: 100 });
  });

  it('gives the unit back when the action fails', async () => {
    const { client, id } = await newUser();
    await setUsed(id, 'simulations', 19);
    const failed = await client.post('/api/simulator/simulate/', { ...PACKAGED_ACCEPTANCE_FORM, code: 'GD9999' });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.statusCode).not.toBe(429);
    expect(await usedInDb(id, 'simulations')).toBe(19);
    const invalid = await client.post('/api/simulator/simulate/', { ...PACKAGED_ACCEPTANCE_FORM, car: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(await usedInDb(id, 'simulations')).toBe(19);
    // The unit given back is usable.
    expect((await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM)).statusCode).toBe(200);
    expect(await usedInDb(id, 'simulations')).toBe(20);
  });

  it('lets exactly one of 20 concurrent requests through when one unit is left', async () => {
    const { client, id } = await newUser();
    await setUsed(id, 'simulations', 19);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(await usedInDb(id, 'simulations')).toBe(20);
  });

  it('reads the plan with the session on every request: a tier change or a trial end applies to the next simulation (ADR 0075)', async () => {
    // The quota claim takes the user's tier, subscription and trial from the session's own statement: never kept
    // from an earlier request, so each change below is seen by the very next simulation.
    const { client, id } = await newUser();
    const simulateOnce = async () =>
      (await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM)).statusCode;
    const organisationId = await personalOrganisationOf(t.database.handle.db, id);
    const setTier = (tier: string) =>
      t.database.handle.db.update(organisations).set({ tier }).where(eq(organisations.id, organisationId));
    await setUsed(id, 'simulations', 20);
    expect(await simulateOnce()).toBe(429);
    await setTier('premium');
    expect(await simulateOnce()).toBe(200);
    expect(await usedInDb(id, 'simulations')).toBe(21);
    await setTier('free');
    expect(await simulateOnce()).toBe(429);
    expect(await usedInDb(id, 'simulations')).toBe(21);

    // The trial row comes with the session too: the trial's own period (no limit), then free again once it ends.
    expect((await client.post('/api/account/trial/', {})).statusCode).toBe(200);
    expect(await simulateOnce()).toBe(200);
    const saved = clock;
    clock = new Date(saved.getTime() + 14 * DAY + 1000);
    try {
      await setUsed(id, 'simulations', 20);
      expect(await simulateOnce()).toBe(429);
      expect(
        (await tierChanges(id)).map((row) => row.source),
        'the trial ended by this very simulation request',
      ).toEqual(['trial', 'trial_end']);
    } finally {
      clock = saved;
    }
  });

  it('runs SIMULATE_CONCURRENCY simulations at once, queues the next ones, refuses past the queue (503), no unit taken', async () => {
    const { client, id } = await newUser();
    const limiter = t.app.simulations;
    const { maxConcurrent, maxQueued } = limiter.options;
    const gates: (() => void)[] = [];
    const held = Array.from({ length: maxConcurrent }, () =>
      limiter.run(
        () =>
          new Promise<void>((resolve) => {
            gates.push(resolve);
          }),
      ),
    );
    // Fill the queue but for one place: the first simulation waits there, the queue is then full.
    const fillers = Array.from({ length: maxQueued - 1 }, () => limiter.run(async () => {}));
    const queued = client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    await vi.waitFor(() => expect(limiter.queued).toBe(maxQueued), { timeout: 5000, interval: 10 });
    expect(limiter.full).toBe(true);
    try {
      const refused = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        error: 'Le service est momentanément surchargé. Veuillez réessayer dans quelques secondes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await usedInDb(id, 'simulations')).toBe(0);
    } finally {
      for (const release of gates) {
        release();
      }
    }
    await Promise.all([...held, ...fillers]);
    const answer = await queued;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await usedInDb(id, 'simulations')).toBe(1);
    expect(limiter.running).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('gates the optimisation (quota) and its monthly capacities (paid capability)', async () => {
    const { client, id } = await newUser();
    const monthly = await client.post('/api/optimisation/', {
      ...OPTIMISATION,
      capacitesMensuelles: Array(12).fill('100'),
    });
    expect(monthly.statusCode).toBe(403);
    expect(monthly.json()).toMatchObject({ code: 'FEATURE_NOT_ALLOWED' });
    expect(monthly.json().error).toContain('Passez au plan supérieur');
    expect(await usedInDb(id, 'optimisations')).toBe(0);

    const ok = await client.post('/api/optimisation/', OPTIMISATION);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await usedInDb(id, 'optimisations')).toBe(1);
    await setUsed(id, 'optimisations', 3);
    const refused = await client.post('/api/optimisation/', OPTIMISATION);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain('limite');
    expect(await usedInDb(id, 'optimisations')).toBe(3);
  });

  it('counts a PDF report once per simulation and refuses the link and the download past the limit', async () => {
    const { client, id } = await newUser();
    const simulation = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    const { simulationId, pdfUrl } = simulation.json();
    const download = await client.get(pdfUrl);
    expect(download.statusCode).toBe(200);
    expect((await client.get(pdfUrl)).statusCode).toBe(200);
    expect(await usedInDb(id, 'pdf_reports')).toBe(1);

    const second = await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    await setUsed(id, 'pdf_reports', 5);
    const link = await client.get(`/api/simulator/simulations/${second.json().simulationId}/pdf-link`);
    expect(link.statusCode).toBe(429);
    expect(link.json().error).toContain('limite');
    const refused = await client.get(second.json().pdfUrl);
    expect(refused.statusCode).toBe(429);
    // The already rendered one is still served (no new unit needed).
    expect((await client.get(`/api/simulator/simulations/${simulationId}/pdf-link`)).statusCode).toBe(200);
    expect(await usedInDb(id, 'pdf_reports')).toBe(5);
  });

  it('starts the 14-day business trial once, from free, and ends it back on free', async () => {
    const { client, id } = await newUser();
    const started = await client.post('/api/account/trial/', {});
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      tier: 'business_trial',
      trial_ends_at: new Date(clock.getTime() + 14 * DAY).toISOString(),
    });
    const during = await usage(client);
    expect(during.user.tier).toBe('business_trial');
    expect(during.period).toMatchObject({ start: clock.toISOString(), days_left: 14 });
    expect(quotaOf(during, 'simulations').limit).toBeNull();
    expect((await client.post('/api/account/trial/', {})).statusCode).toBe(409);

    const saved = clock;
    clock = new Date(saved.getTime() + 14 * DAY + 1000);
    try {
      const after = await usage(client);
      expect(after.user.tier).toBe('free');
      expect(after.trial_available).toBe(false);
      const again = await client.post('/api/account/trial/', {});
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('TRIAL_UNAVAILABLE');
      expect((await tierChanges(id)).map((row) => [row.source, row.fromTier, row.toTier])).toEqual([
        ['trial', 'free', 'business_trial'],
        ['trial_end', 'business_trial', 'free'],
      ]);
    } finally {
      clock = saved;
    }
  });

  it('lets staff read and admins change a tier (aliases, who and when) and reset a counter', async () => {
    const admin = await newUser('admin');
    const staff = await newUser('staff');
    const { client, id } = await newUser();
    await setUsed(id, 'simulations', 7);

    const read = await staff.client.get(`/api/admin/users/${id}/plan`);
    expect(read.statusCode).toBe(200);
    expect(adminUserPlanResponseSchema.parse(read.json()).user.tier).toBe('free');
    // The plan shown and changed is the user's active organisation's (ADR 0078): the answer names it.
    expect(adminUserPlanResponseSchema.parse(read.json()).organisation).toMatchObject({
      id: await personalOrganisationOf(t.database.handle.db, id),
      tier: 'free',
    });
    expect((await client.get(`/api/admin/users/${id}/plan`)).statusCode).toBe(403);
    expect((await staff.client.patch(`/api/admin/users/${id}/tier`, { tier: 'premium' })).statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/users/unknown-user/plan')).statusCode).toBe(404);
    expect((await admin.client.patch('/api/admin/users/unknown-user/tier', { tier: 'basic' })).statusCode).toBe(404);
    const bad = await admin.client.patch(`/api/admin/users/${id}/tier`, { tier: 'gold' });
    expect(bad.statusCode).toBe(400);

    const changed = await admin.client.patch(`/api/admin/users/${id}/tier`, { tier: 'tier2' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.tier).toBe('premium');
    expect(changed.json().organisation.tier).toBe('premium');
    expect((await usage(client)).user.tier).toBe('premium');

    const changedAt = clock;
    clock = new Date(clock.getTime() + 1000);
    const reset = await admin.client.post(`/api/admin/users/${id}/usage/reset`, { feature: 'simulations' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(quotaOf(reset.json(), 'simulations').used).toBe(0);
    expect((await staff.client.post(`/api/admin/users/${id}/usage/reset`, { feature: 'simulations' })).statusCode).toBe(
      403,
    );

    const events = await staff.client.get(`/api/admin/users/${id}/plan-events?pageSize=10`);
    expect(events.statusCode).toBe(200);
    expect(events.json().total).toBe(2);
    const [resetEvent, tierEvent] = events.json().items;
    expect(resetEvent).toMatchObject({ kind: 'usage_reset', feature: 'simulations', source: 'admin' });
    expect(tierEvent).toMatchObject({ kind: 'tier_change', from_tier: 'free', to_tier: 'premium', source: 'admin' });
    expect(tierEvent.actor).toEqual({ id: admin.id, email: `plan${counter - 2}@exemple.fr` });
    expect(Date.parse(tierEvent.created_at)).toBe(changedAt.getTime());
  });

  it('goes free → local checkout → premium → portal cancel → premium until the period end → free', async () => {
    const { client, id } = await newUser();
    const other = await newUser();
    const checkout = await client.post('/api/payments/create-checkout-session/', {
      plan: 'premium',
      amount: 1,
      price: 0.01,
      currency: 'usd',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = new URL(checkout.json().url, 'http://localhost');
    expect(url.pathname).toBe('/private/account/billing/checkout');
    const sessionId = url.searchParams.get('session') as string;

    // The session, its owner only; visiting the success page grants nothing by itself.
    const session = await client.get(`/api/payments/local/sessions/${sessionId}`);
    expect(session.statusCode).toBe(200);
    expect(localSessionResponseSchema.parse(session.json())).toMatchObject({
      kind: 'checkout',
      status: 'open',
      plan: { id: 'premium', price: planCatalogue.premium.price },
    });
    expect((await other.client.get(`/api/payments/local/sessions/${sessionId}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {})).statusCode).toBe(404);
    expect((await usage(client)).user.tier).toBe('free');

    const confirmed = await client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ url: '/private/account/settings?payment=success', tier: 'premium' });
    expect((await client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {})).statusCode).toBe(409);

    const premium = await usage(client);
    expect(premium.user.tier).toBe('premium');
    expect(premium.can_manage_billing).toBe(true);
    expect(premium.subscription).toMatchObject({ provider: 'local', plan: 'premium', status: 'active' });
    expect(premium.period.start).toBe(clock.toISOString());
    expect(quotaOf(premium, 'simulations').limit).toBeNull();
    expect(quotaOf(premium, 'optimisations').limit).toBe(200);
    // A second checkout while subscribed: use the portal.
    expect((await client.post('/api/payments/create-checkout-session/', { plan: 'basic' })).statusCode).toBe(409);

    const portal = await client.post('/api/payments/create-portal-session/', {});
    expect(portal.statusCode, portal.body).toBe(200);
    const portalId = new URL(portal.json().url, 'http://localhost').searchParams.get('session') as string;
    expect((await other.client.post(`/api/payments/local/portal/${portalId}/cancel`, {})).statusCode).toBe(404);
    const canceled = await client.post(`/api/payments/local/portal/${portalId}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ tier: 'premium', subscription: { cancel_at_period_end: true } });

    // The period end passes (the plans' clock): back to free, recorded once.
    const saved = clock;
    clock = new Date(new Date(premium.period.end).getTime() + 1000);
    try {
      const after = await usage(client);
      expect(after.user.tier).toBe('free');
      expect(after.can_manage_billing).toBe(false);
      expect((await usage(client)).user.tier).toBe('free');
    } finally {
      clock = saved;
    }
    expect((await tierChanges(id)).map((row) => [row.source, row.toTier])).toEqual([
      ['local', 'premium'],
      ['period_end', 'free'],
    ]);
    const [row] = await t.database.handle.db
      .select({ tier: organisations.tier })
      .from(organisations)
      .where(eq(organisations.id, await personalOrganisationOf(t.database.handle.db, id)));
    expect(row?.tier).toBe('free');
  });

  it('ends a canceled demonstration subscription with « end-period », through the signed-event path', async () => {
    const { client, id } = await newUser();
    const checkout = await client.post('/api/payments/create-checkout-session/', { plan: 'tier1' });
    const sessionId = new URL(checkout.json().url, 'http://localhost').searchParams.get('session') as string;
    expect((await client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {})).json().tier).toBe('basic');
    const portalId = new URL(
      (await client.post('/api/payments/create-portal-session/', {})).json().url,
      'http://localhost',
    ).searchParams.get('session') as string;

    // Not canceled: the period is renewed (counters reset), the plan stays.
    await client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    clock = new Date(clock.getTime() + 60_000);
    const renewed = await client.post(`/api/payments/local/portal/${portalId}/end-period`, {});
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      tier: 'basic',
      subscription: { current_period_start: clock.toISOString() },
    });
    expect(quotaOf(await usage(client), 'simulations').used).toBe(0);

    expect((await client.post(`/api/payments/local/portal/${portalId}/cancel`, {})).json().tier).toBe('basic');
    expect((await client.post(`/api/payments/local/portal/${portalId}/resume`, {})).json().subscription).toMatchObject({
      cancel_at_period_end: false,
    });
    await client.post(`/api/payments/local/portal/${portalId}/cancel`, {});
    const ended = await client.post(`/api/payments/local/portal/${portalId}/end-period`, {});
    expect(ended.json()).toMatchObject({ tier: 'free', subscription: { status: 'canceled' } });
    expect((await client.post(`/api/payments/local/portal/${portalId}/end-period`, {})).statusCode).toBe(409);
    expect((await tierChanges(id)).map((row) => row.toTier)).toEqual(['basic', 'free']);
    // Checkout again after the end: allowed.
    expect((await client.post('/api/payments/create-checkout-session/', { plan: 'premium' })).statusCode).toBe(200);
  });

  it('accepts on the webhook only local events signed with the server key, fresh, once', async () => {
    const { client, id } = await newUser();
    const checkout = await client.post('/api/payments/create-checkout-session/', { plan: 'basic' });
    const sessionId = new URL(checkout.json().url, 'http://localhost').searchParams.get('session') as string;
    await client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {});
    const subscriptionId = (
      await t.database.handle.db
        .select()
        .from(localBillingSubscriptions)
        .where(eq(localBillingSubscriptions.userId, id))
    )[0]?.id as string;
    // A forged "deleted" event for that subscription: wrong key, stale, or replayed — nothing changes.
    const payload = JSON.stringify({
      id: 'evt_local_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { object: 'subscription', id: subscriptionId } },
    });
    const now = Math.floor(clock.getTime() / 1000);
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    for (const signature of [
      `t=${now},v1=${localEventSignature('another-secret-of-at-least-32-characters', payload, now)}`,
      `t=${now - 301},v1=${localEventSignature(TEST_SECRET, payload, now - 301)}`,
      'garbage',
    ]) {
      const refused = await send(signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await usage(client)).user.tier).toBe('basic');
    // Correctly signed: processed once; the provider still holds an active subscription, so the tier stays.
    const valid = `t=${now},v1=${localEventSignature(TEST_SECRET, payload, now)}`;
    expect((await send(valid)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await send(valid)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await usage(client)).user.tier).toBe('basic');
  });

  it('refuses a plan that cannot be bought and the admin tier checkout', async () => {
    const { client } = await newUser();
    for (const plan of ['free', 'admin', 'business_trial', 'gold']) {
      const response = await client.post('/api/payments/create-checkout-session/', { plan });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await client.post('/api/payments/create-portal-session/', {})).statusCode).toBe(409);
    const admin = await newUser('admin');
    await t.database.handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, admin.id));
    expect((await admin.client.post('/api/payments/create-checkout-session/', { plan: 'basic' })).statusCode).toBe(409);
    const adminUsage = await usage(admin.client);
    expect(adminUsage.features.every((feature) => feature.type === 'boolean' || feature.limit === null)).toBe(true);
  });

  it('answers 503 on checkout and portal when no billing adapter is configured', async () => {
    const { client } = await newUser();
    const service = createBillingService({
      db: t.database.handle.db,
      billing: { provider: null, local: null },
      entitlements: createEntitlements({ db: t.database.handle.db, now: () => clock }),
      publicUrl: 'http://localhost:3000',
      seller: TEST_SELLER,
      logger: t.app.log,
    });
    const me = (await client.get('/api/account/me')).json().user;
    const actor = { user: me, sessionId: 'x' };
    await expect(service.createCheckout(actor, 'basic')).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.createPortal(actor)).rejects.toMatchObject({ statusCode: 503 });
    expect(service.pricing().provider).toBe('none');
  });
});
