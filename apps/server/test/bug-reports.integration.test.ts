import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { BUG_REPORT_RATE_LIMIT } from '../src/modules/bug-reports/routes.ts';
import { BUG_DIGEST_JOB, createBugReportService } from '../src/modules/bug-reports/service.ts';
import { HttpClient } from './helpers/http-client.ts';
import { mailsTo, pathOf } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';

/** A real PNG (CRCs ignored by our checks, but a valid IHDR/IDAT/IEND layout) of width × height gray pixels. */
function png(width: number, height: number, withData = true): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const raw = withData ? Buffer.alloc((width + 1) * height, 0x80) : Buffer.alloc(0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

const browserInfo = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
  language: 'fr-FR',
  platform: 'Linux x86_64',
  screenResolution: '1920x1080',
  viewportSize: '1280x720',
};
const validReport = {
  title: 'Le bouton Simuler ne répond pas',
  description: 'Après avoir choisi la commune, le bouton reste gris.',
  severity: 'major',
  url: 'http://localhost:3000/simulateur',
  elementSelector: 'main > form > button:nth-of-type(2)',
  elementHtml: '<button type="submit" disabled>Simuler</button>',
  screenshot: null,
  userEmail: 'Visiteur@Exemple.fr',
  browserInfo,
  consoleErrors: [],
};

describe.each(testDatabaseKinds())('bug reports API on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let staff: HttpClient;
  let user: HttpClient;
  let ipCounter = 0;
  const nextIp = () => `198.51.100.${++ipCounter}`;

  async function signedIn(email: string): Promise<HttpClient> {
    const client = new HttpClient(t.app);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return client;
  }
  function post(body: unknown, options: { ip?: string; client?: HttpClient } = {}) {
    const client = options.client ?? new HttpClient(t.app);
    return client.request('POST', '/api/common/bug-reports/', body, { 'x-forwarded-for': options.ip ?? nextIp() });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bug-reports-'));
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: 'true',
    });
    const db = t.database.handle.db;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(db, { email: 'support@exemple.fr', name: 'Support', role: 'staff', passwordHash });
    await insertVerifiedUser(db, { email: 'plain@exemple.fr', name: 'Plain', role: 'user', passwordHash });
    staff = await signedIn('support@exemple.fr');
    user = await signedIn('plain@exemple.fr');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an anonymous report with its screenshot; staff see it, open the capture and close it with a note', async () => {
    const screenshot = png(40, 30);
    const created = await post({ ...validReport, screenshot: dataUrl(screenshot) });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();

    const list = await staff.get('/api/admin/bug-reports?status=new&severity=major');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id,
        title: validReport.title,
        reporterEmail: 'visiteur@exemple.fr',
        hasScreenshot: true,
      }),
    ]);
    expect((await staff.get('/api/admin/bug-reports?severity=critical')).json().total).toBe(0);

    const detail = (await staff.get(`/api/admin/bug-reports/${id}`)).json();
    expect(detail).toMatchObject({
      elementSelector: validReport.elementSelector,
      elementHtml: validReport.elementHtml,
      browserInfo,
      userId: null,
      status: 'new',
    });
    const image = await t.app.inject({ method: 'GET', url: pathOf(detail.screenshotUrl) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(screenshot)).toBe(true);

    const started = await staff.request('PATCH', `/api/admin/bug-reports/${id}`, { status: 'in_progress' });
    expect(started.json().status).toBe('in_progress');
    const noNote = await staff.request('PATCH', `/api/admin/bug-reports/${id}`, { status: 'resolved' });
    expect(noNote.statusCode).toBe(400);
    expect(JSON.stringify(noNote.json())).toContain('Une note est obligatoire pour clore un rapport.');
    const closed = await staff.request('PATCH', `/api/admin/bug-reports/${id}`, {
      status: 'resolved',
      note: 'Corrigé en 1.4.2',
    });
    expect(closed.json()).toMatchObject({ status: 'resolved', statusNote: 'Corrigé en 1.4.2' });
    const reopened = await staff.request('PATCH', `/api/admin/bug-reports/${id}`, { status: 'in_progress' });
    expect(reopened.statusCode).toBe(409);
  });

  it('links the signed-in sender, whose e-mail is not required', async () => {
    const created = await post({ ...validReport, userEmail: null }, { client: user });
    expect(created.statusCode).toBe(201);
    const detail = (await staff.get(`/api/admin/bug-reports/${created.json().id}`)).json();
    expect(detail.reporterEmail).toBe('plain@exemple.fr');
    expect(detail.userId).toEqual(expect.any(String));
  });

  it('refuses missing or oversized fields with the French messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...validReport, title: '  ' }, 400, 'Le titre est obligatoire.'],
      [{ ...validReport, description: '' }, 400, 'La description est obligatoire.'],
      [{ ...validReport, userEmail: '' }, 400, "L'email est obligatoire si vous n'êtes pas connecté."],
      [{ ...validReport, title: 'x'.repeat(201) }, 400, 'Le titre ne doit pas dépasser 200 caractères.'],
      [{ ...validReport, elementHtml: 'x'.repeat(501) }, 400, 'ne doit pas dépasser 500 caractères'],
      [{ ...validReport, severity: 'blocker' }, 400, 'severity'],
      [{ ...validReport, consoleErrors: ['boom'] }, 400, 'consoleErrors doit être une liste vide.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, message).toBe(status);
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it('checks the screenshot by magic bytes, byte size and pixel count', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const notPng = await post({ ...validReport, screenshot: dataUrl(gif) });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().error).toBe('La capture d’écran n’est pas une image PNG ou JPEG valide.');
    const mislabelled = await post({ ...validReport, screenshot: dataUrl(png(2, 2), 'image/jpeg') });
    expect(mislabelled.statusCode).toBe(400);
    const huge = await post({ ...validReport, screenshot: dataUrl(png(5000, 5000, false)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('La capture d’écran a trop de pixels.');
    const heavy = Buffer.concat([png(10, 10), Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const tooHeavy = await post({ ...validReport, screenshot: dataUrl(heavy) });
    // Beyond the data-URL length the body schema refuses it before decoding.
    expect(tooHeavy.statusCode).toBe(400);
    expect(JSON.stringify(tooHeavy.json())).toContain('La capture d’écran est trop volumineuse.');
  });

  it('requires the CSRF token like every POST', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/common/bug-reports/', payload: validReport });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_INVALID');
  });

  it(`accepts ${BUG_REPORT_RATE_LIMIT.max} reports per IP and window, then 429`, async () => {
    const ip = nextIp();
    for (let n = 0; n < BUG_REPORT_RATE_LIMIT.max; n++) {
      expect((await post({ ...validReport, title: `Envoi ${n}` }, { ip })).statusCode).toBe(201);
    }
    const refused = await post(validReport, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await post(validReport)).statusCode).toBe(201);
  });

  it('caps the screenshot bytes anonymous senders store per day', async () => {
    const screenshot = png(20, 20);
    const service = createBugReportService({
      db: t.database.handle.db,
      storage: t.app.storage,
      mailer: { kind: 'outbox', send: async () => {} },
      publicUrl: 'http://localhost:3000',
      // What is already stored today plus one more screenshot.
      anonymousDailyStorageBytes: Number.MAX_SAFE_INTEGER,
    });
    const input = {
      ...validReport,
      severity: 'minor' as const,
      userEmail: 'a@exemple.fr',
      screenshot: dataUrl(screenshot),
    };
    await service.submit(null, input);
    const tight = createBugReportService({
      db: t.database.handle.db,
      storage: t.app.storage,
      mailer: { kind: 'outbox', send: async () => {} },
      publicUrl: 'http://localhost:3000',
      anonymousDailyStorageBytes: 1,
    });
    await expect(tight.submit(null, input)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Without a screenshot, or signed in, the report still goes through.
    await expect(tight.submit(null, { ...input, screenshot: null })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('keeps the triage routes from anonymous callers (401), plain users (403), and answers 404 for an unknown id', async () => {
    expect((await new HttpClient(t.app).get('/api/admin/bug-reports')).statusCode).toBe(401);
    expect((await user.get('/api/admin/bug-reports')).statusCode).toBe(403);
    expect((await staff.get('/api/admin/bug-reports/inconnu')).statusCode).toBe(404);
  });

  it('mails staff one daily digest of the reports of the last 24 hours', async () => {
    const db = t.database.handle.db;
    const result = await t.app.jobs.runDue(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(result).toBeDefined();
    const mails = (await mailsTo(db, 'support@exemple.fr')).filter((mail) =>
      mail.subject.startsWith('Rapports de bugs'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(validReport.title);
    expect(BUG_DIGEST_JOB).toBe('bug-reports.digest');
  });
});
