/**
 * A PDF of several invoices (ADR 0090): a supplier's monthly bundle of three invoices written with pdf-lib and put in
 * one PDF with `copyPages` — PCE A for January and February 2026, both correct, PCE B for February billed at NTR 3 on a
 * point whose NTR is 2 (870,64 € HT) — is uploaded once and becomes three audits on the same stored file, each read
 * (its pages only) and checked by the job queue in the worker pool, as a portal export does (ADR 0086). The NTR
 * anomaly and the claim letter are on the third only; each lists the file's three invoices.
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
import type { ReferenceInvoiceSpec } from '@pilote/tariffs';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationMembers, organisations } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { invoicePdf, T4_NTR3_SPEC } from './helpers/invoice-pdf.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';
const FILE = 'factures-fevrier.pdf';
const PCE_A = '21400000000117';
const PCE_B = '21400000000125';

const SPECS: readonly ReferenceInvoiceSpec[] = [
  {
    ...T4_NTR3_SPEC,
    ntr: 2,
    invoiceNumber: 'FG-2026-01-0117',
    issuedOn: '2026-02-05',
    point: { ...T4_NTR3_SPEC.point, pce: PCE_A },
    consumptionMwh: 2310.4,
    period: { firstDay: '2026-01-01', lastDay: '2026-01-31' },
  },
  { ...T4_NTR3_SPEC, ntr: 2, invoiceNumber: 'FG-2026-02-0117', point: { ...T4_NTR3_SPEC.point, pce: PCE_A } },
  // The planted error: billed at NTR 3, the point's NTR is 2.
  { ...T4_NTR3_SPEC, invoiceNumber: 'FG-2026-02-0125', point: { ...T4_NTR3_SPEC.point, pce: PCE_B } },
];

/** The three invoices' PDFs in one, page after page, as a supplier's bundle. */
async function bundle(): Promise<Uint8Array> {
  const out = await PDFDocument.create({ updateMetadata: false });
  for (const spec of SPECS) {
    const src = await PDFDocument.load((await invoicePdf(spec)).bytes);
    for (const page of await out.copyPages(src, src.getPageIndices())) {
      out.addPage(page);
    }
  }
  return out.save({ useObjectStreams: false });
}

describe.each(testDatabaseKinds())('a PDF of three invoices on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const clock = new Date('2026-11-23T10:00:00Z');
  let client: HttpClient;
  let firstId: string;
  let audits: AuditDetail[];

  async function detail(id: string): Promise<AuditDetail> {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-bundle-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
    await importNicePitd(t.database.handle.db, 'pitd-export.csv');
  });
  // The upload, the split and the app's first worker tasks, each in a hook of its own (ADR 0049).
  beforeAll(async () => {
    const email = 'lot-pdf@exemple.fr';
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: 'Claire Martin',
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    // A premium plan: the three invoices run at once (the free plan's wait is the portal export's test, ADR 0086).
    const db = t.database.handle.db;
    const members = db.select({ id: organisationMembers.organisationId }).from(organisationMembers);
    await db
      .update(organisations)
      .set({ tier: 'premium' })
      .where(inArray(organisations.id, members.where(eq(organisationMembers.userId, user.id))));
    const bytes = await bundle();
    const signed = await client.post('/api/audits/sign-upload', {
      filename: FILE,
      mime: 'application/pdf',
      size: bytes.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(url, PUBLIC_URL).pathname,
      payload: Buffer.from(bytes),
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const create = await client.post('/api/audits/create', { gcs_uri, filename: FILE, mime: 'application/pdf' });
    expect(create.statusCode, create.body).toBe(201);
    firstId = createAuditResponseSchema.parse(create.json()).id;
    expect((await client.post(`/api/audits/${firstId}/start/`, {})).statusCode).toBe(202);
    // The first run finds three invoices and queues them; runDue goes on until no job is due.
    await t.app.jobs.runDue(clock);
    const list = auditListSchema.parse((await client.get('/api/audits/')).json());
    audits = await Promise.all(list.items.map((item) => detail(item.id)));
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one upload, one audit per invoice on the same file, in its order, each done', () => {
    expect(audits.map((a) => [a.filename, a.part?.index, a.part?.count, a.status, a.error ?? null])).toEqual([
      [FILE, 0, 3, 'done', null],
      [FILE, 1, 3, 'done', null],
      [FILE, 2, 3, 'done', null],
    ]);
    expect(audits[0]?.id).toBe(firstId);
    // Each with its first page in the file: the page the review step draws.
    expect(audits.map((a) => [a.part?.pce, a.part?.month, a.part?.invoiceNumber, a.part?.firstPage])).toEqual([
      [PCE_A, '2026-01', 'FG-2026-01-0117', 1],
      [PCE_A, '2026-02', 'FG-2026-02-0117', 2],
      [PCE_B, '2026-02', 'FG-2026-02-0125', 3],
    ]);
  });

  it('each audit read its own invoice: PCE, number, period, NTR and lines', () => {
    audits.forEach((audit, i) => {
      const spec = SPECS[i] as ReferenceInvoiceSpec;
      expect(audit.invoice).toMatchObject({
        format: 'pdf',
        layout: 'fournisseur-pdf',
        invoiceNumber: spec.invoiceNumber,
        point: { pce: spec.point.pce, code: 'GI060012' },
        period: spec.period,
        ntr: spec.ntr,
        consumptionMwh: spec.consumptionMwh,
      });
      expect(audit.invoice?.lines.length).toBeGreaterThan(5);
      expect(audit.warnings).toEqual([]);
    });
    // Not one invoice's lines over another's: each has its own consumption line.
    expect(new Set(audits.map((a) => a.invoice?.totals.totalHt)).size).toBe(3);
  });

  it('the two correct invoices: no anomaly, 0 € recoverable, no claim letter', async () => {
    for (const audit of audits.slice(0, 2)) {
      expect(audit.report?.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
      expect(audit.anomalies).toBe(0);
      expect(audit.recoverableEuros).toBe(0);
      expect((await client.get(`/api/audits/${audit.id}/claim-letter-link`)).statusCode).toBe(409);
    }
  });

  it('the third: its NTR anomaly to the cent and the claim letter', async () => {
    const wrong = audits[2] as AuditDetail;
    expect(
      wrong.report?.findings.filter((f) => f.severity === 'anomalie').map((f) => [f.check, f.amountEuros]),
    ).toEqual([['ntr', 870.64]]);
    expect(wrong.recoverableEuros).toBe(870.64);
    expect((await client.get(`/api/audits/${wrong.id}/claim-letter-link`)).statusCode).toBe(200);
  });

  it('each audit lists the file’s three invoices with their results', async () => {
    for (const audit of audits) {
      expect(
        ((await detail(audit.id)).invoicesInFile ?? []).map((i) => [i.id, i.status, i.anomalies, i.recoverableEuros]),
      ).toEqual([
        [audits[0]?.id, 'done', 0, 0],
        [audits[1]?.id, 'done', 0, 0],
        [audits[2]?.id, 'done', 1, 870.64],
      ]);
    }
  });
});
