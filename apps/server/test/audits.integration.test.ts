import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUDIT_MESSAGES,
  auditDetailSchema,
  auditListSchema,
  createAuditResponseSchema,
  signUploadResponseSchema,
} from '@pilote/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, usageCounters } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { calendarMonth } from '../src/modules/plans/periods.ts';
import { importReferenceFile } from '../src/modules/reference-data/importer.ts';
import { hostileFiles } from './helpers/hostile-files.ts';
import { HttpClient } from './helpers/http-client.ts';
import { importNicePitd } from './helpers/nice-pitd.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PUBLIC_URL = 'http://localhost:3000';

describe.each(testDatabaseKinds())('invoice audits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let counter = 0;
  const clock = new Date('2026-11-23T10:00:00Z');

  async function newUser(): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `audit${counter}@exemple.fr`;
    const user = await insertVerifiedUser(t.database.handle.db, {
      email,
      name: `Claire Martin ${counter}`,
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return { client, id: user.id };
  }

  /** sign-upload → PUT to the signed URL → the answer of create. */
  async function upload(client: HttpClient, filename: string, bytes: Buffer, mime = 'application/octet-stream') {
    const signed = await client.post('/api/audits/sign-upload', { filename, mime, size: bytes.length });
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, gcs_uri, headers } = signUploadResponseSchema.parse(signed.json());
    // The local storage's URL is relative: the page PUTs to the origin it was opened from (localhost, 127.0.0.1).
    expect(url).toMatch(/^\/api\/storage\/uploads\/[^/]+$/);
    const target = new URL(url, PUBLIC_URL);
    const put = await t.app.inject({
      method: 'PUT',
      url: target.pathname,
      payload: bytes,
      headers: {
        ...headers,
        'x-csrftoken': await client.csrf(),
        cookie: client.cookieHeader(),
        origin: PUBLIC_URL,
      },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    return { gcs_uri, create: await client.post('/api/audits/create', { gcs_uri, filename, mime }) };
  }

  async function createdAudit(client: HttpClient, filename: string, bytes: Buffer): Promise<string> {
    const { create } = await upload(client, filename, bytes);
    expect(create.statusCode, create.body).toBe(201);
    return createAuditResponseSchema.parse(create.json()).id;
  }

  async function detail(client: HttpClient, id: string) {
    const response = await client.get(`/api/audits/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return auditDetailSchema.parse(response.json());
  }

  async function expectAlive(client: HttpClient) {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await client.get('/api/audits/')).statusCode).toBe(200);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pilote-audits-'));
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

  const corpus = path.resolve(import.meta.dirname, '../../../packages/invoices/fixtures');
  let corpusPoints: Promise<void> | undefined;
  /** The corpus's points, in the reference tables the checks compare against (imported once per database). */
  function importCorpusPoints(): Promise<void> {
    corpusPoints ??= (async () => {
      await importNicePitd(t.database.handle.db, 'pitd-corpus.csv');
      await importReferenceFile(t.database.handle.db, {
        kind: 'li',
        text: 'code;libelle;commune_insee;commune;gestionnaire_transport;ntr\nLI-30412;Site (NaTran, NTR 2);30189;Nîmes;NaTran;2\n',
        sourceFileName: 'li-corpus.csv',
        importedBy: 'test',
      });
    })();
    return corpusPoints;
  }

  // An app's first audit starts a worker thread that loads the invoice readers and pdf.js (1.8–2.1 s of CPU measured
  // at load 18–20), its first real PDF takes pdf.js further (0.9 s), its first claim letter loads pdf-lib and fontkit
  // and subsets the fonts (about 2 s): the first test to do each took over 5 s beside busy processes (ADR 0049). Paid
  // here, once per app, one step per hook, so that a test's time is its own audit.
  let warmAudit: { client: HttpClient; id: string } | undefined;
  beforeAll(async () => {
    const { client } = await newUser();
    const id = await createdAudit(client, 'chauffe.pdf', hostileFiles.loopingPdf());
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    expect(['done', 'failed']).toContain((await detail(client, id)).status);
  });
  beforeAll(async () => {
    await importCorpusPoints();
    const { client } = await newUser();
    const id = await createdAudit(client, 'chauffe.pdf', readFileSync(path.join(corpus, 'erreurs/ntr-t4.pdf')));
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    expect((await detail(client, id)).status).toBe('done');
    warmAudit = { client, id };
  });
  beforeAll(async () => {
    if (!warmAudit) {
      throw new Error('the corpus audit of the hook above did not finish');
    }
    const link = await warmAudit.client.get(`/api/audits/${warmAudit.id}/claim-letter-link`);
    expect(link.statusCode, link.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url })).statusCode).toBe(200);
  });

  it('signs an upload, stores the file under a generated key, creates, queues and runs the audit in the job queue', async () => {
    const { client, id: userId } = await newUser();
    const pdf = hostileFiles.loopingPdf();
    const { gcs_uri, create } = await upload(client, '../Facture\u202e fdp.exe.pdf', pdf, 'application/pdf');
    expect(create.statusCode, create.body).toBe(201);
    expect(gcs_uri).toMatch(/^local:audits\/u[0-9a-f]{24}\/2026-11\/[0-9a-f-]{36}$/);
    const { id } = createAuditResponseSchema.parse(create.json());

    const before = await detail(client, id);
    expect(before).toMatchObject({ status: 'uploaded', format: 'pdf', sizeBytes: pdf.length });
    // Shown sanitised: no path, no bidi override.
    expect(before.filename).toBe('Facture fdp.exe.pdf');

    const start = await client.post(`/api/audits/${id}/start/`, {});
    expect(start.statusCode, start.body).toBe(202);
    expect(start.json()).toEqual({ id, status: 'queued' });
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(409);

    // The app's periodic jobs (mandates, bug-report digest) may be due at the same time: the audit job is one of them.
    const ran = await t.app.jobs.runDue(clock);
    expect(ran.failed).toBe(0);
    expect(ran.completed).toBeGreaterThanOrEqual(1);
    const after = await detail(client, id);
    expect(['done', 'failed']).toContain(after.status);
    expect(after.finishedAt).not.toBeNull();
    if (after.status === 'failed') {
      expect(after.error).toMatch(/[a-zé]{4,}/i);
      expect(after.invoice).toBeNull();
    } else {
      expect(after.invoice).not.toBeNull();
      expect(after.report?.checksRun.length).toBeGreaterThan(0);
    }

    const list = auditListSchema.parse((await client.get('/api/audits/?page=1&pageSize=5')).json());
    expect(list.items.map((item) => item.id)).toContain(id);
    const [row] = await t.database.handle.db.select().from(audits).where(eq(audits.id, id));
    expect(row?.userId).toBe(userId);
    await expectAlive(client);
  });

  // One test per file (each audit is two worker threads; both in one test took 5 s beside other files on a 2 GHz
  // Xeon); e2e/tests/audit.spec.ts runs one file of each format.
  it.each([
    { file: 'erreurs/ntr-t4.pdf', claimLetter: true },
    { file: 'erreurs/tcl-li.xlsx', claimLetter: false },
  ])(
    'reads and checks the corpus file $file with planted errors: every finding with its € and rule (claim letter: $claimLetter)',
    async ({ file, claimLetter }) => {
      const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as {
        fixtures: { file: string; expect: { findings?: { check: string; amountEuros: number; rule: string }[] } }[];
      };
      await importCorpusPoints();
      const { client } = await newUser();
      const id = await createdAudit(client, path.basename(file), readFileSync(path.join(corpus, file)));
      expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
      await t.app.jobs.runDue(clock);
      const after = await detail(client, id);
      expect(after.status, `${file}: ${after.error}`).toBe('done');
      const planted = manifest.fixtures.find((entry) => entry.file === file)?.expect.findings ?? [];
      expect(planted.length).toBeGreaterThan(0);
      const found = (after.report?.findings ?? []).map((finding) => ({
        check: finding.check,
        amountEuros: finding.amountEuros,
        rule: finding.rule.id,
      }));
      for (const finding of planted) {
        expect(found, file).toContainEqual({
          check: finding.check,
          amountEuros: finding.amountEuros,
          rule: finding.rule,
        });
      }
      if (!claimLetter) {
        return;
      }
      const link = await client.get(`/api/audits/${id}/claim-letter-link`);
      expect(link.statusCode, link.body).toBe(200);
      const letter = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
      expect(letter.statusCode, letter.body.slice(0, 200)).toBe(200);
      expect(letter.headers['content-type']).toBe('application/pdf');
      expect(letter.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Nobody can tamper the owner's link.
      const tampered = link.json<{ url: string }>().url.replace(/sig=[^&]+/, 'sig=AAAA');
      expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    },
  );

  it('answers 404 to anyone but the owner, and refuses an upload signed for someone else', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { gcs_uri, create } = await upload(owner.client, 'facture.xml', Buffer.from('<?xml version="1.0"?><a/>'));
    const { id } = createAuditResponseSchema.parse(create.json());
    expect((await other.client.get(`/api/audits/${id}/`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(404);
    expect((await other.client.get(`/api/audits/${id}/claim-letter-link`)).statusCode).toBe(404);
    const list = auditListSchema.parse((await other.client.get('/api/audits/')).json());
    expect(list.items).toEqual([]);
    const stolen = await other.client.post('/api/audits/create', { gcs_uri, filename: 'x.xml', mime: 'text/xml' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(AUDIT_MESSAGES.uploadForeign);
    expect((await new HttpClient(t.app).get(`/api/audits/${id}/`)).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: `/api/audits/${id}/claim-letter?exp=9999999999&sig=abc` });
    expect(forged.statusCode).toBe(404);
  });

  it('refuses a file whose bytes are none of the four formats, whatever its name, and a file over 20 Mo', async () => {
    const { client } = await newUser();
    const { create } = await upload(client, 'facture.pdf', hostileFiles.wrongMagic(), 'application/pdf');
    expect(create.statusCode).toBe(415);
    expect(create.json().error).toBe(AUDIT_MESSAGES.magicBytes);
    const big = await client.post('/api/audits/sign-upload', {
      filename: 'facture.pdf',
      mime: 'application/pdf',
      size: 20 * 1024 * 1024 + 1,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toContain(AUDIT_MESSAGES.tooLarge);
    const badName = await client.post('/api/audits/sign-upload', { filename: 'facture.exe', mime: '', size: 10 });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error).toContain(AUDIT_MESSAGES.extension);
    await expectAlive(client);
  });

  it.each([
    ['zip bomb', 'bombe.xlsx', hostileFiles.zipBomb, /^Classeur refusé : /],
    ['10 000 XLSX entries', 'entrees.xlsx', hostileFiles.manyEntries, /^Classeur refusé : 10001 entrées/],
    ['XXE', 'xxe.xml', hostileFiles.xxe, /DOCTYPE/],
    ['PDF flate bomb', 'bombe.pdf', hostileFiles.flateBomb, /^PDF refusé : un flux se décompresse au-delà de 32 Mo/],
    // Refused by the reader, or cut off by the worker's time limit: both are clear French errors.
    ['looping PDF', 'boucle.pdf', hostileFiles.loopingPdf, /PDF|format non reconnu|temps autorisé/i],
  ])('fails a %s with a clear French error and stays alive', async (_label, filename, build, reason) => {
    const { client } = await newUser();
    const bytes = build();
    const id = await createdAudit(client, filename, bytes);
    expect((await client.post(`/api/audits/${id}/start/`, {})).statusCode).toBe(202);
    await t.app.jobs.runDue(clock);
    const after = await detail(client, id);
    expect(after.status).toBe('failed');
    expect(after.error).toMatch(reason);
    expect(after.error).not.toMatch(/Error|undefined|ENOENT|stack/);
    if (filename.endsWith('.xml')) {
      // The entity was never expanded: no content of /etc/passwd anywhere in the answer.
      expect(JSON.stringify(after)).not.toContain('root:');
    }
    await expectAlive(client);
  });

  it('takes one invoice_audits unit per start and refuses with 429 « limite » when none is left', async () => {
    const { client, id: userId } = await newUser();
    const period = calendarMonth(clock);
    await t.database.handle.db.insert(usageCounters).values({
      organisationId: await personalOrganisationOf(t.database.handle.db, userId),
      feature: 'invoice_audits',
      periodStart: period.start,
      periodEnd: period.end,
      used: 1,
    });
    const first = await createdAudit(client, 'a.xml', Buffer.from('<?xml version="1.0"?><a/>'));
    const second = await createdAudit(client, 'b.xml', Buffer.from('<?xml version="1.0"?><b/>'));
    expect((await client.post(`/api/audits/${first}/start/`, {})).statusCode).toBe(202);
    const refused = await client.post(`/api/audits/${second}/start/`, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain('limite');
    expect((await detail(client, second)).status).toBe('uploaded');
    await t.app.jobs.runDue(clock);
  });
});
