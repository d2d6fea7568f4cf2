import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { MANDATE_MESSAGES, type Mandate } from '@pilote/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, resolveMandateSecrets } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { rowsOf } from '../src/db/client.ts';
import { mailOutbox, mandateDocuments, mandates, organisations, users } from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { decryptBytes, encryptBytes, parseMandateKeys } from '../src/modules/mandates/crypto.ts';
import { renderSealedMandate } from '../src/modules/mandates/mandate-pdf.ts';
import { generateSelfSignedP12 } from '../src/modules/mandates/seal.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { noise, pngBytes, pngDataUrl } from './helpers/png.ts';
import { createTestApp, sharedWorkerPool, TEST_SECRET, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Motdepasse-solide-2026';
const OLD_KEY = `k2025:${randomBytes(32).toString('base64')}`;
const NEW_KEY = `k2026:${randomBytes(32).toString('base64')}`;
const P12 = Buffer.from(generateSelfSignedP12('Cachet de test', 'test-pass')).toString('base64');
const ENV = {
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_RATE_LIMIT_MAX: '1000',
  MANDATE_ENCRYPTION_KEYS: OLD_KEY,
  MANDATE_SEAL_P12: P12,
  MANDATE_SEAL_P12_PASSPHRASE: 'test-pass',
  MANDATE_MANAGER_EMAILS: 'grdf=mandats@grdf.example,enedis=acces-donnees@enedis.example',
  // The manual path (mail to the manager, staff decide) for GRDF too; the adapter's path: mandates-operator tests.
  OPERATOR_DATA: 'none',
};

const PCE = '21987654321098';
const PDL = '09876543210987';
const ADDRESS = '17 Rue des Mimosas Cachées';
const gasBody = {
  energy_type: 'gas',
  manager: 'grdf',
  pce: PCE,
  delivery_point_address: ADDRESS,
  delivery_point_postal_code: '80000',
  delivery_point_city: 'Amiens',
};

/** A valid PNG of `width` × `height` (grey, 8-bit, one filter byte per row). */
function png(width: number, height: number): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) {
      c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 0x40);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width + 1)] = 0;
  }
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const signedBody = (overrides: Record<string, unknown> = {}, signature: string | null = png(400, 150)) => ({
  mandate: {
    energy_type: 'electricity',
    manager: 'enedis',
    pdl: PDL,
    delivery_point_address: ADDRESS,
    delivery_point_postal_code: '80000',
    delivery_point_city: 'Amiens',
    authorized_consumption_data: true,
    authorized_technical_data: false,
    authorized_contractual_data: true,
    authorized_load_curve: true,
    duration_months: 24,
    ...overrides,
  },
  signature,
});

describe.each(testDatabaseKinds())('mandates API on %s', (kind) => {
  let t: TestApp;
  /** The same keys after a rotation: the new one first, the old one still read. */
  const rotatedConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    PASSWORD_HASH_LOG_N: '10',
    ...ENV,
    MANDATE_ENCRYPTION_KEYS: `${NEW_KEY},${OLD_KEY}`,
  });
  let rotatedSecrets: ReturnType<typeof resolveMandateSecrets>;
  const clock = new Date('2026-11-23T10:00:00Z');
  let alice: HttpClient;
  let bob: HttpClient;
  let staff: HttpClient;
  let aliceId: string;

  async function signIn(email: string, name: string, role: 'user' | 'staff', tier = 'premium') {
    const db = t.database.handle.db;
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    const row = await insertVerifiedUser(db, { email, name, role, passwordHash });
    await db.update(users).set({ tier }).where(eq(users.id, row.id));
    // The plan is the organisation's (ADR 0078): their personal one's.
    await db
      .update(organisations)
      .set({ tier })
      .where(eq(organisations.id, await personalOrganisationOf(db, row.id)));
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  async function create(client: HttpClient, body: unknown = gasBody): Promise<Mandate> {
    const response = await client.post('/api/mandates/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().mandate;
  }

  // Each set-up step in a hook of its own (issue #21 §3: on a busy machine the three together passed 10 s).
  beforeAll(async () => {
    // The rotated app's secrets (the P12's parse, JavaScript RSA and 3DES).
    rotatedSecrets = resolveMandateSecrets(rotatedConfig);
    await rotatedSecrets;
  });
  beforeAll(async () => {
    // In-process render (fonts subset once per file).
    t = await createTestApp(kind, ENV, undefined, { now: () => clock, renderMandate: renderSealedMandate });
  });
  beforeAll(async () => {
    ({ client: alice, id: aliceId } = await signIn('alice@exemple.fr', 'Alice Martin', 'user'));
    ({ client: bob } = await signIn('bob@exemple.fr', 'Bob', 'user'));
    ({ client: staff } = await signIn('support@exemple.fr', 'Support', 'staff'));
  });
  // The fonts are subset once per process (HarfBuzz): here, not in the first test that creates a mandate (1.7 s of
  // CPU there before, ADR 0056).
  beforeAll(async () => {
    await loadFonts();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out on every route and 403 without the CSRF token', async () => {
    const anonymous = new HttpClient(t.app);
    for (const response of [
      await anonymous.get('/api/mandates/'),
      await anonymous.post('/api/mandates/', gasBody),
      await anonymous.post('/api/mandates/create-signed/', signedBody()),
      await anonymous.get('/api/mandates/x/'),
      await anonymous.request('PUT', '/api/mandates/x/', gasBody),
      await anonymous.patch('/api/mandates/x/', {}),
      await anonymous.request('DELETE', '/api/mandates/x/'),
      await anonymous.post('/api/mandates/x/send/'),
      await anonymous.post('/api/mandates/x/revoke/', { confirmation: PCE }),
      await anonymous.get('/api/mandates/x/download/'),
      await anonymous.get('/api/mandates/x/verify/'),
      await anonymous.get('/api/admin/mandates/'),
      await anonymous.get('/api/address/search?q=amiens'),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    const forged = await alice.post('/api/mandates/', gasBody, { 'x-csrftoken': 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_INVALID');
  });

  it('gives every §5 validation message server-side, with the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...gasBody, manager: undefined }, '/manager', "Veuillez sélectionner le type d'énergie et le gestionnaire"],
      [
        { ...gasBody, energy_type: 'fioul' },
        '/energy_type',
        "Veuillez sélectionner le type d'énergie et le gestionnaire",
      ],
      [{ ...gasBody, manager: 'enedis' }, '/manager', MANDATE_MESSAGES.managerMismatch],
      [{ ...gasBody, manager: 'other' }, '/manager_name', 'Veuillez préciser le nom du gestionnaire'],
      [
        { ...gasBody, delivery_point_city: ' ' },
        '/delivery_point_city',
        "Veuillez renseigner l'adresse complète du point de livraison",
      ],
      [{ ...gasBody, delivery_point_postal_code: '8000' }, '/delivery_point_postal_code', MANDATE_MESSAGES.postalCode],
      [{ ...gasBody, pce: '' }, '/pce', 'Le numéro PCE est obligatoire pour le gaz'],
      [{ ...gasBody, pce: '123' }, '/pce', 'Le PCE doit contenir exactement 14 chiffres'],
      [
        { ...gasBody, energy_type: 'electricity', manager: 'enedis', pce: undefined },
        '/pdl',
        "Le numéro PDL est obligatoire pour l'électricité",
      ],
      [
        { ...gasBody, energy_type: 'electricity', manager: 'enedis', pce: undefined, pdl: '12345678901234a' },
        '/pdl',
        'Le PDL doit contenir exactement 14 chiffres',
      ],
      [
        {
          ...gasBody,
          authorized_consumption_data: false,
          authorized_technical_data: false,
          authorized_contractual_data: false,
        },
        '/authorized_consumption_data',
        'Veuillez autoriser au moins un type de données',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await alice.post('/api/mandates/', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'VALIDATION_FAILED', details: [{ path, message }] });
    }
    const wizard: [unknown, string][] = [
      [signedBody({ pdl: '' }), 'Le numéro PDL est obligatoire'],
      [signedBody({ duration_months: 10 }), MANDATE_MESSAGES.duration],
      [signedBody({ duration_months: 42 }), MANDATE_MESSAGES.duration],
      [
        signedBody({ energy_type: 'gas', manager: 'grdf', pdl: undefined, pce: PCE }),
        MANDATE_MESSAGES.loadCurveElectricityOnly,
      ],
      [signedBody({}, null), MANDATE_MESSAGES.signatureRequired],
      [signedBody({}, 'data:image/jpeg;base64,/9j/4AAQ'), MANDATE_MESSAGES.signatureFormat],
      [
        signedBody(
          {},
          `data:image/png;base64,${Buffer.from('GIF89a not a png at all, really not').toString('base64')}`,
        ),
        MANDATE_MESSAGES.signatureFormat,
      ],
      // A valid header then random image data (issue #21 §1.3): refused before any render, not a 30 s loop and a 500.
      [signedBody({}, pngDataUrl(pngBytes(400, 150, { idat: noise(6_700) }))), MANDATE_MESSAGES.signatureFormat],
      [signedBody({}, png(801, 150)), MANDATE_MESSAGES.signatureSize],
      [signedBody({}, png(400, 201)), MANDATE_MESSAGES.signatureSize],
    ];
    for (const [body, message] of wizard) {
      const response = await alice.post('/api/mandates/create-signed/', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const huge = await alice.post(
      '/api/mandates/create-signed/',
      signedBody({}, `data:image/png;base64,${'A'.repeat(300_000)}`),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0].message).toBe(MANDATE_MESSAGES.signatureBytes);
    const [stored] = await t.database.handle.db.select({ n: sql<number>`count(*)::int` }).from(mandates);
    expect(stored?.n).toBe(0);
  });

  it('creates simple and signed mandates (pending, sealed PDF, 12 or chosen months) and lists them by is_active', async () => {
    const simple = await create(alice);
    expect(simple).toMatchObject({
      kind: 'simple',
      status: 'pending',
      status_display: 'En attente',
      is_active: true,
      manager_display: 'GRDF',
      delivery_point_number: PCE,
      delivery_point_address: ADDRESS,
      duration_months: 12,
      expiry_date: '2027-11-22',
      authorized_load_curve: false,
      signed_pdf_url: `/api/mandates/${simple.id}/download/`,
    });
    const signed = await alice.post(
      '/api/mandates/create-signed/',
      signedBody({ manager: 'other', manager_name: 'Régie de Saint-Ouen' }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().mandate).toMatchObject({
      kind: 'signed',
      manager_display: 'Régie de Saint-Ouen',
      duration_months: 24,
      expiry_date: '2028-11-22',
      authorized_technical_data: false,
      authorized_load_curve: true,
    });
    expect(JSON.stringify(signed.json())).not.toContain('signature');
    const list = await alice.get('/api/mandates/?is_active=true');
    expect(list.json()).toMatchObject({ total: 2, counts: { active: 2, inactive: 0 } });
    expect((await alice.get('/api/mandates/?is_active=false')).json().total).toBe(0);
    expect((await bob.get('/api/mandates/')).json()).toMatchObject({ total: 0, items: [] });
    expect((await alice.get('/api/mandates/?is_active=maybe')).json().error).toContain(MANDATE_MESSAGES.isActiveFilter);
  });

  it('answers 404 to another user on every route with an id, and the signed PDF link only for its audience', async () => {
    const mandate = await create(alice);
    const base = `/api/mandates/${mandate.id}/`;
    for (const response of [
      await bob.get(base),
      await bob.request('PUT', base, gasBody),
      await bob.patch(base, { delivery_point_city: 'Lille' }),
      await bob.request('DELETE', `${base}?confirmation=${PCE}`),
      await bob.post(`${base}send/`),
      await bob.post(`${base}revoke/`, { confirmation: PCE }),
      await bob.get(`${base}download/`),
      await bob.get(`${base}verify/`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: MANDATE_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    expect((await alice.get(base)).json().mandate.status).toBe('pending');
    const links = (await alice.get(`${base}download/`)).json();
    const other = await create(bob, { ...gasBody, pce: '11112222333344' });
    const reused = links.download_url.replace(mandate.id, other.id);
    expect((await bob.get(reused)).statusCode).toBe(403);
  });

  it('serves the PDF behind expiring signed links (inline / attachment, nosniff) and verify detects a change', async () => {
    const mandate = await create(alice);
    const links = (await alice.get(`/api/mandates/${mandate.id}/download/`)).json();
    expect(links.filename).toMatch(/^mandat-gaz-2026-11-23-[0-9a-f]{8}\.pdf$/);
    const anonymous = new HttpClient(t.app);
    const view = await anonymous.get(links.view_url);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-disposition']).toBe(`inline; filename="${links.filename}"`);
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(view.rawPayload.toString('latin1')).toContain('/SubFilter /ETSI.CAdES.detached');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(view.rawPayload)), { mergePages: true });
    for (const expected of [
      'Alice Martin <alice@exemple.fr>',
      `PCE : ${PCE}`,
      'Données de consommation',
      'Courbe de charge',
      'révoquer ce mandat à tout moment',
      'supprimées sous 30 jours',
      'RGPD',
      'Dossier de preuve',
      'Adresse IP',
      'Version du texte de consentement',
      'SHA-256 du texte du mandat',
    ]) {
      expect(text).toContain(expected);
    }
    const download = await anonymous.get(links.download_url);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${links.filename}"`);
    expect((await anonymous.get(links.download_url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(403);

    const verified = (await alice.get(`/api/mandates/${mandate.id}/verify/`)).json();
    expect(verified).toMatchObject({ valid: true, sealed_by: 'Cachet de test' });
    expect(verified.current_sha256).toBe(verified.recorded_sha256);

    // Someone with database access changes one byte of the stored PDF (re-encrypted with the key).
    const db = t.database.handle.db;
    const keyring = parseMandateKeys(OLD_KEY);
    const [doc] = await db.select().from(mandateDocuments).where(eq(mandateDocuments.mandateId, mandate.id));
    const pdf = decryptBytes(keyring, `mandate:${mandate.id}:pdf`, doc?.pdfEnc as Uint8Array);
    const at = pdf.indexOf('Amiens');
    const changed = Buffer.from(pdf);
    changed.write('Amienz', at >= 0 ? at : 300, 'latin1');
    await db
      .update(mandateDocuments)
      .set({ pdfEnc: encryptBytes(keyring, `mandate:${mandate.id}:pdf`, changed) })
      .where(eq(mandateDocuments.mandateId, mandate.id));
    const tampered = (await alice.get(`/api/mandates/${mandate.id}/verify/`)).json();
    expect(tampered.valid).toBe(false);
    expect(tampered.current_sha256).not.toBe(tampered.recorded_sha256);
  });

  it('keeps personal fields out of a database dump, and a tampered ciphertext gives a generic 500', async () => {
    const signed = await alice.post('/api/mandates/create-signed/', signedBody());
    expect(signed.statusCode).toBe(201);
    const db = t.database.handle.db;
    let dump: string;
    if (kind === 'pglite') {
      const handle = t.database.handle;
      const tarball = await (handle.pglite?.dumpDataDir('none') ?? handle.pgliteThread?.dumpDataDir());
      dump = Buffer.from(await (tarball as Blob).arrayBuffer()).toString('latin1');
    } else {
      const [row] = await rowsOf<{ name: string }>(db, sql`select current_database() as name`);
      const name = row?.name as string;
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${name}`;
      dump = execFileSync('pg_dump', ['--data-only', url.toString()], { maxBuffer: 512 * 1024 * 1024 }).toString(
        'latin1',
      );
    }
    expect(dump.length).toBeGreaterThan(10_000);
    for (const secret of [PCE, PDL, ADDRESS, 'Mimosas', 'Régie de Saint-Ouen']) {
      expect(dump.includes(secret), secret).toBe(false);
      expect(dump.includes(Buffer.from(secret, 'utf8').toString('latin1')), secret).toBe(false);
    }

    const id = signed.json().mandate.id;
    const [row] = await db.select({ cityEnc: mandates.cityEnc }).from(mandates).where(eq(mandates.id, id));
    const parts = String(row?.cityEnc).split(':');
    const body = Buffer.from(parts[4] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[4] = body.toString('base64url');
    await db
      .update(mandates)
      .set({ cityEnc: parts.join(':') })
      .where(eq(mandates.id, id));
    const broken = await alice.get(`/api/mandates/${id}/`);
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({
      error: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      code: 'INTERNAL_ERROR',
    });
    expect(broken.body).not.toContain('Amien');
    await db.delete(mandates).where(eq(mandates.id, id));
  });

  it('sends to the manager (PDF attached, no personal data in the mail), refuses unreachable managers and resends', async () => {
    const mandate = await create(alice);
    const sent = await alice.post(`/api/mandates/${mandate.id}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().mandate).toMatchObject({ status: 'sent', sent_date: clock.toISOString(), is_active: true });
    const [mail] = await t.database.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'mandats@grdf.example'));
    expect(mail?.text).toContain(`[Pièce jointe : mandat-gaz-2026-11-23-${mandate.id.slice(0, 8)}.pdf`);
    expect(mail?.text).not.toContain(PCE);
    const again = await alice.post(`/api/mandates/${mandate.id}/send/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MANDATE_MESSAGES.notSendable);

    const other = await alice.post('/api/mandates/create-signed/', signedBody({ manager: 'rte' }));
    const refused = await alice.post(`/api/mandates/${other.json().mandate.id}/send/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: MANDATE_MESSAGES.noManagerAddress, code: 'MANDATE_MANAGER_UNREACHABLE' });
  });

  it('edits only pending simple mandates, deletes a pending simple one, and revokes with the typed number', async () => {
    const mandate = await create(alice);
    const patched = await alice.patch(`/api/mandates/${mandate.id}/`, {
      delivery_point_city: 'Abbeville',
      delivery_point_postal_code: '80100',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().mandate).toMatchObject({ delivery_point_city: 'Abbeville', delivery_point_number: PCE });
    const badPatch = await alice.patch(`/api/mandates/${mandate.id}/`, { pce: '42' });
    expect(badPatch.json().error).toBe('Le PCE doit contenir exactement 14 chiffres');

    const signed = (await alice.post('/api/mandates/create-signed/', signedBody())).json().mandate;
    const signedPatch = await alice.patch(`/api/mandates/${signed.id}/`, { delivery_point_city: 'Lille' });
    expect(signedPatch.statusCode).toBe(409);
    expect(signedPatch.json().error).toBe(MANDATE_MESSAGES.signedNotEditable);

    const deleted = await alice.request('DELETE', `/api/mandates/${mandate.id}/`);
    expect(deleted.json()).toEqual({ id: mandate.id, deleted: true, mandate: null });
    expect((await alice.get(`/api/mandates/${mandate.id}/`)).statusCode).toBe(404);

    const noConfirmation = await alice.request('DELETE', `/api/mandates/${signed.id}/`);
    expect(noConfirmation.statusCode).toBe(400);
    const wrong = await alice.post(`/api/mandates/${signed.id}/revoke/`, { confirmation: '09876543210986' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(`Veuillez saisir exactement : ${PDL}`);
    expect(signed.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const revoked = await alice.post(`/api/mandates/${signed.id}/revoke/`, { confirmation: '0987 6543 2109 87' });
    // The revocation date, and no expiry still to come (issue #21 §4): in the answer, the detail and the list.
    const revokedView = {
      status: 'revoked',
      is_active: false,
      revoked_at: clock.toISOString(),
      expiry_date: null,
      days_until_expiry: null,
    };
    expect(revoked.json().mandate).toMatchObject(revokedView);
    expect((await alice.get(`/api/mandates/${signed.id}/`)).json().mandate).toMatchObject(revokedView);
    const history = (await alice.get('/api/mandates/?is_active=false')).json();
    expect(history.items.find((item: { id: string }) => item.id === signed.id)).toMatchObject(revokedView);
    const twice = await alice.post(`/api/mandates/${signed.id}/revoke/`, { confirmation: PDL });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(MANDATE_MESSAGES.notRevocable);
  });

  it('lets staff (not users) process the sent queue: filters, counts, PDF, activate, reject with a reason; no signature', async () => {
    const mandate = await create(alice);
    await alice.post(`/api/mandates/${mandate.id}/send/`);
    expect((await alice.get('/api/admin/mandates/')).statusCode).toBe(403);
    expect((await alice.post(`/api/admin/mandates/${mandate.id}/activate/`)).statusCode).toBe(403);

    const queue = await staff.get('/api/admin/mandates/?manager=grdf');
    expect(queue.statusCode, queue.body).toBe(200);
    const body = queue.json();
    expect(
      body.items.every(
        (item: { status: string; manager: string }) => item.status === 'sent' && item.manager === 'grdf',
      ),
    ).toBe(true);
    expect(body.counts.sent).toBe(body.total);
    const item = body.items.find((entry: { id: string }) => entry.id === mandate.id);
    expect(item).toMatchObject({
      customer: { email: 'alice@exemple.fr', name: 'Alice Martin' },
      has_pdf: true,
      delivery_point_number: PCE,
    });
    expect(JSON.stringify(body)).not.toMatch(/signature|data:image/);
    expect((await alice.get(`/api/admin/mandates/${mandate.id}/verify/`)).statusCode).toBe(403);
    expect((await staff.get(`/api/admin/mandates/${mandate.id}/verify/`)).json().valid).toBe(true);
    const links = (await staff.get(`/api/admin/mandates/${mandate.id}/download/`)).json();
    expect((await new HttpClient(t.app).get(links.download_url)).statusCode).toBe(200);

    const noReason = await staff.post(`/api/admin/mandates/${mandate.id}/reject/`, { reason: '  ' });
    expect(noReason.json().error).toBe(MANDATE_MESSAGES.rejectionReason);
    const activated = await staff.post(`/api/admin/mandates/${mandate.id}/activate/`);
    expect(activated.json().mandate).toMatchObject({ status: 'active', activated_at: clock.toISOString() });
    expect((await alice.get(`/api/mandates/${mandate.id}/`)).json().mandate.days_until_expiry).toBe(364);
    const [activeMail] = await t.database.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Votre mandat est actif'));
    expect(activeMail?.to).toBe('alice@exemple.fr');

    const other = await create(alice, { ...gasBody, pce: '55556666777788' });
    await alice.post(`/api/mandates/${other.id}/send/`);
    const rejected = await staff.post(`/api/admin/mandates/${other.id}/reject/`, {
      reason: 'PCE inconnu du gestionnaire',
    });
    expect(rejected.json().mandate).toMatchObject({
      status: 'rejected',
      is_active: false,
      rejection_reason: 'PCE inconnu du gestionnaire',
    });
    expect((await staff.post(`/api/admin/mandates/${other.id}/activate/`)).statusCode).toBe(409);
  });

  it('expires, and reminds once at 30 and 7 days before (injected clock)', async () => {
    const db = t.database.handle.db;
    const jobs = t.app.jobs;
    const mandate = await create(alice, { ...gasBody, pce: '99998888777766' });
    await alice.post(`/api/mandates/${mandate.id}/send/`);
    await staff.post(`/api/admin/mandates/${mandate.id}/activate/`);
    // Only this mandate is active (the others of earlier tests are set aside).
    await db
      .update(mandates)
      .set({ status: 'revoked', revokedAt: clock })
      .where(and(eq(mandates.status, 'active'), ne(mandates.id, mandate.id)));
    const reminders = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'alice@exemple.fr'))).filter((mail) =>
        mail.subject.startsWith('Votre mandat expire'),
      );
    const before = (await reminders()).length;
    // expiry 2027-11-22: 30 days before = 2027-10-23.
    await jobs.runDue(new Date('2027-10-20T10:00:00Z'));
    expect((await reminders()).length).toBe(before);
    await jobs.runDue(new Date('2027-10-24T10:00:00Z'));
    await jobs.runDue(new Date('2027-10-25T10:00:00Z'));
    expect((await reminders()).length).toBe(before + 1);
    await jobs.runDue(new Date('2027-11-16T10:00:00Z'));
    await jobs.runDue(new Date('2027-11-17T10:00:00Z'));
    const all = await reminders();
    expect(all.length).toBe(before + 2);
    expect(all.some((mail) => mail.subject === 'Votre mandat expire dans 6 jours')).toBe(true);
    const [stillActive] = await db
      .select({ status: mandates.status })
      .from(mandates)
      .where(eq(mandates.id, mandate.id));
    expect(stillActive?.status).toBe('active');
    await jobs.runDue(new Date('2027-11-23T10:00:00Z'));
    const [expired] = await db.select().from(mandates).where(eq(mandates.id, mandate.id));
    expect(expired?.status).toBe('expired');
  });

  it('purges revoked personal data after 30 days, and the proof record 5 years after the end (injected clock)', async () => {
    const db = t.database.handle.db;
    const jobs = t.app.jobs;
    // Purge: a mandate revoked on 2026-11-23 keeps its data 29 days later, loses it after 30.
    const revokedNow = await create(alice, { ...gasBody, pce: '12121212121212' });
    await alice.post(`/api/mandates/${revokedNow.id}/revoke/`, { confirmation: '12121212121212' });
    await jobs.runDue(new Date('2026-12-22T10:00:00Z'));
    const [kept] = await db.select().from(mandates).where(eq(mandates.id, revokedNow.id));
    expect(kept?.deliveryPointNumberEnc).not.toBeNull();
    await jobs.runDue(new Date('2026-12-24T10:00:00Z'));
    const [purged] = await db.select().from(mandates).where(eq(mandates.id, revokedNow.id));
    expect(purged).toMatchObject({
      deliveryPointNumberEnc: null,
      addressEnc: null,
      cityEnc: null,
      postalCodeEnc: null,
      status: 'revoked',
    });
    expect(purged?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.select().from(mandateDocuments).where(eq(mandateDocuments.mandateId, revokedNow.id))).toEqual([]);
    const view = (await alice.get(`/api/mandates/${revokedNow.id}/`)).json().mandate;
    expect(view).toMatchObject({ personal_data_purged: true, delivery_point_number: null, signed_pdf_url: null });
    // The proof record goes 5 years after the end.
    await jobs.runDue(new Date('2031-11-24T10:00:00Z'));
    expect(await db.select().from(mandates).where(eq(mandates.id, revokedNow.id))).toEqual([]);
  });

  it('counts mandates on the plan quota (free: 1 per period)', async () => {
    const { client } = await signIn('free@exemple.fr', 'Libre', 'user', 'free');
    await create(client, { ...gasBody, pce: '31313131313131' });
    const refused = await client.post('/api/mandates/', { ...gasBody, pce: '31313131313132' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('QUOTA_EXCEEDED');
  });

  it('still reads values of the old key after a rotation (new key first) and writes with the new one', async () => {
    const before = await create(alice, { ...gasBody, pce: '45454545454545' });
    const rotated = await buildApp({
      config: rotatedConfig,
      // What the app resolves from that configuration at its first mandate, read in beforeAll (the P12's parse).
      mandateSecrets: await rotatedSecrets,
      database: t.database.handle,
      secret: TEST_SECRET,
      logger: false,
      now: () => clock,
      // In-process render like the main app: this test is about the keys. The worker-thread render (the default) is
      // what the browser tests' server runs (e2e/tests/mandates*.spec.ts); cold in a test, it took over 5 s here.
      renderMandate: renderSealedMandate,
      // The test process's warm threads stay for the main app (ADR 0049).
      workerPool: sharedWorkerPool,
    });
    try {
      await rotated.ready();
      const client = new HttpClient(rotated);
      client.cookies.clear();
      for (const [name, value] of alice.cookies) {
        client.cookies.set(name, value);
      }
      const read = await client.get(`/api/mandates/${before.id}/`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().mandate.delivery_point_number).toBe('45454545454545');
      const after = await client.post('/api/mandates/', { ...gasBody, pce: '46464646464646' });
      expect(after.statusCode, after.body).toBe(201);
      const [row] = await t.database.handle.db.select().from(mandates).where(eq(mandates.id, after.json().mandate.id));
      expect(row?.deliveryPointNumberEnc?.startsWith('enc1:k2026:')).toBe(true);
      // The app with only the old key cannot read it: a generic 500, never garbage.
      const old = await alice.get(`/api/mandates/${after.json().mandate.id}/`);
      expect(old.statusCode).toBe(500);
      await t.database.handle.db.delete(mandates).where(eq(mandates.id, after.json().mandate.id));
      expect(aliceId).toBeTruthy();
    } finally {
      await rotated.close();
    }
  });
});
