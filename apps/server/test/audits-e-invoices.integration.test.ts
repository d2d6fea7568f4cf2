/**
 * E-invoices through the audit API (issue #25 §2, ADR 0069): a Factur-X PDF written by another tool
 * (`@e-invoice-eu/core`, the XML `factur-x.xml` attached to a PDF/A-3) of the public February 2026 T4 case is
 * uploaded (sign-upload → PUT → create), started and run by the job queue in the worker pool: the correct invoice is
 * read from its XML and gives no anomaly and no claim letter; the invoice with six planted errors gives each anomaly
 * with its amount to the cent and the claim letter. A UBL file (.xml) goes the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditDetailSchema, createAuditResponseSchema, signUploadResponseSchema } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANTED,
  SIX_ERRORS,
  T4_FEB_2026,
  writeEInvoice,
} from '../../../packages/invoices/test/helpers/e-invoice-eu.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';

describe.each(testDatabaseKinds())('e-invoice audits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');

  async function newUser(): Promise<HttpClient> {
    counter += 1;
    const email = `efacture${counter}@exemple.fr`;
    await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Martin ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }

  /** sign-upload → PUT → create → start → the job queue runs it → the audit's detail. */
  async function audited(client: HttpClient, filename: string, bytes: Uint8Array, mime: string) {
    const signed = await client.post('/api/audits/sign-upload', { filename, mime, size: bytes.length });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(url, PUBLIC_URL).pathname,
      payload: Buffer.from(bytes),
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await client.post('/api/audits/create', { gcs_uri, filename, mime });
    expect(create.statusCode, create.body).toBe(201);
    const { id } = createAuditResponseSchema.parse(create.json());
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return { id, audit: auditDetailSchema.parse(response.json()) };
  }

  type Audited = Awaited<ReturnType<typeof audited>> & { client: HttpClient };
  let files: { correct: Uint8Array; six: Uint8Array; sixUbl: Uint8Array };
  let correct: Audited;
  let six: Audited;
  let letter: { status: number; contentType: string | undefined };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-efactures-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
    await importNicePitd(t.database.handle.db, 'pitd-efactures.csv');
  });
  // Written by e-invoice-eu (a Factur-X takes a second or two), then the app's first audit (it starts the worker
  // thread and loads the readers and pdf.js), the six errors' audit and its first claim letter (pdf-lib and fontkit):
  // each paid in a hook of its own, so that a test's time is its own (ADR 0049).
  beforeAll(async () => {
    files = {
      correct: await writeEInvoice(T4_FEB_2026, 'Factur-X'),
      six: await writeEInvoice(SIX_ERRORS, 'Factur-X'),
      sixUbl: await writeEInvoice(SIX_ERRORS, 'UBL'),
    };
  });
  beforeAll(async () => {
    const client = await newUser();
    correct = { client, ...(await audited(client, 'facture-fevrier-2026.pdf', files.correct, 'application/pdf')) };
  });
  beforeAll(async () => {
    const client = await newUser();
    six = { client, ...(await audited(client, 'facture-fevrier-2026-erreurs.pdf', files.six, 'application/pdf')) };
  });
  beforeAll(async () => {
    const link = await six.client.get(`/api/audits/${six.id}/claim-letter-link`);
    expect(link.statusCode, link.body).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    letter = { status: response.statusCode, contentType: response.headers['content-type'] as string | undefined };
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the correct Factur-X from its attached XML: no anomaly, no claim letter', async () => {
    const { audit, client, id } = correct;
    expect(audit.status, audit.error ?? '').toBe('done');
    expect(audit.invoice).toMatchObject({
      format: 'pdf',
      layout: 'en16931-cii',
      invoiceNumber: 'FG-2026-02-0117',
      point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
      tarif: 'T4',
      cja: 109,
      ntr: 2,
      totals: T4_FEB_2026.totals,
    });
    expect(audit.warnings).toEqual([]);
    expect(audit.report?.findings).toEqual([]);
    expect(audit.report?.readingProblems).toEqual([]);
    expect((await client.get(`/api/audits/${id}/claim-letter-link`)).statusCode).toBe(409);
  });

  it('finds each of the six planted errors of a Factur-X to the cent, and offers the claim letter', () => {
    const { audit } = six;
    expect(audit.status, audit.error ?? '').toBe('done');
    expect(audit.warnings).toEqual([]);
    const found = (audit.report?.findings ?? []).map((f) => ({
      check: f.check,
      amountEuros: f.amountEuros,
      rule: f.rule.id,
    }));
    expect(found).toHaveLength(PLANTED.length);
    expect(found).toEqual(expect.arrayContaining(PLANTED));
    expect(audit.report?.overBilledEuros).toBe(1291.87);
    expect(letter).toEqual({ status: 200, contentType: 'application/pdf' });
  });

  it('takes a UBL e-invoice (.xml) the same way', async () => {
    const client = await newUser();
    const { audit } = await audited(client, 'facture-fevrier-2026.xml', files.sixUbl, 'application/xml');
    expect(audit.status, audit.error ?? '').toBe('done');
    expect(audit.invoice).toMatchObject({ format: 'xml', layout: 'en16931-ubl' });
    expect((audit.report?.findings ?? []).map((f) => f.amountEuros).sort((a, b) => a - b)).toEqual(
      PLANTED.map((p) => p.amountEuros).sort((a, b) => a - b),
    );
  });
});
