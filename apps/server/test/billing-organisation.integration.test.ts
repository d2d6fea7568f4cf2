/**
 * The plan and its billing belong to the organisation (ADR 0078), with the local demonstration provider: members'
 * usage counts together; only owners and admins buy; the checkout needs the organisation's identity; a yearly plan;
 * an invoice per payment, numbered without gap under concurrency, its PDF (HT / TVA / TTC to the cent), 404 to
 * anyone outside the organisation.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMembers, usageCounters } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { nextInvoiceNumber } from '../src/modules/billing/invoices.ts';
import { calendarMonth } from '../src/modules/plans/periods.ts';
import { HttpClient } from './helpers/http-client.ts';
import { completeIdentityOf, personalOrganisationOf } from './helpers/organisations.ts';
import { PACKAGED_ACCEPTANCE_FORM } from './helpers/simulator-forms.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

describe.each(testDatabaseKinds())('organisation billing with the local provider on %s', (kind) => {
  let t: TestApp;
  let counter = 0;
  const clock = new Date('2026-11-27T10:00:00.000Z');

  async function newUser(): Promise<{ client: HttpClient; id: string; organisationId: string }> {
    counter += 1;
    const email = `billing${counter}@exemple.fr`;
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Dupont ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: user.id, organisationId: await personalOrganisationOf(t.database.handle.db, user.id) };
  }

  /** `who` joins `organisationId` with `role` and makes it active. */
  async function join(who: { client: HttpClient; id: string }, organisationId: string, role: string) {
    await t.database.handle.db.insert(organisationMembers).values({ organisationId, userId: who.id, role });
    expect((await who.client.request('PUT', '/api/organisations/active', { organisationId })).statusCode).toBe(200);
  }

  async function pay(client: HttpClient, plan: string, interval: 'month' | 'year') {
    const checkout = await client.post('/api/payments/create-checkout-session/', { plan, interval });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = new URL(checkout.json().url, 'http://x').searchParams.get('session') as string;
    const confirmed = await client.post(`/api/payments/local/sessions/${sessionId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { sessionId, confirmed: confirmed.json() };
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

  it('counts every member’s usage in the organisation’s counter, and shows the members its plan', async () => {
    const owner = await newUser();
    const member = await newUser();
    await join(member, owner.organisationId, 'member');
    const period = calendarMonth(clock);
    await t.database.handle.db.insert(usageCounters).values({
      organisationId: owner.organisationId,
      feature: 'simulations',
      periodStart: period.start,
      periodEnd: period.end,
      used: 19,
    });
    const usage = (await member.client.get('/api/account/usage/')).json();
    expect(usage.organisation).toMatchObject({ id: owner.organisationId, role: 'member' });
    expect(usage.can_change_plan).toBe(false);
    expect(usage.features.find((f: { name: string }) => f.name === 'simulations')).toMatchObject({ used: 19 });
    // The member's simulation takes the organisation's 20th unit: the owner's next one is refused (429 « limite »).
    const simulated = await member.client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(simulated.statusCode, simulated.body).toBe(200);
    const ownerUsage = (await owner.client.get('/api/account/usage/')).json();
    expect(ownerUsage.features.find((f: { name: string }) => f.name === 'simulations')).toMatchObject({ used: 20 });
    const refused = await owner.client.post('/api/simulator/simulate/', PACKAGED_ACCEPTANCE_FORM);
    expect(refused.statusCode).toBe(429);
    expect(ownerUsage.can_change_plan).toBe(true);
  });

  it('lets only owners and admins buy, and asks for the organisation’s identity first', async () => {
    const owner = await newUser();
    const member = await newUser();
    await join(member, owner.organisationId, 'member');
    const refused = await member.client.post('/api/payments/create-checkout-session/', { plan: 'basic' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'Seuls les propriétaires et administrateurs de l’organisation peuvent changer son abonnement : demandez-leur.',
    );
    expect((await member.client.post('/api/account/trial/', {})).statusCode).toBe(403);
    const incomplete = await owner.client.post('/api/payments/create-checkout-session/', { plan: 'basic' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error).toContain('SIREN');
    await completeIdentityOf(t.database.handle.db, owner.id);
    expect((await owner.client.post('/api/payments/create-checkout-session/', { plan: 'basic' })).statusCode).toBe(200);
  });

  /**
   * The yearly payment and its invoice's first PDF in a hook (ADR 0049: the worker thread's first render loads the
   * fonts; the tests below read what it answered).
   */
  let yearly: {
    owner: Awaited<ReturnType<typeof newUser>>;
    member: Awaited<ReturnType<typeof newUser>>;
    stranger: Awaited<ReturnType<typeof newUser>>;
    sessionId: string;
    tier: string;
    pdf: { status: number; type: string | undefined; bytes: Uint8Array };
    invoice: { id: string; number: string } & Record<string, unknown>;
  };
  beforeAll(async () => {
    const owner = await newUser();
    const member = await newUser();
    const stranger = await newUser();
    await join(member, owner.organisationId, 'member');
    await completeIdentityOf(t.database.handle.db, owner.id);
    const { sessionId, confirmed } = await pay(owner.client, 'premium', 'year');
    const invoices = (await member.client.get('/api/payments/invoices/')).json();
    expect(invoices.total).toBe(1);
    const invoice = invoices.items[0];
    const pdf = await member.client.get(`/api/payments/invoices/${invoice.id}/pdf`);
    yearly = {
      owner,
      member,
      stranger,
      sessionId,
      tier: confirmed.tier,
      invoice,
      pdf: {
        status: pdf.statusCode,
        type: pdf.headers['content-type'] as string | undefined,
        bytes: new Uint8Array(pdf.rawPayload),
      },
    };
  });

  it('sells the yearly plan: a year’s period for every member, one invoice at the yearly price in cents', async () => {
    const { owner, member, sessionId, invoice } = yearly;
    expect(yearly.tier).toBe('premium');
    const session = (await owner.client.get(`/api/payments/local/sessions/${sessionId}`)).json();
    expect(session).toMatchObject({
      interval: 'year',
      price: { ht_cents: 79000, vat_cents: 15800, ttc_cents: 94800 },
    });
    const usage = (await member.client.get('/api/account/usage/')).json();
    expect(usage.user.tier).toBe('premium');
    expect(usage.billing_interval).toBe('year');
    // Paid for a year, renewed in a year; the quotas (« par mois ») still count month by month from its start.
    expect(new Date(usage.subscription.current_period_end).getUTCFullYear()).toBe(2027);
    expect(usage.period.start).toBe(usage.subscription.current_period_start);
    const periodDays = (Date.parse(usage.period.end) - Date.parse(usage.period.start)) / 86_400_000;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);
    expect(invoice).toMatchObject({
      plan: 'premium',
      interval: 'year',
      amount_ht_cents: 79000,
      vat_cents: 15800,
      amount_ttc_cents: 94800,
    });
    expect(invoice.number).toMatch(/^F-2026-\d{6}$/);
  });

  it('draws the invoice PDF: number, seller and buyer, HT / TVA / TTC to the cent, the period', async () => {
    const { invoice, pdf } = yearly;
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Facture n° ${invoice.number}`);
    expect(flat).toContain('Total HT : 790,00 €');
    expect(flat).toContain('TVA (20 %) : 158,00 €');
    expect(flat).toContain('Total TTC : 948,00 €');
    expect(flat).toContain('SIREN : 732829320');
    expect(flat).toContain('N° TVA intracommunautaire : FR44732829320');
    expect(flat).toContain('plan Premium (annuel), du 27 novembre 2026 au 27 novembre 2027');
    expect(flat).toContain('Vendeur de démonstration');
  });

  it('answers 404 for another organisation’s invoice, like an unknown id', async () => {
    const { stranger, invoice } = yearly;
    expect((await stranger.client.get(`/api/payments/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await stranger.client.get('/api/payments/invoices/')).json().total).toBe(0);
    expect((await stranger.client.get('/api/payments/invoices/unknown/pdf')).statusCode).toBe(404);
  });

  it('numbers invoices without gap under concurrency, and gives a rolled-back number back', async () => {
    const { db } = t.database.handle;
    const sequence = `T-${kind}-${Date.now()}`;
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => db.transaction((tx) => nextInvoiceNumber(tx, sequence))),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    await expect(
      db.transaction(async (tx) => {
        await nextInvoiceNumber(tx, sequence);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.transaction((tx) => nextInvoiceNumber(tx, sequence))).toBe(13);
  });
});
