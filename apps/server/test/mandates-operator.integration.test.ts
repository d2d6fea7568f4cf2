import { randomBytes } from 'node:crypto';
import type { Mandate, MandatePceDataList } from '@pilote/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAdictAdapter } from '../src/adapters/operator-data/adict.ts';
import type { OperatorDataAdapter } from '../src/adapters/operator-data/types.ts';
import {
  consumptionDatasets,
  consumptionReadings,
  mailOutbox,
  mandates,
  organisationMembers,
  organisations,
} from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { renderSealedMandate } from '../src/modules/mandates/mandate-pdf.ts';
import { createOperatorRepository } from '../src/modules/mandates/operator-repository.ts';
import { generateSelfSignedP12 } from '../src/modules/mandates/seal.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { type AdictPeer, peerKwh, startAdictPeer } from './helpers/adict-peer.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue #26 §2–§5 (ADR 0072): a GRDF mandate sent through the operator-data adapter — declaration, polling, the
 * mandate active or rejected from GRDF's answer, the data backfilled and synced idempotently, the right ended on
 * revocation, the fetched data purged 30 days later. Jobs are run by `runDue` on a moved clock (no waiting).
 */
const PASSWORD = 'Motdepasse-solide-2026';
const ENV = {
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_RATE_LIMIT_MAX: '1000',
  MANDATE_ENCRYPTION_KEYS: `k2026:${randomBytes(32).toString('base64')}`,
  MANDATE_SEAL_P12: Buffer.from(generateSelfSignedP12('Cachet de test', 'test-pass')).toString('base64'),
  MANDATE_SEAL_P12_PASSPHRASE: 'test-pass',
  MANDATE_MANAGER_EMAILS: 'grdf=mandats@grdf.example',
};
const gasBody = (pce: string) => ({
  energy_type: 'gas',
  manager: 'grdf',
  pce,
  delivery_point_address: '17 Rue des Mimosas',
  delivery_point_postal_code: '69003',
  delivery_point_city: 'Lyon',
  authorized_consumption_data: true,
  authorized_technical_data: true,
  authorized_contractual_data: true,
});

interface Harness {
  t: TestApp;
  clock: { now: Date };
  alice: HttpClient;
}

/** The app on a moved clock; `withAlice` signs Alice in (a second hook: each set-up step its own time). */
async function harness(env: Record<string, string>, operatorData?: (clock: { now: Date }) => OperatorDataAdapter) {
  const clock = { now: new Date('2026-11-26T10:00:00Z') };
  const t = await createTestApp('pglite', { ...ENV, ...env }, undefined, {
    now: () => clock.now,
    renderMandate: renderSealedMandate,
    ...(operatorData ? { operatorData: operatorData(clock) } : {}),
  });
  return { t, clock };
}

async function withAlice({ t, clock }: Omit<Harness, 'alice'>): Promise<Harness> {
  const db = t.database.handle.db;
  const row = await insertVerifiedUser(db, {
    email: 'alice@exemple.fr',
    name: 'Alice Martin',
    role: 'user',
    passwordHash: await createPasswordHasher(10).hash(PASSWORD),
  });
  // Several mandates: the premium plan of Alice's organisation (plans belong to organisations, ADR 0078).
  const members = db.select({ id: organisationMembers.organisationId }).from(organisationMembers);
  await db
    .update(organisations)
    .set({ tier: 'premium' })
    .where(inArray(organisations.id, members.where(eq(organisationMembers.userId, row.id))));
  const alice = new HttpClient(t.app);
  expect(
    (await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
  ).toBe(200);
  return { t, clock, alice } satisfies Harness;
}

async function createAndSend(h: Harness, pce: string): Promise<Mandate> {
  const created = await h.alice.post('/api/mandates/', gasBody(pce));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().mandate.id as string;
  const sent = await h.alice.post(`/api/mandates/${id}/send/`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().mandate;
}

async function mandateOf(h: Harness, id: string): Promise<Mandate> {
  const response = await h.alice.get(`/api/mandates/${id}/`);
  expect(response.statusCode).toBe(200);
  return response.json().mandate;
}

/** Moves the clock by `seconds` and runs every job then due. */
async function advance(h: Harness, seconds: number) {
  h.clock.now = new Date(h.clock.now.getTime() + seconds * 1000);
  return h.t.app.jobs.runDue(h.clock.now);
}

/** Runs the jobs minute after minute until the mandate leaves `sent` (at most an hour of the moved clock). */
async function untilDecided(h: Harness, id: string): Promise<Mandate> {
  for (let minute = 0; minute < 60; minute += 1) {
    const mandate = await mandateOf(h, id);
    if (mandate.status !== 'sent') {
      return mandate;
    }
    await advance(h, 60);
  }
  return mandateOf(h, id);
}

async function mailsTo(h: Harness, subject: string) {
  const db = h.t.database.handle.db;
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, 'alice@exemple.fr'), eq(mailOutbox.subject, subject)));
}

async function readingsOf(h: Harness, mandateId: string) {
  const db = h.t.database.handle.db;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      distinctDays: sql<number>`count(distinct ${consumptionReadings.date})::int`,
      published: sql<number>`(count(*) filter (where ${consumptionReadings.operatorQuality} is not null))::int`,
    })
    .from(consumptionReadings)
    .innerJoin(consumptionDatasets, eq(consumptionDatasets.id, consumptionReadings.datasetId))
    .where(eq(consumptionDatasets.mandateId, mandateId));
  return row ?? { total: 0, distinctDays: 0, published: 0 };
}

/** The stored days of a mandate's series: kWh and the operator's quality, by date (missing days left out). */
async function daysOf(h: Harness, mandateId: string) {
  const rows = await h.t.database.handle.db
    .select({
      date: consumptionReadings.date,
      kwh: consumptionReadings.kwh,
      operatorQuality: consumptionReadings.operatorQuality,
    })
    .from(consumptionReadings)
    .innerJoin(consumptionDatasets, eq(consumptionDatasets.id, consumptionReadings.datasetId))
    .where(and(eq(consumptionDatasets.mandateId, mandateId), sql`${consumptionReadings.quality} <> 'manquant'`));
  return new Map(rows.map((row) => [String(row.date), { kwh: row.kwh, operatorQuality: row.operatorQuality }]));
}

beforeAll(async () => {
  await loadFonts();
});

describe('GRDF mandates with the demonstration source (default configuration)', () => {
  let base: Omit<Harness, 'alice'>;
  let h: Harness;
  beforeAll(async () => {
    base = await harness({});
  });
  beforeAll(async () => {
    h = await withAlice(base);
  });
  afterAll(async () => {
    await (h ?? base)?.t.close();
  });

  it('declares on send, turns active after the delay, backfills three years of demo data once, syncs idempotently', async () => {
    const sent = await createAndSend(h, '21000000001234');
    expect(sent.status).toBe('sent');
    expect(sent.operator_data).toMatchObject({ source: 'demo', demo: true, access_state: 'declaring', days: 0 });
    await advance(h, 0);
    expect((await mandateOf(h, sent.id)).operator_data?.access_state).toBe('pending');

    const active = await untilDecided(h, sent.id);
    expect(active.status).toBe('active');
    expect(await mailsTo(h, 'Votre mandat est actif')).toHaveLength(1);
    // The backfill ran with the activation's jobs.
    await advance(h, 0);
    const card = (await mandateOf(h, sent.id)).operator_data;
    expect(card).toMatchObject({ access_state: 'active', sync_status: 'ok', demo: true, sync_error: null });
    expect(card?.days).toBeGreaterThan(1000);
    expect(card?.period_end).toBe('2026-11-25');
    expect(card?.last_sync_at).not.toBeNull();
    const first = await readingsOf(h, sent.id);
    expect(first.total).toBe(first.distinctDays);

    // The daily job (06:00 Paris) fetches what is new: the next day, each day stored once.
    h.clock.now = new Date('2026-11-27T05:30:00Z');
    await h.t.app.jobs.runDue(h.clock.now);
    await advance(h, 0);
    const second = await readingsOf(h, sent.id);
    expect(second.total).toBe(second.distinctDays);
    expect(second.total).toBe(first.total + 1);
    // And a rerun the same day changes nothing.
    await h.t.app.jobs.enqueue('mandates.operator.sync', { mandateId: sent.id });
    await advance(h, 0);
    expect(await readingsOf(h, sent.id)).toEqual(second);

    // « Utiliser les données du PCE … »: the contract, the PITD and the series.
    const list = (await h.alice.get('/api/mandates/pce-data/')).json() as MandatePceDataList;
    const item = list.items.find((entry) => entry.mandate_id === sent.id);
    expect(item).toMatchObject({ pce: '21000000001234', demo: true, source_label: 'Données de démonstration' });
    expect(item?.dataset_id).toBeTruthy();
    expect(item?.car_mwh).toBeGreaterThan(0);
    expect(item?.pitd?.code).toMatch(/^GD/);
    expect(item?.option).toMatch(/^T[1-4]$|^TP$/);
    // The series is one of the user's consumption datasets, a full year for the optimiser, named as demo data.
    const datasets = (await h.alice.get('/api/consumption-data/?page=1&pageSize=20')).json() as {
      items: { id: string; sourceFormat: string; label: string | null; anneeComplete: boolean; jours: number }[];
    };
    expect(datasets.items.find((entry) => entry.id === item?.dataset_id)).toMatchObject({
      sourceFormat: 'operator',
      label: 'Données de démonstration — PCE 21000000001234',
      anneeComplete: true,
      jours: second.total,
    });
  });

  it('rejects a refused right with its French reason on the card, for staff and by mail, and stops there', async () => {
    const sent = await createAndSend(h, '21000000009999');
    const rejected = await untilDecided(h, sent.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejection_reason).toBeTruthy();
    expect(rejected.operator_data).toMatchObject({ access_state: 'refused', sync_status: 'stopped' });
    expect(rejected.operator_data?.reason).toBe(rejected.rejection_reason);
    const mails = await mailsTo(h, 'Votre mandat a été rejeté');
    expect(mails.some((mail) => mail.text.includes(rejected.rejection_reason ?? '—'))).toBe(true);
    expect(await readingsOf(h, sent.id)).toMatchObject({ total: 0 });
  });

  it('ends the right on revocation and purges the fetched data 30 days later (moved clock)', async () => {
    const pce = '21000000005678';
    const sent = await createAndSend(h, pce);
    await untilDecided(h, sent.id);
    await advance(h, 0);
    expect((await readingsOf(h, sent.id)).total).toBeGreaterThan(1000);
    const revoked = await h.alice.post(`/api/mandates/${sent.id}/revoke/`, { confirmation: pce });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await advance(h, 0);
    expect((await mandateOf(h, sent.id)).operator_data?.access_state).toBe('ended');

    await advance(h, 29 * 86_400);
    expect((await readingsOf(h, sent.id)).total).toBeGreaterThan(1000);
    await advance(h, 2 * 86_400);
    expect(await readingsOf(h, sent.id)).toMatchObject({ total: 0 });
    const db = h.t.database.handle.db;
    expect(await db.select().from(consumptionDatasets).where(eq(consumptionDatasets.mandateId, sent.id))).toEqual([]);
    const [row] = await db.select().from(mandates).where(eq(mandates.id, sent.id));
    expect(row?.purgedAt).not.toBeNull();
  });
});

describe('GRDF mandates through the adict adapter on the local peer', () => {
  let base: Omit<Harness, 'alice'>;
  let h: Harness;
  let peer: AdictPeer;
  let counter = 0;
  const newPce = () => `2400000000${String(++counter).padStart(4, '0')}`;

  beforeAll(async () => {
    peer = await startAdictPeer({ today: '2026-11-26', maxWindowDays: 366 });
    base = await harness({ OPERATOR_DATA: 'none' }, (clock) =>
      createAdictAdapter({
        clientId: peer.clientId,
        clientSecret: peer.clientSecret,
        baseUrl: peer.baseUrl,
        tokenUrl: peer.tokenUrl,
        timeoutMs: 2_000,
        minIntervalMs: 0,
        backoffBaseMs: 10,
        random: () => 0.5,
        now: () => clock.now.getTime(),
        // Backoff and Retry-After move the clock instead of waiting.
        sleep: async (ms) => {
          clock.now = new Date(clock.now.getTime() + ms);
        },
      }),
    );
  });
  beforeAll(async () => {
    h = await withAlice(base);
  });
  afterAll(async () => {
    await (h ?? base)?.t.close();
    await peer?.close();
  });

  it('declare (with the sealed PDF as proof) → polling → active, then the data; revocation ends the right at GRDF', async () => {
    const pce = newPce();
    peer.outcome(pce, { afterReads: 2, etat: 'Active', statutControlePreuve: 'Preuve Vérifiée OK' });
    const sent = await createAndSend(h, pce);
    expect(sent.operator_data).toMatchObject({ source: 'adict', demo: false });
    const active = await untilDecided(h, sent.id);
    expect(active.status).toBe('active');
    const right = [...peer.rights.values()].find((entry) => entry.id_pce === pce);
    expect(peer.proofs.some((proof) => proof.id === right?.id_droit_acces && proof.type === 'application/pdf')).toBe(
      true,
    );
    await advance(h, 0);
    const card = (await mandateOf(h, sent.id)).operator_data;
    expect(card?.sync_error).toBeNull();
    expect(card).toMatchObject({ access_state: 'active', sync_status: 'ok', demo: false });
    expect(card?.days).toBeGreaterThan(300);
    const stored = await readingsOf(h, sent.id);
    expect(stored.total).toBe(stored.distinctDays);

    const ends = () => peer.apiRequests(/^\/droit_acces\/[^/]+$/).filter((entry) => entry.method === 'PATCH').length;
    const before = ends();
    expect((await h.alice.post(`/api/mandates/${sent.id}/revoke/`, { confirmation: pce })).statusCode).toBe(200);
    await advance(h, 0);
    expect((await mandateOf(h, sent.id)).operator_data?.access_state).toBe('ended');
    expect(ends()).toBeGreaterThan(before);
  });

  it('rejects the mandate with GRDF’s reason in French when the right is refused', async () => {
    const pce = newPce();
    peer.outcome(pce, {
      afterReads: 1,
      etat: 'Refusée',
      statutControlePreuve: 'Preuve Vérifiée KO',
      source: 'Titulaire du PCE',
    });
    const sent = await createAndSend(h, pce);
    const rejected = await untilDecided(h, sent.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejection_reason).toMatch(/Titulaire du PCE/);
    expect(rejected.operator_data?.reason).toBe(rejected.rejection_reason);
  });

  it('waits for a long 429 Retry-After before declaring, then goes on', async () => {
    const pce = newPce();
    peer.outcome(pce, { afterReads: 1, etat: 'Active', statutControlePreuve: 'Preuve Vérifiée OK' });
    peer.fail({ path: /^\/pce\/[^/]+\/droit_acces$/, status: 429, retryAfter: '600' });
    const sent = await createAndSend(h, pce);
    await advance(h, 0);
    const waiting = await mandateOf(h, sent.id);
    expect(waiting.status).toBe('sent');
    expect(waiting.operator_data?.access_state).toBe('declaring');
    expect((await untilDecided(h, sent.id)).status).toBe('active');
  });

  describe('informative consumption', () => {
    const pce = '24000000009000';
    let sent: Mandate;
    // The mandate made and accepted in a hook (its sealed PDF is set-up work, seconds on a busy machine). A PCE in
    // service since 1 November (a short backfill); GRDF has published up to the 20th, the informative read gives
    // the days after it.
    beforeAll(async () => {
      peer.outcome(pce, { afterReads: 1, etat: 'Active', statutControlePreuve: 'Preuve Vérifiée OK' });
      peer.historyFrom('2026-11-01');
      peer.publishUntil('2026-11-20');
      sent = await createAndSend(h, pce);
      expect((await untilDecided(h, sent.id)).status).toBe('active');
    });
    afterAll(() => {
      peer.publishUntil(null);
      peer.historyFrom(null);
    });

    it('informative days fill what GRDF has not published yet, never replace a published day, and give way to it', async () => {
      await advance(h, 0);
      const first = await daysOf(h, sent.id);
      expect(first.get('2026-11-20')).toEqual({ kwh: peerKwh(pce, '2026-11-20'), operatorQuality: 'published' });
      for (const date of ['2026-11-21', '2026-11-25']) {
        expect(first.get(date)).toEqual({ kwh: peerKwh(pce, date) + 0.1, operatorQuality: 'informative' });
      }
      expect(first.has('2026-11-26')).toBe(false);
      expect((await mandateOf(h, sent.id)).operator_data?.period_end).toBe('2026-11-25');

      // A rerun stores each day once; an informative value never replaces a published day.
      await h.t.app.jobs.enqueue('mandates.operator.sync', { mandateId: sent.id });
      await advance(h, 0);
      const [dataset] = await h.t.database.handle.db
        .select()
        .from(consumptionDatasets)
        .where(eq(consumptionDatasets.mandateId, sent.id));
      const series = {
        mandateId: sent.id,
        userId: dataset?.userId ?? '',
        organisationId: dataset?.organisationId ?? '',
        pce,
        source: 'adict' as const,
        label: '',
      };
      const informative = (date: string) => ({
        date,
        endDate: date,
        kwh: 1,
        volumeM3: null,
        quality: 'published' as const,
        operatorQuality: 'Informative',
      });
      await createOperatorRepository(h.t.database.handle.db).storeDays(
        series,
        [informative('2026-11-19'), informative('2026-11-22')],
        h.clock.now,
        'informative',
      );
      const second = await daysOf(h, sent.id);
      expect(second.size).toBe(first.size);
      expect(second.get('2026-11-19')).toEqual(first.get('2026-11-19'));
      expect(second.get('2026-11-22')).toEqual({ kwh: 1, operatorQuality: 'informative' });

      // GRDF publishes the rest: the published days replace the informative ones, each day still once.
      peer.publishUntil(null);
      await h.t.app.jobs.enqueue('mandates.operator.sync', { mandateId: sent.id });
      await advance(h, 0);
      const third = await daysOf(h, sent.id);
      expect(third.size).toBe(first.size);
      for (const date of ['2026-11-21', '2026-11-22', '2026-11-25']) {
        expect(third.get(date)).toEqual({ kwh: peerKwh(pce, date), operatorQuality: 'published' });
      }
      const stored = await readingsOf(h, sent.id);
      expect(stored.total).toBe(stored.distinctDays);
    });
  });

  it('a 500 then success, and a stalled GRDF: a clear error status, then the next run stores each day once', async () => {
    const pce = newPce();
    peer.outcome(pce, { afterReads: 1, etat: 'Active', statutControlePreuve: 'Preuve Vérifiée OK' });
    peer.fail({ path: /donnees_consos_publiees/, status: 500 });
    // A PCE in service since 1 September: a backfill of 86 days is enough to see a day stored twice or lost (the
    // three-year backfill is the first test's; here it only made the test slow on a busy machine, issue #21 §3).
    peer.historyFrom('2026-09-01');
    onTestFinished(() => peer.historyFrom(null));
    const sent = await createAndSend(h, pce);
    await untilDecided(h, sent.id);
    await advance(h, 0);
    const first = await readingsOf(h, sent.id);
    expect((await mandateOf(h, sent.id)).operator_data?.sync_status).toBe('ok');
    expect(first.total).toBe(86);

    // GRDF stalls: the timeout is a retryable failure, shown on the card; nothing stored twice or lost.
    peer.fail({ path: /donnees_contractuelles/, stall: true });
    await h.t.app.jobs.enqueue('mandates.operator.sync', { mandateId: sent.id });
    const stalled = peer.nextStall();
    await Promise.all([advance(h, 0), stalled]);
    const failing = (await mandateOf(h, sent.id)).operator_data;
    expect(failing?.sync_status).toBe('error');
    expect(failing?.sync_error).toBeTruthy();
    expect(await readingsOf(h, sent.id)).toEqual(first);
    // The queue retries (30 s later): the same days, each once.
    await advance(h, 60);
    expect((await mandateOf(h, sent.id)).operator_data).toMatchObject({ sync_status: 'ok', sync_error: null });
    expect(await readingsOf(h, sent.id)).toEqual(first);
  });
});
