/**
 * Column mappings through the audit API (issue #25 §4, ADR 0085). A portal export written by exceljs with a header no
 * reader knows stops its audit with « Colonnes à indiquer » (no unit taken) and its columns (titles, proposals,
 * samples); a viewer of the organisation may not map them (403), another organisation gets 404; the owner maps them
 * (400 with French problems for an incomplete mapping), the audit is relaunched and gives no anomaly for the public
 * February 2026 T4 case; the next export of that supplier, with the same header, is read without asking (the six
 * planted errors to the cent). The mapping is listed (paginated, per organisation) and deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AuditDetail,
  auditColumnsSchema,
  auditDetailSchema,
  columnMappingListSchema,
  createAuditResponseSchema,
  saveColumnMappingResponseSchema,
  signUploadResponseSchema,
} from '@pilote/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED, SIX_ERRORS, T4_FEB_2026 } from '../../../packages/invoices/test/helpers/e-invoice-eu.ts';
import { MAPPING_BODY as MAPPING, oddExport, PCE, TITLES } from '../../../packages/invoices/test/helpers/odd-export.ts';
import { organisationMembers, usageCounters } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
describe.each(testDatabaseKinds())('column mappings of audits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');
  let files: { correct: Uint8Array; six: Uint8Array };

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `colonnes${counter}@exemple.fr`;
    const { id } = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Martin ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return { client, id };
  }

  /** sign-upload → PUT → create → start → the job queue runs it → the audit's detail. */
  async function audited(client: HttpClient, filename: string, bytes: Uint8Array) {
    const signed = await client.post('/api/audits/sign-upload', { filename, mime: XLSX, size: bytes.length });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(url, PUBLIC_URL).pathname,
      payload: Buffer.from(bytes),
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await client.post('/api/audits/create', { gcs_uri, filename, mime: XLSX });
    expect(create.statusCode, create.body).toBe(201);
    const { id } = createAuditResponseSchema.parse(create.json());
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    return { id, audit: await detail(client, id) };
  }

  async function detail(client: HttpClient, id: string): Promise<AuditDetail> {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  async function used(organisationId: string): Promise<number> {
    const [row] = await t.database.handle.db
      .select({ used: usageCounters.used })
      .from(usageCounters)
      .where(and(eq(usageCounters.organisationId, organisationId), eq(usageCounters.feature, 'invoice_audits')));
    return row?.used ?? 0;
  }

  let owner: { client: HttpClient; id: string; organisationId: string };
  let viewer: HttpClient;
  let outsider: HttpClient;
  let first: { id: string; audit: AuditDetail };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-colonnes-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
  });
  beforeAll(async () => {
    await importNicePitd(t.database.handle.db, 'pitd-colonnes.csv');
  });
  // Each paid in a hook of its own, so that no hook holds the app's start, exceljs and three password hashes (ADR 0049).
  beforeAll(async () => {
    files = { correct: await oddExport(T4_FEB_2026), six: await oddExport(SIX_ERRORS) };
  });
  beforeAll(async () => {
    const o = await newUser();
    owner = { ...o, organisationId: await personalOrganisationOf(t.database.handle.db, o.id) };
    const v = await newUser();
    // A viewer of the owner's organisation (docs/permissions.md).
    await t.database.handle.db
      .insert(organisationMembers)
      .values({ organisationId: owner.organisationId, userId: v.id, role: 'viewer' });
    viewer = v.client;
  });
  beforeAll(async () => {
    outsider = (await newUser()).client;
  });
  // The app's first audit starts the worker thread and loads the readers: paid in a hook of its own (ADR 0049).
  beforeAll(async () => {
    first = await audited(owner.client, 'export-fevrier-2026.xlsx', files.correct);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an unknown header: « Colonnes à indiquer », its columns, no unit taken; 404 to another organisation', async () => {
    expect(first.audit.status).toBe('failed');
    expect(first.audit.error).toMatch(/^Colonnes à indiquer : /);
    expect(await used(owner.organisationId)).toBe(0);
    const response = await owner.client.get(`/api/audits/${first.id}/columns`);
    expect(response.statusCode, response.body).toBe(200);
    const { header } = auditColumnsSchema.parse(response.json());
    expect(header?.columns.map((c) => c.title)).toEqual(TITLES);
    expect(header?.columns[2]?.samples).toEqual([PCE, PCE]);
    expect(header?.columns[3]?.proposed).toEqual({ column: 'firstDay', unit: null });
    // A viewer of the organisation reads them; someone outside it does not know the audit exists.
    expect((await viewer.get(`/api/audits/${first.id}/columns`)).statusCode).toBe(200);
    expect((await outsider.get(`/api/audits/${first.id}/columns`)).statusCode).toBe(404);
    const foreign = await outsider.request('PUT', `/api/audits/${first.id}/column-mapping`, MAPPING);
    expect(foreign.statusCode, foreign.body).toBe(404);
  });

  it('a viewer may not map the columns (403); a mapping without CSRF is refused (403)', async () => {
    const refused = await viewer.request('PUT', `/api/audits/${first.id}/column-mapping`, MAPPING);
    expect(refused.statusCode, refused.body).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `/api/audits/${first.id}/column-mapping`,
      payload: MAPPING,
      headers: { cookie: owner.client.cookieHeader() },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await used(owner.organisationId)).toBe(0);
  });

  it('an incomplete mapping: 400 with each problem in French', async () => {
    const response = await owner.client.request('PUT', `/api/audits/${first.id}/column-mapping`, {
      columns: [
        { index: 1, column: 'label', unit: null },
        { index: 9, column: 'cja', unit: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    const messages = response.json<{ details: { message: string }[] }>().details.map((d) => d.message);
    expect(messages).toEqual([
      'Indiquez la colonne du PCE.',
      'Indiquez la colonne du montant HT.',
      'Indiquez la colonne de la date de début (ou du mois).',
      'Indiquez l’unité de la colonne « CJA ».',
    ]);
  });

  it('the owner maps the columns: the audit runs again, no anomaly; the next export is read without asking', async () => {
    const saved = await owner.client.request('PUT', `/api/audits/${first.id}/column-mapping`, MAPPING);
    expect(saved.statusCode, saved.body).toBe(202);
    const { mapping } = saveColumnMappingResponseSchema.parse(saved.json());
    expect(mapping.titles).toEqual(TITLES);
    await t.app.jobs.runDue(clock);
    const done = await detail(owner.client, first.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.invoice).toMatchObject({
      format: 'xlsx',
      layout: 'tableur-portail',
      supplier: 'Énergie Exemple SA',
      tarif: 'T4',
      cja: 109,
      car: 15466.8,
      point: { code: 'GI060012', pce: PCE },
    });
    expect(done.report?.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(done.report?.overBilledEuros).toBe(0);
    expect((await owner.client.get(`/api/audits/${first.id}/columns`)).json()).toEqual({ header: null });

    // The same supplier's next export (same header): read at once, the six planted errors each to the cent.
    const next = await audited(owner.client, 'export-fevrier-2026-erreurs.xlsx', files.six);
    expect(next.audit.status, next.audit.error ?? '').toBe('done');
    expect(
      next.audit.report?.findings
        .filter((f) => f.severity === 'anomalie')
        .map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id })),
    ).toEqual(expect.arrayContaining(PLANTED));
    expect(next.audit.report?.overBilledEuros).toBe(1291.87);
    expect(await used(owner.organisationId)).toBe(2);

    // Another organisation's export with that header still asks: the mapping is the owner's organisation's.
    const elsewhere = await audited(outsider, 'export.xlsx', files.correct);
    expect(elsewhere.audit.error).toMatch(/^Colonnes à indiquer : /);
  });

  it('the mappings are listed per organisation (paginated) and deleted by their author, not by a viewer', async () => {
    const list = await owner.client.get('/api/audits/column-mappings?page=1&pageSize=10');
    expect(list.statusCode, list.body).toBe(200);
    const page = columnMappingListSchema.parse(list.json());
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    const [mapping] = page.items;
    expect(mapping?.supplier).toBe('Énergie Exemple SA');
    expect(mapping?.columns).toEqual(MAPPING.columns);
    expect(columnMappingListSchema.parse((await outsider.get('/api/audits/column-mappings')).json()).total).toBe(0);
    expect((await owner.client.get('/api/audits/column-mappings?pageSize=1000')).statusCode).toBe(400);
    const id = mapping?.id ?? '';
    expect((await outsider.request('DELETE', `/api/audits/column-mappings/${id}`)).statusCode).toBe(404);
    expect((await viewer.request('DELETE', `/api/audits/column-mappings/${id}`)).statusCode).toBe(403);
    expect((await owner.client.request('DELETE', `/api/audits/column-mappings/${id}`)).statusCode).toBe(200);
    expect(columnMappingListSchema.parse((await owner.client.get('/api/audits/column-mappings')).json()).total).toBe(0);
  });
});
