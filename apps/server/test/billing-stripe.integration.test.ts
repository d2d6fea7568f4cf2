import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient, createStripeProvider } from '../src/adapters/billing/stripe.ts';
import { billingEvents, billingInvoices, organisations, planEvents } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { completeIdentityOf, personalOrganisationOf, TEST_ORGANISATION_IDENTITY } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const PRICES = { basic: 'price_basic_test', premium: 'price_premium_test' };
/** Only the premium plan has a yearly price here (ADR 0078: each yearly price is optional). */
const YEARLY_PRICES = { premium: 'price_premium_yearly_test' };
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_peer',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_BASIC: PRICES.basic,
  STRIPE_PRICE_PREMIUM: PRICES.premium,
};
const sdk = new Stripe('sk_test_unused');

interface PeerRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A local HTTP peer answering the calls the adapter makes to Stripe's API (checkout and portal sessions,
 * subscription retrieval), with the subscriptions as "Stripe holds them" in `subscriptions`.
 */
function stripePeer() {
  const requests: PeerRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let failNext = 0;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push({
      method: request.method ?? '',
      path,
      form: new URLSearchParams(body),
      authorization: request.headers.authorization,
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_peer' });
      response.end(JSON.stringify(json));
    };
    if (failNext > 0) {
      failNext -= 1;
      send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      return;
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      send(200, { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      send(200, { id: 'bps_test_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/1' });
    } else if (request.method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      const found = subscriptions.get(decodeURIComponent(path.slice('/v1/subscriptions/'.length)));
      if (found) {
        send(200, found);
      } else {
        send(404, {
          error: { type: 'invalid_request_error', message: 'No such subscription', code: 'resource_missing' },
        });
      }
    } else {
      send(404, { error: { type: 'invalid_request_error', message: `unexpected ${request.method} ${path}` } });
    }
  });
  return {
    requests,
    subscriptions,
    server,
    failOnce() {
      failNext = 1;
    },
  };
}

function subscription(
  id: string,
  userId: string,
  price: string,
  status: string,
  options: { cancelAtPeriodEnd?: boolean; start?: number } = {},
) {
  const start = options.start ?? Math.floor(Date.now() / 1000) - 60;
  return {
    id,
    object: 'subscription',
    customer: `cus_${userId.slice(0, 8)}`,
    status,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: { user_id: userId },
    start_date: start,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: {
            id: price,
            object: 'price',
            recurring: { interval: price === YEARLY_PRICES.premium ? 'year' : 'month', interval_count: 1 },
          },
          current_period_start: start,
          current_period_end: start + (price === YEARLY_PRICES.premium ? 365 : 30) * 86_400,
        },
      ],
    },
  };
}

describe.each(testDatabaseKinds())('Stripe adapter (official SDK, local HTTP peer, signed webhooks) on %s', (kind) => {
  let t: TestApp;
  const peer = stripePeer();
  let counter = 0;

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `stripe${counter}@exemple.fr`;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: 'Client Stripe',
      role: 'user',
      passwordHash,
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    await completeIdentityOf(t.database.handle.db, user.id);
    return { client, id: user.id };
  }

  function event(id: string, type: string, object: unknown) {
    return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  }

  /** Delivers a webhook as Stripe does: raw JSON body, Stripe-Signature header, no cookie, no CSRF token. */
  function deliver(payload: string, signature?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  }

  const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });

  /** The tier of the user's personal organisation, which holds the plan (ADR 0078). */
  async function tierOf(userId: string) {
    const [row] = await t.database.handle.db
      .select({ tier: organisations.tier })
      .from(organisations)
      .where(eq(organisations.id, await personalOrganisationOf(t.database.handle.db, userId)));
    return row?.tier;
  }

  async function tierChangeCount(userId: string) {
    const [row] = await t.database.handle.db
      .select({ n: count() })
      .from(planEvents)
      .where(
        and(
          eq(planEvents.organisationId, await personalOrganisationOf(t.database.handle.db, userId)),
          eq(planEvents.kind, 'tier_change'),
        ),
      );
    return row?.n ?? 0;
  }

  async function processedEvents() {
    const [row] = await t.database.handle.db.select({ n: count() }).from(billingEvents);
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    const { port } = peer.server.address() as AddressInfo;
    const client = createStripeClient('sk_test_peer', { host: '127.0.0.1', port, protocol: 'http' });
    t = await createTestApp(
      kind,
      { PUBLIC_URL: 'http://localhost:3000', PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000', ...STRIPE_ENV },
      undefined,
      {
        billing: {
          provider: createStripeProvider({
            client,
            webhookSecret: WEBHOOK_SECRET,
            prices: PRICES,
            yearlyPrices: YEARLY_PRICES,
          }),
          local: null,
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => peer.server.close(() => resolve()));
  });

  it('creates a Checkout session in subscription mode from the plan id only', async () => {
    const { client, id } = await newUser();
    const response = await client.post('/api/payments/create-checkout-session/', {
      plan: 'tier2',
      amount: 1,
      price: 'price_cheap',
      currency: 'usd',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const call = peer.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(call?.authorization).toBe('Bearer sk_test_peer');
    const form = call?.form as URLSearchParams;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price]')).toBe(PRICES.premium);
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('success_url')).toBe('http://localhost:3000/private/account/settings?payment=success');
    expect(form.get('cancel_url')).toBe('http://localhost:3000/private/account/settings?payment=canceled');
    const organisationId = await personalOrganisationOf(t.database.handle.db, id);
    expect(form.get('client_reference_id')).toBe(organisationId);
    expect(form.get('subscription_data[metadata][user_id]')).toBe(id);
    expect(form.get('subscription_data[metadata][organisation_id]')).toBe(organisationId);
    expect([...form.keys()].filter((key) => /amount|currency|unit/.test(key))).toEqual([]);
    expect(await tierOf(id)).toBe('free');
  });

  it('sends the organisation’s identity — name, SIREN, VAT number — with the checkout (ADR 0078)', async () => {
    const { client, id } = await newUser();
    const organisationId = await personalOrganisationOf(t.database.handle.db, id);
    await t.database.handle.db
      .update(organisations)
      .set({ name: 'Chaufferies du Nord SAS' })
      .where(eq(organisations.id, organisationId));
    const response = await client.post('/api/payments/create-checkout-session/', { plan: 'basic' });
    expect(response.statusCode, response.body).toBe(200);
    const form = peer.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.form as URLSearchParams;
    for (const prefix of ['metadata', 'subscription_data[metadata]']) {
      expect(form.get(`${prefix}[organisation_name]`)).toBe('Chaufferies du Nord SAS');
      expect(form.get(`${prefix}[siren]`)).toBe(TEST_ORGANISATION_IDENTITY.siren);
      expect(form.get(`${prefix}[vat_number]`)).toBe(TEST_ORGANISATION_IDENTITY.vatNumber);
    }
  });

  it('sells the yearly plan at its yearly price id, reads it back as yearly, and invoices a year to the organisation', async () => {
    const { client, id } = await newUser();
    const organisationId = await personalOrganisationOf(t.database.handle.db, id);
    const yearly = await client.post('/api/payments/create-checkout-session/', { plan: 'premium', interval: 'year' });
    expect(yearly.statusCode, yearly.body).toBe(200);
    const form = peer.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.form as URLSearchParams;
    expect(form.get('line_items[0][price]')).toBe(YEARLY_PRICES.premium);
    // The basic plan has no yearly price on this installation: refused before Stripe is asked.
    const calls = peer.requests.length;
    const basicYearly = await client.post('/api/payments/create-checkout-session/', {
      plan: 'basic',
      interval: 'year',
    });
    expect(basicYearly.statusCode).toBe(503);
    expect(basicYearly.json().error).toBe('Le plan annuel n’est pas proposé sur cette installation.');
    expect(peer.requests.length).toBe(calls);

    peer.subscriptions.set('sub_year', subscription('sub_year', id, YEARLY_PRICES.premium, 'active'));
    const completed = event('evt_year_1', 'checkout.session.completed', {
      object: 'checkout.session',
      id: 'cs_year',
      subscription: 'sub_year',
      client_reference_id: organisationId,
    });
    expect((await deliver(completed, signed(completed))).json().outcome).toBe('applied');
    expect(await tierOf(id)).toBe('premium');
    expect((await client.get('/api/account/usage/')).json()).toMatchObject({
      billing_interval: 'year',
      subscription: { provider: 'stripe', plan: 'premium' },
    });

    const paid = event('evt_year_2', 'invoice.paid', { object: 'invoice', id: 'in_year_1', subscription: 'sub_year' });
    expect((await deliver(paid, signed(paid))).json().outcome).toBe('applied');
    const invoices = (await client.get('/api/payments/invoices/')).json();
    expect(invoices.total).toBe(1);
    expect(invoices.items[0]).toMatchObject({
      provider: 'stripe',
      plan: 'premium',
      interval: 'year',
      amount_ht_cents: 79_000,
      vat_cents: 15_800,
      amount_ttc_cents: 94_800,
    });
    // The buyer printed on it: the organisation's identity asked at the checkout.
    const [row] = await t.database.handle.db
      .select({ buyer: billingInvoices.buyer })
      .from(billingInvoices)
      .where(eq(billingInvoices.paymentRef, 'in_year_1'));
    expect(row?.buyer).toMatchObject({
      siren: TEST_ORGANISATION_IDENTITY.siren,
      vatNumber: TEST_ORGANISATION_IDENTITY.vatNumber,
      address: TEST_ORGANISATION_IDENTITY.address.label,
    });
  });

  it('answers 502 with a French message when Stripe refuses the call', async () => {
    const { client } = await newUser();
    peer.failOnce();
    const response = await client.post('/api/payments/create-checkout-session/', { plan: 'basic' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'BILLING_PROVIDER_ERROR' });
  });

  it('refuses a missing or bad signature, a tampered body and a stale timestamp, and processes nothing', async () => {
    const { id } = await newUser();
    peer.subscriptions.set('sub_bad', subscription('sub_bad', id, PRICES.premium, 'active'));
    const payload = event('evt_bad_1', 'customer.subscription.updated', { object: 'subscription', id: 'sub_bad' });
    const before = await processedEvents();
    const attempts = [
      await deliver(payload),
      await deliver(payload, 't=1,v1=deadbeef'),
      await deliver(payload, signed(payload, { secret: 'whsec_other_secret' })),
      await deliver(payload.replace('evt_bad_1', 'evt_bad_2'), signed(payload)),
      await deliver(payload, signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })),
    ];
    for (const answer of attempts) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await processedEvents()).toBe(before);
    expect(await tierOf(id)).toBe('free');
    // Within the 300 s tolerance it is accepted.
    const fresh = await deliver(payload, signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 290 }));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await tierOf(id)).toBe('premium');
  });

  it('processes an event delivered 10 times concurrently once: one entitlement change', async () => {
    const { client, id } = await newUser();
    peer.subscriptions.set('sub_dup', subscription('sub_dup', id, PRICES.basic, 'active'));
    const payload = event('evt_dup', 'checkout.session.completed', {
      object: 'checkout.session',
      id: 'cs_dup',
      subscription: 'sub_dup',
      client_reference_id: id,
    });
    const header = signed(payload);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, header)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((answer) => answer.json().outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect(await tierOf(id)).toBe('basic');
    expect(await tierChangeCount(id)).toBe(1);
    const usage = (await client.get('/api/account/usage/')).json();
    expect(usage).toMatchObject({ can_manage_billing: true, subscription: { provider: 'stripe', plan: 'basic' } });

    // The customer portal of that customer, returning to the settings page.
    const portal = await client.post('/api/payments/create-portal-session/', {});
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe('https://billing.stripe.com/p/session/1');
    const call = peer.requests.findLast((request) => request.path === '/v1/billing_portal/sessions');
    expect(call?.form.get('customer')).toBe(`cus_${id.slice(0, 8)}`);
    expect(call?.form.get('return_url')).toBe('http://localhost:3000/private/account/settings');
  });

  it('ends in the state Stripe holds whatever the order of the events', async () => {
    const { id } = await newUser();
    // Stripe now holds: upgraded to premium. The older "created (basic)" event arrives after the "updated" one.
    peer.subscriptions.set('sub_order', subscription('sub_order', id, PRICES.premium, 'active'));
    const created = event('evt_order_1', 'customer.subscription.created', {
      ...subscription('sub_order', id, PRICES.basic, 'active'),
    });
    const updated = event('evt_order_2', 'customer.subscription.updated', {
      ...subscription('sub_order', id, PRICES.premium, 'active'),
    });
    expect((await deliver(updated, signed(updated))).json().outcome).toBe('applied');
    expect((await deliver(created, signed(created))).json().outcome).toBe('applied');
    expect(await tierOf(id)).toBe('premium');
    expect(await tierChangeCount(id)).toBe(1);

    // Canceled at Stripe: the deletion, then a late "updated (active)" event: free, one more change.
    peer.subscriptions.set('sub_order', subscription('sub_order', id, PRICES.premium, 'canceled'));
    const deleted = event('evt_order_3', 'customer.subscription.deleted', { object: 'subscription', id: 'sub_order' });
    const late = event('evt_order_4', 'customer.subscription.updated', {
      ...subscription('sub_order', id, PRICES.premium, 'active'),
    });
    await deliver(deleted, signed(deleted));
    await deliver(late, signed(late));
    expect(await tierOf(id)).toBe('free');
    expect(await tierChangeCount(id)).toBe(2);
  });

  it('keeps the paid plan while canceled at period end, and ignores events of unknown subscriptions', async () => {
    const { client, id } = await newUser();
    peer.subscriptions.set(
      'sub_cancel',
      subscription('sub_cancel', id, PRICES.premium, 'active', { cancelAtPeriodEnd: true }),
    );
    const updated = event('evt_cancel_1', 'customer.subscription.updated', {
      object: 'subscription',
      id: 'sub_cancel',
    });
    await deliver(updated, signed(updated));
    expect(await tierOf(id)).toBe('premium');
    expect((await client.get('/api/account/usage/')).json().subscription).toMatchObject({ cancel_at_period_end: true });

    const unknown = event('evt_unknown', 'customer.subscription.updated', { object: 'subscription', id: 'sub_nope' });
    const answer = await deliver(unknown, signed(unknown));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().outcome).toBe('ignored');
    const other = event('evt_other', 'payment_intent.succeeded', { object: 'payment_intent', id: 'pi_1' });
    expect((await deliver(other, signed(other))).json().outcome).toBe('ignored');
  });

  it('issues our invoice once per paid Stripe invoice (invoice.paid), for the organisation, at the catalogue price', async () => {
    const { client, id } = await newUser();
    peer.subscriptions.set('sub_paid', subscription('sub_paid', id, PRICES.basic, 'active'));
    const paid = event('evt_paid_1', 'invoice.paid', { object: 'invoice', id: 'in_test_1', subscription: 'sub_paid' });
    expect((await deliver(paid, signed(paid))).json().outcome).toBe('applied');
    const again = event('evt_paid_2', 'invoice.paid', { object: 'invoice', id: 'in_test_1', subscription: 'sub_paid' });
    expect((await deliver(again, signed(again))).json().outcome).toBe('applied');
    const invoices = (await client.get('/api/payments/invoices/')).json();
    expect(invoices.total).toBe(1);
    expect(invoices.items[0]).toMatchObject({
      provider: 'stripe',
      plan: 'basic',
      interval: 'month',
      amount_ht_cents: 2900,
      vat_cents: 580,
      amount_ttc_cents: 3480,
    });
    expect(await tierOf(id)).toBe('basic');
  });
});
