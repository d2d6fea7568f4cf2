import { randomBytes } from 'node:crypto';
import type { MandatePceDataList } from '@pilote/contracts';
import type { NormalisedInvoice } from '@pilote/tariffs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMembers, organisations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { reviewFieldsOf, suggestionsFor } from '../src/modules/audits/review.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { renderSealedMandate } from '../src/modules/mandates/mandate-pdf.ts';
import { generateSelfSignedP12 } from '../src/modules/mandates/seal.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue #26 §4 / ADR 0076: the invoice audit's review step (ADR 0071) pre-fills from the GRDF data fetched through an
 * ACTIVE mandate of the audited PCE — option, CAR, CJA and the NTR of its PITD — each with its source (the mandate's
 * PCE, the sync day, « Données de démonstration » for the demonstration source); not from another user's mandate,
 * nor once the mandate is revoked. The mandate goes the whole way (send → jobs → active → sync) on a moved clock.
 */
const PASSWORD = 'Motdepasse-solide-2026';
const PCE = '21000000004321';
const ENV = {
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_RATE_LIMIT_MAX: '1000',
  MANDATE_ENCRYPTION_KEYS: `k2026:${randomBytes(32).toString('base64')}`,
  MANDATE_SEAL_P12: Buffer.from(generateSelfSignedP12('Cachet de test', 'test-pass')).toString('base64'),
  MANDATE_SEAL_P12_PASSPHRASE: 'test-pass',
  MANDATE_MANAGER_EMAILS: 'grdf=mandats@grdf.example',
  // The demonstration source accepts the right at once: the declaration, the activation and the sync in one run.
  OPERATOR_DATA_DEMO_DELAY_SECONDS: '0',
};

/** A T4 invoice of the PCE that prints neither its PITD code nor its CJA (both asked at the review step). */
function invoiceOf(pce: string): NormalisedInvoice {
  return {
    format: 'pdf',
    layout: 'test',
    supplier: 'Fournisseur Test',
    invoiceNumber: 'F-1',
    issuedOn: '2026-11-05',
    point: { pointDeReseau: 'PITD', code: null, pce },
    tso: 'NaTran',
    period: { firstDay: '2026-10-01', lastDay: '2026-10-31' },
    tarif: 'T4',
    car: null,
    cja: null,
    ntr: null,
    consumptionMwh: 100,
    lines: [],
    vat: [],
    totals: { totalHt: 0, totalTva: 0, totalTtc: 0 },
  };
}

describe('audit review suggestions from the GRDF data of a mandate', () => {
  let t: TestApp;
  const clock = { now: new Date('2026-11-26T10:00:00Z') };
  let alice: HttpClient;
  let aliceId = '';
  let bobId = '';
  let mandateId = '';
  let pitdCode = '';
  /** The PITD table's NTR, as the runner passes it (here the one code the demonstration gave this PCE). */
  const ntrOfPitd = async (code: string) => (code === pitdCode ? 2 : null);

  async function newUser(email: string) {
    const row = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: email,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    // The premium plan of the user's organisation (plans belong to organisations, ADR 0078).
    const db = t.database.handle.db;
    const members = db.select({ id: organisationMembers.organisationId }).from(organisationMembers);
    await db
      .update(organisations)
      .set({ tier: 'premium' })
      .where(inArray(organisations.id, members.where(eq(organisationMembers.userId, row.id))));
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  async function advance(seconds: number) {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
    await t.app.jobs.runDue(clock.now);
  }

  // Set-up in three hooks (each its own time on a busy machine): the app, the users, the mandate made active.
  beforeAll(async () => {
    await loadFonts();
    t = await createTestApp('pglite', ENV, undefined, { now: () => clock.now, renderMandate: renderSealedMandate });
  });
  beforeAll(async () => {
    const a = await newUser('alice@exemple.fr');
    alice = a.client;
    aliceId = a.id;
    bobId = (await newUser('bob@exemple.fr')).id;
  });
  beforeAll(async () => {
    const created = await alice.post('/api/mandates/', {
      energy_type: 'gas',
      manager: 'grdf',
      pce: PCE,
      delivery_point_address: '17 Rue des Mimosas',
      delivery_point_postal_code: '69003',
      delivery_point_city: 'Lyon',
      // The contract and the PITD only: no consumption series to backfill (set-up time), none needed here.
      authorized_consumption_data: false,
      authorized_technical_data: true,
      authorized_contractual_data: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    mandateId = created.json().mandate.id;
    expect((await alice.post(`/api/mandates/${mandateId}/send/`)).statusCode).toBe(200);
    await advance(0);
    const { mandate } = (await alice.get(`/api/mandates/${mandateId}/`)).json() as {
      mandate: { status: string; operator_data: { last_sync_at: string | null } };
    };
    expect(mandate.status).toBe('active');
    expect(mandate.operator_data.last_sync_at).not.toBeNull();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pre-fills the option, the CAR, the CJA and the PITD’s NTR, each with its source marked as demonstration', async () => {
    const list = (await alice.get('/api/mandates/pce-data/')).json() as MandatePceDataList;
    const data = list.items.find((item) => item.mandate_id === mandateId);
    expect(data?.pitd?.code).toMatch(/^GD/);
    pitdCode = data?.pitd?.code ?? '';

    const { suggestions } = await suggestionsFor(t.database.handle.db, aliceId, invoiceOf(PCE), ntrOfPitd);
    const from = `les données GRDF du mandat du PCE ${PCE} (Données de démonstration, synchronisées le 26/11/2026)`;
    expect(suggestions.tarif).toEqual({ value: data?.option, from });
    expect(suggestions.car).toEqual({ value: data?.car_mwh, from });
    expect(suggestions.ntr).toEqual({ value: 2, from: `${from}, PITD ${pitdCode}` });
    if (data?.option === 'T4') {
      expect(suggestions.cja).toEqual({ value: data.cja_mwh_per_day, from });
    }

    // The review step shows them beside the fields it asks for (the CJA of a T4, the NTR without PITD code).
    const fields = reviewFieldsOf({ invoice: invoiceOf(PCE), problems: [], suggestions, commune: null });
    const ntr = fields.find((field) => field.field === 'ntr');
    expect(ntr).toMatchObject({ suggested: 2, suggestedFrom: `${from}, PITD ${pitdCode}` });
    expect(fields.find((field) => field.field === 'cja')?.suggestedFrom).toBe(
      suggestions.cja ? from : (null as string | null),
    );
  });

  it('suggests nothing from another user’s mandate of the same PCE', async () => {
    const { suggestions } = await suggestionsFor(t.database.handle.db, bobId, invoiceOf(PCE), ntrOfPitd);
    expect(suggestions).toEqual({});
  });

  it('suggests nothing from the mandate once it is revoked', async () => {
    const revoked = await alice.post(`/api/mandates/${mandateId}/revoke/`, { confirmation: PCE });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const { suggestions } = await suggestionsFor(t.database.handle.db, aliceId, invoiceOf(PCE), ntrOfPitd);
    expect(suggestions).toEqual({});
  });
});
