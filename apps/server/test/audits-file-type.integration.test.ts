/**
 * One file-type rule at upload and in the audit job (issue #22 §2, ADR 0053). A PDF with bytes before `%PDF-` used
 * to pass the upload (`POST /api/audits/create` looked for `%PDF-` anywhere in the first kilobyte) and be refused
 * by the job (`readInvoice`: `%PDF-` at the first byte) after the user's quota unit was taken. Now the upload answers
 * exactly what the job would: a type the job refuses is refused at creation, before any unit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIT_MESSAGES, signUploadResponseSchema } from '@pilote/contracts';
import { readInvoice } from '@pilote/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';

const MINIMAL_PDF = ['%PDF-1.4', '1 0 obj << /Type /Catalog >> endobj', 'trailer << /Root 1 0 R >>', '%%EOF'].join(
  '\n',
);

/** Heads on which the two former sniffers disagreed, and two on which they agreed. */
const FILES: readonly (readonly [label: string, filename: string, bytes: Buffer])[] = [
  ['a PDF with bytes before %PDF-', 'facture.pdf', Buffer.from(`GARBAGE\n${MINIMAL_PDF}`, 'latin1')],
  [
    'a PDF whose %PDF- is 900 bytes in',
    'facture.pdf',
    Buffer.concat([Buffer.alloc(900, 0x20), Buffer.from(MINIMAL_PDF)]),
  ],
  ['an XML declaration glued to a name', 'facture.xml', Buffer.from('<?xmlfoo?><facture/>')],
  ['an XML element after a no-break space', 'facture.xml', Buffer.from('\u00a0<facture/>', 'latin1')],
  ['an XML document', 'facture.xml', Buffer.from('<?xml version="1.0"?><facture/>')],
  ['an executable', 'facture.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1')],
];

describe.each(testDatabaseKinds())('audit file type at upload and in the job on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let client: HttpClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-audit-type-'));
    t = await createTestApp(kind, {
      PUBLIC_URL,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      JOBS_ENABLED: 'false',
    });
  });

  // The user in a hook of its own: the app's start alone is near the hook's time on a busy machine (ADR 0049).
  beforeAll(async () => {
    const email = 'type@exemple.fr';
    await insertVerifiedUser(t.database.handle.db, {
      email,
      name: 'Claire Martin',
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function create(filename: string, bytes: Buffer) {
    const signed = await client.post('/api/audits/sign-upload', {
      filename,
      mime: 'application/octet-stream',
      size: bytes.length,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(url, PUBLIC_URL).pathname,
      payload: bytes,
      headers: { ...headers, 'x-csrftoken': await client.csrf(), cookie: client.cookieHeader(), origin: PUBLIC_URL },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    return client.post('/api/audits/create', { gcs_uri, filename, mime: 'application/octet-stream' });
  }

  it.each(FILES)('%s: accepted at upload exactly when the job reads its type', async (_label, filename, bytes) => {
    const read = await readInvoice(new Uint8Array(bytes), filename);
    const jobRefusesType = !read.ok && read.refusal.code === 'UNSUPPORTED_FILE_TYPE';
    const created = await create(filename, bytes);
    if (jobRefusesType) {
      expect(created.statusCode, created.body).toBe(415);
      expect(created.json().error).toBe(AUDIT_MESSAGES.magicBytes);
    } else {
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('accepts a supplier portal’s CSV export at creation, as the job reads it (ADR 0081)', async () => {
    const csv = Buffer.from(
      'Export de vos factures\r\nPCE;Composante;Montant HT (€)\r\n21400000000117;Abonnement;10,00\r\n',
    );
    const created = await create('export.csv', csv);
    expect(created.statusCode, created.body).toBe(201);
    const detail = await client.get(`/api/audits/${created.json().id}/`);
    expect(detail.json().format).toBe('csv');
  });

  it('refuses at creation a PDF with bytes before %PDF- (no audit to start, no unit taken)', async () => {
    const before = (await client.get('/api/audits/')).json().total;
    const created = await create('facture.pdf', FILES[0]?.[2] as Buffer);
    expect(created.statusCode, created.body).toBe(415);
    expect((await client.get('/api/audits/')).json().total).toBe(before);
  });
});
