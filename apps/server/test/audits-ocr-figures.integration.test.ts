/**
 * A scan's confirmation carries its table (ADR 0087): when the review asks the figures read by OCR
 * (`review.figuresAsked`), `POST /api/audits/:id/review` without them, or with another count of lines, is refused
 * (400 `/figures`, no unit taken, still « À compléter »); with them it is accepted and the figures are kept with the
 * confirmed values. The OCR itself is not run here (5–15 s, ADR 0080): the audit waiting is a text PDF's whose review
 * record is marked as a scan's; e2e/tests/audit-ocr.spec.ts runs the whole path with the real OCR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditDetailSchema, createAuditResponseSchema, signUploadResponseSchema } from '@pilote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { invoicePdf, T4_NTR3_SPEC } from './helpers/invoice-pdf.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';

describe.each(testDatabaseKinds())('a scan’s review carries its figures on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const clock = new Date('2026-11-23T10:00:00Z');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-audits-ocr-figures-'));
    t = await createTestApp(
      kind,
      { PUBLIC_URL, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '1000', JOBS_ENABLED: 'false' },
      undefined,
      { now: () => clock },
    );
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('without the figures, or with another count of lines: 400 /figures; with them: queued, the figures kept', async () => {
    const email = 'scan-figures@exemple.fr';
    await insertVerifiedUser(t.database.handle.db, {
      email,
      name: 'Claire Scan',
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    const { bytes } = await invoicePdf(T4_NTR3_SPEC, ['cja']);
    const signed = await client.post('/api/audits/sign-upload', {
      filename: 'scan.pdf',
      mime: 'application/pdf',
      size: bytes.length,
    });
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: Buffer.from(bytes),
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    const created = await client.post('/api/audits/create', { gcs_uri, filename: 'scan.pdf', mime: 'application/pdf' });
    const id = createAuditResponseSchema.parse(created.json()).id;
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    const waiting = auditDetailSchema.parse((await client.get(`/api/audits/${id}/`)).json());
    expect(waiting.status).toBe('to_complete');
    expect(waiting.review?.figuresAsked).toBe(false);
    const invoice = waiting.invoice;
    if (!invoice || !waiting.review) {
      throw new Error('no reading');
    }
    // The review record as the job writes it for a scan.
    await t.database.handle.db
      .update(audits)
      .set({ review: { ...waiting.review, figuresAsked: true } })
      .where(eq(audits.id, id));

    const figures = {
      lines: invoice.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, amount: line.amount })),
      vat: invoice.vat.map((vat) => ({ ...vat })),
      totals: { ...invoice.totals },
    };
    const without = await client.post(`/api/audits/${id}/review`, { cja: 109 });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      error:
        'Confirmez les montants lus par OCR (lignes, TVA, totaux) : aucun contrôle ne porte sur un montant non confirmé.',
      details: [{ path: '/figures' }],
    });
    const short = await client.post(`/api/audits/${id}/review`, {
      cja: 109,
      figures: { ...figures, lines: figures.lines.slice(1) },
    });
    expect(short.statusCode).toBe(400);
    expect(auditDetailSchema.parse((await client.get(`/api/audits/${id}/`)).json()).status).toBe('to_complete');

    const confirmed = await client.post(`/api/audits/${id}/review`, { cja: 109, figures });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    const queued = auditDetailSchema.parse((await client.get(`/api/audits/${id}/`)).json());
    expect(queued.status).toBe('queued');
    expect(queued.review?.confirmed).toEqual({ cja: 109, figures });
  });
});
