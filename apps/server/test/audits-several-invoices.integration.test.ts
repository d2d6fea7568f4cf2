/**
 * One file, several invoices (issue #25 §4, ADR 0086): a supplier portal's CSV export of three invoices — PCE A for
 * January and February 2026, both correct, PCE B for February with a TCL of 58,31 instead of 56,31 €/MWh/j/an — is
 * uploaded once and becomes three audits on the same stored file, each read (its part only) and checked by the job
 * queue in the worker pool. On the free plan (two audits a month) the third waits « Non lancé » until a unit is free;
 * launched on a premium plan it gives its anomaly to the cent and the claim letter; the two correct ones give no
 * anomaly and no letter. Each lists the file's three invoices with the site of its PCE; another organisation gets 404.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AuditDetail,
  auditDetailSchema,
  auditListSchema,
  createAuditResponseSchema,
  signUploadResponseSchema,
} from '@pilote/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PCE_A,
  PCE_B,
  portalCsvExport,
  THREE_INVOICES,
} from '../../../packages/invoices/test/helpers/portal-export.ts';
import { organisationMembers, organisations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';
const FILE = 'export-factures-fevrier.csv';

describe.each(testDatabaseKinds())('a portal export of three invoices on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `export${counter}@exemple.fr`;
    const row = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Martin ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  async function detail(client: HttpClient, id: string): Promise<AuditDetail> {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  let owner: { client: HttpClient; id: string };
  let firstId: string;
  let afterSplit: AuditDetail[];
  let waiting: AuditDetail;
  let launched: AuditDetail;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-export-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
    await importNicePitd(t.database.handle.db, 'pitd-export.csv');
  });
  // The upload, the split and the app's first worker tasks (thread start, readers), each in a hook of its own (ADR 0049).
  beforeAll(async () => {
    owner = await newUser();
    const site = await owner.client.post('/api/sites/', {
      name: 'Usine de Nice',
      pce: PCE_A,
      pointType: 'PITD',
      pointCode: 'GI060012',
      option: 'T4',
      profile: null,
      car: '15 466,8',
      cja: 109,
      ntr: 2,
      supplier: 'Énergie Exemple SA',
      contractEndDate: null,
      tags: [],
    });
    expect(site.statusCode, site.body).toBe(201);
    const bytes = portalCsvExport(THREE_INVOICES);
    const signed = await owner.client.post('/api/audits/sign-upload', {
      filename: FILE,
      mime: 'text/csv',
      size: bytes.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(url, PUBLIC_URL).pathname,
      payload: Buffer.from(bytes),
      headers: {
        ...headers,
        'x-csrftoken': await owner.client.csrf(),
        cookie: owner.client.cookieHeader(),
        origin: PUBLIC_URL,
      },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await owner.client.post('/api/audits/create', { gcs_uri, filename: FILE, mime: 'text/csv' });
    expect(create.statusCode, create.body).toBe(201);
    firstId = createAuditResponseSchema.parse(create.json()).id;
    expect((await owner.client.post(`/api/audits/${firstId}/start/`, {})).statusCode).toBe(202);
    // The first run finds three invoices and queues them; runDue goes on until no job is due.
    await t.app.jobs.runDue(clock);
    const list = auditListSchema.parse((await owner.client.get('/api/audits/')).json());
    afterSplit = await Promise.all(list.items.map((item) => detail(owner.client, item.id)));
  });
  beforeAll(async () => {
    waiting = afterSplit.find((audit) => audit.status === 'uploaded') as AuditDetail;
    // A unit is freed by a premium plan for the organisation (plans belong to organisations, ADR 0078).
    const db = t.database.handle.db;
    const members = db.select({ id: organisationMembers.organisationId }).from(organisationMembers);
    await db
      .update(organisations)
      .set({ tier: 'premium' })
      .where(inArray(organisations.id, members.where(eq(organisationMembers.userId, owner.id))));
    expect((await owner.client.post(`/api/audits/${waiting.id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    launched = await detail(owner.client, waiting.id);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one audit per invoice on the same file, in its order; the free plan’s two units run two, the third waits', () => {
    expect(afterSplit.map((audit) => [audit.filename, audit.part?.index, audit.part?.count])).toEqual([
      [FILE, 0, 3],
      [FILE, 1, 3],
      [FILE, 2, 3],
    ]);
    expect(afterSplit[0]?.id).toBe(firstId);
    expect(afterSplit.map((audit) => [audit.part?.pce, audit.part?.month, audit.part?.invoiceNumber])).toEqual([
      [PCE_A, '2026-01', 'FG-2026-01-0117'],
      [PCE_A, '2026-02', 'FG-2026-02-0117'],
      [PCE_B, '2026-02', 'FG-2026-02-0125'],
    ]);
    expect(afterSplit.map((audit) => audit.status)).toEqual(['done', 'done', 'uploaded']);
    expect(waiting.id).toBe(afterSplit[2]?.id);
  });

  it('the two correct invoices: each read alone, no anomaly, 0 € recoverable, no claim letter', async () => {
    for (const [audit, source] of [
      [afterSplit[0], THREE_INVOICES[0]],
      [afterSplit[1], THREE_INVOICES[1]],
    ] as const) {
      expect(audit?.invoice).toMatchObject({
        format: 'csv',
        layout: 'tableur-portail',
        invoiceNumber: source?.invoiceNumber,
        point: { pce: PCE_A, code: 'GI060012' },
        period: source?.period,
        totals: { totalHt: source?.totals.totalHt },
      });
      expect(audit?.warnings).toEqual([]);
      expect(audit?.report?.findings).toEqual([]);
      expect(audit?.anomalies).toBe(0);
      expect(audit?.recoverableEuros).toBe(0);
      expect((await owner.client.get(`/api/audits/${audit?.id}/claim-letter-link`)).statusCode).toBe(409);
    }
  });

  it('the third, launched once a unit is free: its TCL anomaly to the cent and the claim letter', async () => {
    expect(launched.status, launched.error ?? '').toBe('done');
    expect(launched.invoice?.point.pce).toBe(PCE_B);
    expect(
      launched.report?.findings.map((f) => ({ check: f.check, severity: f.severity, amountEuros: f.amountEuros })),
    ).toEqual([{ check: 'tcl', severity: 'anomalie', amountEuros: 18.17 }]);
    expect(launched.recoverableEuros).toBe(18.17);
    expect((await owner.client.get(`/api/audits/${launched.id}/claim-letter-link`)).statusCode).toBe(200);
  });

  it('each audit lists the file’s invoices with their results and the site of their PCE', async () => {
    const expected = [
      { id: afterSplit[0]?.id, status: 'done', anomalies: 0, recoverableEuros: 0, site: 'Usine de Nice' },
      { id: afterSplit[1]?.id, status: 'done', anomalies: 0, recoverableEuros: 0, site: 'Usine de Nice' },
      { id: launched.id, status: 'done', anomalies: 1, recoverableEuros: 18.17, site: null },
    ];
    for (const id of expected.map((e) => e.id as string)) {
      const listed = (await detail(owner.client, id)).invoicesInFile ?? [];
      expect(
        listed.map((i) => ({
          id: i.id,
          status: i.status,
          anomalies: i.anomalies,
          recoverableEuros: i.recoverableEuros,
          site: i.site?.name ?? null,
        })),
      ).toEqual(expected);
    }
  });

  it('another organisation gets 404 on every invoice of the file and lists none of them', async () => {
    const stranger = await newUser();
    for (const audit of afterSplit) {
      expect((await stranger.client.get(`/api/audits/${audit.id}/`)).statusCode).toBe(404);
      expect((await stranger.client.post(`/api/audits/${audit.id}/start/`, {})).statusCode).toBe(404);
    }
    expect(
      auditListSchema.parse((await stranger.client.get('/api/audits/')).json()).items.map((item) => item.id),
    ).toEqual([]);
  });
});
