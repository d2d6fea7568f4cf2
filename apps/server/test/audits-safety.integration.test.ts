/**
 * Safety gates of the invoice audit in the app (issue #25, ADR 0062): an invoice of the same point and month audited
 * twice is a possible duplicate for the user to qualify (no « double billing », no letter); a file the reader refuses
 * takes no quota unit (given back to the organisation it was counted on, ADR 0078); an audit refused for quota starts once a unit is free; the upload URL is relative.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditDetailSchema, createAuditResponseSchema, signUploadResponseSchema } from '@pilote/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCounters } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { calendarMonth } from '../src/modules/plans/periods.ts';
import { HttpClient } from './helpers/http-client.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';
const corpus = path.resolve(import.meta.dirname, '../../../packages/invoices/fixtures');

describe.each(testDatabaseKinds())('invoice audit safety gates on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `garde${counter}@exemple.fr`;
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Paul Garde ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: user.id };
  }

  async function createdAudit(client: HttpClient, filename: string, bytes: Buffer): Promise<string> {
    const signed = await client.post('/api/audits/sign-upload', {
      filename,
      mime: 'application/octet-stream',
      size: bytes.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    expect(url.startsWith('/api/storage/uploads/')).toBe(true);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await client.post('/api/audits/create', { gcs_uri, filename, mime: 'application/octet-stream' });
    expect(create.statusCode, create.body).toBe(201);
    return createAuditResponseSchema.parse(create.json()).id;
  }

  async function detail(client: HttpClient, id: string) {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  async function used(userId: string): Promise<number> {
    return usedIn(await personalOrganisationOf(t.database.handle.db, userId));
  }

  async function usedIn(organisationId: string): Promise<number> {
    const [row] = await t.database.handle.db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(and(eq(usageCounters.organisationId, organisationId), eq(usageCounters.feature, 'invoice_audits')));
    return row?.used ?? 0;
  }

  async function setUsed(userId: string, value: number): Promise<void> {
    await setUsedIn(await personalOrganisationOf(t.database.handle.db, userId), value);
  }

  async function setUsedIn(organisationId: string, value: number): Promise<void> {
    const period = calendarMonth(clock);
    await t.database.handle.db
      .insert(usageCounters)
      .values({
        organisationId,
        feature: 'invoice_audits',
        periodStart: period.start,
        periodEnd: period.end,
        used: value,
      })
      .onConflictDoUpdate({
        target: [usageCounters.organisationId, usageCounters.feature, usageCounters.periodStart],
        set: { used: value },
      });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-audits-gates-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
    await importNicePitd(t.database.handle.db, 'pitd-corpus.csv');
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the same PCE and month audited twice: a possible duplicate to qualify, never a claim', async () => {
    const { client } = await newUser();
    const bytes = readFileSync(path.join(corpus, 't4-pitd-fevrier-2026.pdf'));
    const first = await createdAudit(client, 'fevrier.pdf', bytes);
    expect((await client.post(`/api/audits/${first}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    expect((await detail(client, first)).status).toBe('done');

    const second = await createdAudit(client, 'fevrier-rectifiee.pdf', bytes);
    expect((await client.post(`/api/audits/${second}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    const audit = await detail(client, second);
    expect(audit.status).toBe('done');
    expect(audit.report?.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(audit.recoverableEuros).toBe(0);
    expect(audit.report?.possibleDuplicates).toEqual([
      {
        invoiceNumber: 'FG-2026-02-0117',
        period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
        sharedDays: 28,
      },
    ]);
    expect((await client.get(`/api/audits/${second}/claim-letter-link`)).statusCode).toBe(409);

    // The user qualifies it; kept in the report, parsed with the contract on read.
    const qualified = await client.post(`/api/audits/${second}/duplicate-qualification`, {
      qualification: 'rectificative',
    });
    expect(qualified.statusCode, qualified.body).toBe(200);
    expect((await detail(client, second)).report?.duplicateQualification).toBe('rectificative');
    expect(
      (await client.post(`/api/audits/${second}/duplicate-qualification`, { qualification: 'peut-être' })).statusCode,
    ).toBe(400);
    expect(
      (await client.post(`/api/audits/${first}/duplicate-qualification`, { qualification: 'doublon' })).statusCode,
    ).toBe(409);
    const stranger = await newUser();
    expect(
      (await stranger.client.post(`/api/audits/${second}/duplicate-qualification`, { qualification: 'doublon' }))
        .statusCode,
    ).toBe(404);
  });

  it('a file the reader refuses takes no unit; an audit refused for quota starts once a unit is free', async () => {
    const { client, id: userId } = await newUser();
    const unknown = await createdAudit(client, 'inconnu.xml', Buffer.from('<?xml version="1.0"?><Facture/>'));
    expect((await client.post(`/api/audits/${unknown}/start/`, {})).statusCode).toBe(202);
    expect(await used(userId)).toBe(1);
    await t.app.jobs.runDue(clock);
    const refused = await detail(client, unknown);
    expect(refused.status).toBe('failed');
    expect(refused.error).toContain('Format non reconnu');
    expect(await used(userId)).toBe(0);

    await setUsed(userId, 2);
    const waiting = await createdAudit(client, 'fevrier.pdf', readFileSync(path.join(corpus, 'erreurs/ntr-t4.pdf')));
    const full = await client.post(`/api/audits/${waiting}/start/`, {});
    expect(full.statusCode).toBe(429);
    expect((await detail(client, waiting)).status).toBe('uploaded');
    await setUsed(userId, 1);
    expect((await client.post(`/api/audits/${waiting}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    expect((await detail(client, waiting)).status).toBe('done');
    expect(await used(userId)).toBe(2);
  });

  it('the unit of a refused file goes back to the organisation it was counted on, after a switch of organisation', async () => {
    const { client, id: userId } = await newUser();
    // Read before the second organisation exists: it is created at the test's clock, before the personal one.
    const personal = await personalOrganisationOf(t.database.handle.db, userId);
    const unknown = await createdAudit(client, 'inconnu.xml', Buffer.from('<?xml version="1.0"?><Facture/>'));
    expect((await client.post(`/api/audits/${unknown}/start/`, {})).statusCode).toBe(202);
    expect(await usedIn(personal)).toBe(1);
    // Before the job runs, the user creates a second organisation: it becomes their active one (ADR 0066).
    const other = await client.post('/api/organisations/', { name: 'Filiale' });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = (other.json() as { id: string }).id;
    await setUsedIn(otherId, 1);
    await t.app.jobs.runDue(clock);
    expect((await detail(client, unknown)).status).toBe('failed');
    // The unit was counted on the personal organisation: it goes back there, not to the active one.
    expect(await usedIn(personal)).toBe(0);
    expect(await usedIn(otherId)).toBe(1);
  });
});
