/**
 * The review step of the invoice audit (issue #25 §6–8, ADR 0071): a T4 invoice whose header lacks the CJA stops at
 * « À compléter » (no unit taken), the owner confirms the CJA (zod-validated, 404 to others, 403 to a viewer), the
 * checks then run once (one unit) and find the planted NTR error; what was confirmed pre-fills the supplier's next
 * invoice. The NTR is checked from the site's commune when the invoice prints no PITD code.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditDetailSchema, createAuditResponseSchema, signUploadResponseSchema } from '@pilote/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumptionDatasets,
  consumptionReadings,
  organisationMembers,
  sites,
  usageCounters,
} from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { importReferenceFile } from '../src/modules/reference-data/importer.ts';
import { HttpClient } from './helpers/http-client.ts';
import { invoicePdf, T4_NTR3_SPEC } from './helpers/invoice-pdf.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';

describe.each(testDatabaseKinds())('invoice audit review step on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `revue${counter}@exemple.fr`;
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Revue ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: user.id };
  }

  async function createdAudit(client: HttpClient, filename: string, bytes: Uint8Array): Promise<string> {
    const signed = await client.post('/api/audits/sign-upload', {
      filename,
      mime: 'application/pdf',
      size: bytes.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: Buffer.from(bytes),
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await client.post('/api/audits/create', { gcs_uri, filename, mime: 'application/pdf' });
    expect(create.statusCode, create.body).toBe(201);
    return createAuditResponseSchema.parse(create.json()).id;
  }

  async function startedAndRun(client: HttpClient, id: string) {
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    return detail(client, id);
  }

  async function detail(client: HttpClient, id: string) {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  async function used(userId: string): Promise<number> {
    const [row] = await t.database.handle.db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(
        and(
          // Its one organisation, whatever its role there (the viewer test demotes the user first).
          eq(usageCounters.organisationId, await personalOrganisation(userId)),
          eq(usageCounters.feature, 'invoice_audits'),
        ),
      );
    return row?.used ?? 0;
  }

  async function personalOrganisation(userId: string): Promise<string> {
    const [row] = await t.database.handle.db
      .select({ id: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, userId))
      .limit(1);
    if (!row) {
      throw new Error('no personal organisation');
    }
    return row.id;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-audits-review-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
    await importReferenceFile(t.database.handle.db, {
      kind: 'pitd',
      text: [
        'code_pitd;libelle;commune_insee;commune;gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo',
        'GI060012;Nice (NaTran, NTR 2);06088;Nice;NaTran;GRDF;2;PARIS-MONTSOURIS',
        'GI130001;Marseille Est;13055;Marseille;NaTran;GRDF;1;PARIS-MONTSOURIS',
        'GI130002;Marseille Ouest;13055;Marseille;NaTran;GRDF;3;PARIS-MONTSOURIS',
      ].join('\n'),
      sourceFileName: 'pitd-revue.csv',
      importedBy: 'test',
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('missing CJA → « À compléter » → the owner confirms it → the checks run once and find the NTR error', async () => {
    const { client, id: userId } = await newUser();
    const { bytes } = await invoicePdf(T4_NTR3_SPEC, ['cja']);
    const id = await createdAudit(client, 'sans-cja.pdf', bytes);

    const waiting = await startedAndRun(client, id);
    expect(waiting.status).toBe('to_complete');
    expect(waiting.report).toBeNull();
    expect(waiting.invoice?.cja).toBeNull();
    expect(waiting.invoice?.ntr).toBe(3);
    expect(waiting.review?.fields.map((f) => [f.field, f.reason, f.read, f.suggested])).toEqual([
      ['cja', 'missing', null, null],
    ]);
    // No check ran: the unit taken at start was given back.
    expect(await used(userId)).toBe(0);
    expect((await client.get(`/api/audits/${id}/claim-letter-link`)).statusCode).toBe(409);
    // The page shows the PDF beside the fields.
    const document = await client.get(`/api/audits/${id}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');

    // Someone else: 404 on every route of the review.
    const other = await newUser();
    expect((await other.client.get(`/api/audits/${id}/`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/audits/${id}/document`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/audits/${id}/review`, { cja: 109 })).statusCode).toBe(404);

    // Validated: the field asked is required, numbers are numbers, unknown keys refused.
    const empty = await client.post(`/api/audits/${id}/review`, {});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json()).toMatchObject({ details: [{ path: '/cja', message: 'Valeur à compléter.' }] });
    expect((await client.post(`/api/audits/${id}/review`, { cja: '109' })).statusCode).toBe(400);
    expect((await client.post(`/api/audits/${id}/review`, { cja: -1 })).statusCode).toBe(400);
    expect((await client.post(`/api/audits/${id}/review`, { cja: 109, montant: 1 })).statusCode).toBe(400);
    expect(await used(userId)).toBe(0);

    const confirmed = await client.post(`/api/audits/${id}/review`, { cja: 109 });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    expect(confirmed.json()).toEqual({ id, status: 'queued' });
    expect(await used(userId)).toBe(1);
    expect((await client.post(`/api/audits/${id}/review`, { cja: 109 })).statusCode).toBe(409);
    await t.app.jobs.runDue(clock);

    const done = await detail(client, id);
    expect(done.status).toBe('done');
    expect(done.invoice?.cja).toBe(109);
    expect(done.review?.confirmed).toEqual({ cja: 109 });
    expect(done.report?.checksRun).toContain('t4Bands');
    expect(done.report?.findings.filter((f) => f.severity === 'anomalie').map((f) => [f.check, f.amountEuros])).toEqual(
      [['ntr', 870.64]],
    );
    expect(done.recoverableEuros).toBe(870.64);
    expect((await client.get(`/api/audits/${id}/claim-letter-link`)).statusCode).toBe(200);
    // One unit for the whole audit.
    expect(await used(userId)).toBe(1);

    // The supplier's next invoice without a CJA: the user's correction is suggested.
    const next = await createdAudit(
      client,
      'sans-cja-mars.pdf',
      (
        await invoicePdf(
          {
            ...T4_NTR3_SPEC,
            invoiceNumber: 'FG-2026-03-0301',
            period: { firstDay: '2026-03-01', lastDay: '2026-03-31' },
          },
          ['cja'],
        )
      ).bytes,
    );
    const prefilled = await startedAndRun(client, next);
    expect(prefilled.status).toBe('to_complete');
    const [cja] = prefilled.review?.fields ?? [];
    expect(cja?.suggested).toBe(109);
    expect(cja?.suggestedFrom).toMatch(/^votre correction du .+ \(Énergie Exemple SA, PCE 21400000000300\)$/);
  });

  it('a viewer of the active organisation may not complete an audit (403)', async () => {
    const { client, id: userId } = await newUser();
    const id = await createdAudit(client, 'sans-cja.pdf', (await invoicePdf(T4_NTR3_SPEC, ['cja'])).bytes);
    expect((await startedAndRun(client, id)).status).toBe('to_complete');
    // Since ADR 0066 the role that counts is the one in the audit's organisation: the user becomes its viewer.
    const organisationId = await personalOrganisation(userId);
    await t.database.handle.db
      .update(organisationMembers)
      .set({ role: 'viewer' })
      .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
    const refused = await client.post(`/api/audits/${id}/review`, { cja: 109 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await used(userId)).toBe(0);
  });

  it('no PITD code printed: the NTR comes from the site’s commune when its PITD agree, else it is asked', async () => {
    const { client, id: userId } = await newUser();
    const organisationId = await personalOrganisation(userId);
    await t.database.handle.db.insert(sites).values({
      id: randomUUID(),
      organisationId,
      name: 'Usine de Nice',
      pce: '21400000000300',
      address: {
        label: '1 rue X 06000 Nice',
        address: '1 rue X',
        postal_code: '06000',
        city: 'Nice',
        citycode: '06088',
      },
      option: 'T4',
      cja: 109_000,
    });
    const noCode = { ...T4_NTR3_SPEC, invoiceNumber: 'FG-2026-02-0400' };
    const id = await createdAudit(client, 'sans-pitd.pdf', (await invoicePdf(noCode, ['code'])).bytes);
    const audit = await startedAndRun(client, id);
    expect(audit.status).toBe('done');
    expect(audit.invoice?.point.code).toBeNull();
    expect(audit.report?.checksRun).toContain('ntr');
    expect(audit.report?.findings.find((f) => f.check === 'ntr')).toMatchObject({
      severity: 'anomalie',
      amountEuros: 870.64,
      expected: { value: 2 },
    });

    // Marseille: two PITD with NTR 1 and 3: asked, with the candidates; the site pre-fills the CJA too.
    const marseille = await newUser();
    await t.database.handle.db.insert(sites).values({
      id: randomUUID(),
      organisationId: await personalOrganisation(marseille.id),
      name: 'Entrepôt de Marseille',
      pce: '21400000000300',
      address: { label: 'Marseille', address: '2 quai Y', postal_code: '13002', city: 'Marseille', citycode: '13055' },
      option: 'T4',
      cja: 109_000,
    });
    const asked = await startedAndRun(
      marseille.client,
      await createdAudit(marseille.client, 'sans-pitd.pdf', (await invoicePdf(noCode, ['code', 'cja'])).bytes),
    );
    expect(asked.status).toBe('to_complete');
    expect(asked.review?.fields.map((f) => [f.field, f.suggested, f.suggestedFrom])).toEqual([
      ['cja', 109, 'votre site « Entrepôt de Marseille »'],
      ['ntr', null, null],
    ]);
    expect(asked.review?.fields[1]?.candidates).toEqual([
      { value: 1, label: 'NTR 1 — GI130001' },
      { value: 3, label: 'NTR 3 — GI130002' },
    ]);
    const confirmed = await marseille.client.post(`/api/audits/${asked.id}/review`, { cja: 109, ntr: 3 });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    await t.app.jobs.runDue(clock);
    const done = await detail(marseille.client, asked.id);
    expect(done.status).toBe('done');
    // NTR 3 billed, NTR 3 confirmed: no NTR anomaly.
    expect(done.report?.checksRun).toContain('ntr');
    expect(done.report?.findings.filter((f) => f.check === 'ntr')).toEqual([]);
  });

  it('the commune printed on the invoice goes before the site’s: its PITD give the NTR, or it is asked (ADR 0081)', async () => {
    // The site is in Marseille (two NTR): today's code would ask; the invoice prints Nice (one NTR, 2).
    const { client, id: userId } = await newUser();
    await t.database.handle.db.insert(sites).values({
      id: randomUUID(),
      organisationId: await personalOrganisation(userId),
      name: 'Entrepôt de Marseille',
      pce: '21400000000300',
      address: { label: 'Marseille', address: '2 quai Y', postal_code: '13002', city: 'Marseille', citycode: '13055' },
      option: 'T4',
      cja: 109_000,
    });
    const noCode = { ...T4_NTR3_SPEC, invoiceNumber: 'FG-2026-02-0410' };
    const nice = await startedAndRun(
      client,
      await createdAudit(
        client,
        'commune-nice.pdf',
        (await invoicePdf(noCode, ['code'], [['Commune de livraison', 'NICE (06000)']])).bytes,
      ),
    );
    expect(nice.status).toBe('done');
    expect(nice.report?.findings.find((f) => f.check === 'ntr')).toMatchObject({
      severity: 'anomalie',
      amountEuros: 870.64,
      expected: { value: 2 },
    });
    // Printed Marseille: its two PITD disagree, the NTR is asked with the printed commune named.
    const marseille = await startedAndRun(
      client,
      await createdAudit(
        client,
        'commune-marseille.pdf',
        (await invoicePdf({ ...noCode, invoiceNumber: 'FG-2026-02-0411' }, ['code'], [['Commune', 'Marseille']])).bytes,
      ),
    );
    expect(marseille.status).toBe('to_complete');
    const ntr = marseille.review?.fields.find((f) => f.field === 'ntr');
    expect(ntr?.message).toContain('à Marseille (commune imprimée sur la facture)');
    expect(ntr?.candidates.map((c) => c.value)).toEqual([1, 3]);
  });

  it('the CAR is checked against the PCE’s consumption of the year before the invoice', async () => {
    const { client, id: userId } = await newUser();
    const db = t.database.handle.db;
    const datasetId = randomUUID();
    await db.insert(consumptionDatasets).values({
      id: datasetId,
      userId,
      organisationId: await personalOrganisation(userId),
      pce: '21400000000300',
      sourceFormat: 'simple',
      unit: 'kWh',
    });
    // 1 March 2025 – 28 February 2026 at 10 000 kWh a day: 3 650 MWh, far below the 15 466,8 MWh/an billed.
    const start = Date.UTC(2025, 2, 1);
    await db.insert(consumptionReadings).values(
      Array.from({ length: 365 }, (_, i) => ({
        datasetId,
        date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
        kwh: 10_000,
        quality: 'mesure',
      })),
    );
    const id = await createdAudit(
      client,
      'car.pdf',
      (await invoicePdf({ ...T4_NTR3_SPEC, invoiceNumber: 'FG-2026-02-0500' })).bytes,
    );
    const audit = await startedAndRun(client, id);
    expect(audit.status).toBe('done');
    expect(audit.report?.checksRun).toContain('car');
    expect(audit.report?.findings.find((f) => f.check === 'car')).toMatchObject({
      id: 'car:historique',
      severity: 'alerte',
      expected: { value: 3650 },
    });
  });
});
