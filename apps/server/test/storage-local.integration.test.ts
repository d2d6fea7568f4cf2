import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalObjectStorage, objectKey, StorageError } from '../src/adapters/storage/index.ts';
import { createTestApp, fetchCsrf, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const pathAndQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const PDF = Buffer.from('%PDF-1.7\n% facture de test\n%%EOF\n');

describe.each(testDatabaseKinds())('local object storage on %s', (kind) => {
  let testApp: TestApp;
  let dataDir: string;
  let csrf: { token: string; cookie: string };
  let clock = new Date('2026-05-04T10:00:00Z');
  const storage = () => testApp.app.storage as LocalObjectStorage;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pe-storage-'));
    testApp = await createTestApp(kind, { DATA_DIR: dataDir }, undefined, { now: () => clock });
    csrf = await fetchCsrf(testApp.app);
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A signed upload of `size` bytes of application/pdf, valid 10 minutes. */
  async function sign(size = PDF.length, contentType = 'application/pdf') {
    const key = objectKey('tests/invoices', 'pdf', clock);
    return storage().signUpload({ key, contentType, maxBytes: 1024, size, expiresInSeconds: 600 });
  }

  function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: 'PUT',
      url: new URL(url).pathname,
      payload: body,
      headers: {
        'content-type': 'application/pdf',
        'x-csrftoken': csrf.token,
        cookie: csrf.cookie,
        origin: testApp.config.publicUrl,
        ...headers,
      },
    });
  }

  it('accepts the signed PUT once, stores the bytes, and serves them back as a nosniff attachment', async () => {
    const upload = await sign();
    expect(upload.url).toMatch(new RegExp(`^${testApp.config.publicUrl}/api/storage/uploads/[A-Za-z0-9_-]+\\.\\d+\\.`));
    expect(upload.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(await storage().stat(upload.uri)).toBeUndefined();

    const answer = await put(upload.url, PDF);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({ uri: upload.uri, size: PDF.length, contentType: 'application/pdf' });
    expect(await storage().stat(upload.uri)).toEqual({ size: PDF.length, contentType: 'application/pdf' });
    expect(await storage().get(upload.uri)).toEqual(PDF);
    await expect(storage().get(upload.uri, { maxBytes: 10 })).rejects.toMatchObject({ kind: 'too_large' });

    const link = await storage().signDownload(upload.uri, { filename: 'Facture été.pdf', expiresInSeconds: 60 });
    const download = await testApp.app.inject({ method: 'GET', url: pathAndQuery(link) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Facture _t_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`,
    );

    // Replay of the same URL: refused, the stored file untouched.
    const replay = await put(upload.url, Buffer.from('%PDF-autre contenu du meme poids!!\n').subarray(0, PDF.length));
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      code: 'UPLOAD_LINK_USED',
      error: 'Ce lien de dépôt a déjà servi : recommencez l’envoi du fichier.',
    });
    expect(await storage().get(upload.uri)).toEqual(PDF);

    await storage().delete(upload.uri);
    expect(await storage().stat(upload.uri)).toBeUndefined();
    const gone = await testApp.app.inject({ method: 'GET', url: pathAndQuery(link) });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a tampered token, in its signature or its expiry', async () => {
    const upload = await sign();
    const token = new URL(upload.url).pathname.split('/').pop() as string;
    const [id, exp, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${id}.${exp}.${flipped}`,
      `${id}.${Number(exp) + 3600}.${signature}`,
      `x${id}.${exp}.${signature}`,
    ]) {
      const answer = await put(`http://x/api/storage/uploads/${forged}`, PDF);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ code: 'UPLOAD_LINK_INVALID', error: 'Lien de dépôt de fichier invalide.' });
    }
    // The genuine token still works: the forgeries did not consume it.
    expect((await put(upload.url, PDF)).statusCode).toBe(201);
  });

  it('refuses an expired link', async () => {
    const upload = await sign();
    const saved = clock;
    clock = new Date(saved.getTime() + 601_000);
    try {
      const answer = await put(upload.url, PDF);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({
        code: 'UPLOAD_LINK_EXPIRED',
        error: 'Ce lien de dépôt a expiré : recommencez l’envoi du fichier.',
      });
      expect(await storage().stat(upload.uri)).toBeUndefined();
    } finally {
      clock = saved;
    }
  });

  it('refuses more bytes than declared, and another content type, writing nothing', async () => {
    const small = await sign(10);
    const tooBig = await put(small.url, PDF);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'Le fichier dépasse la taille annoncée (10 octets).',
    });
    expect(await storage().stat(small.uri)).toBeUndefined();

    const typed = await sign();
    const wrongType = await put(typed.url, PDF, { 'content-type': 'text/html' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'Type de fichier inattendu : ce lien attend application/pdf.',
    });
    expect(await storage().stat(typed.uri)).toBeUndefined();
    // No partial file left behind.
    expect(await readdir(path.join(dataDir, 'storage', '.tmp')).catch(() => [])).toEqual([]);
  });

  it('keeps nothing of an upload whose client goes away half-way (real HTTP)', async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const upload = await sign(1000);
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: new URL(upload.url).pathname,
        headers: {
          'content-type': 'application/pdf',
          'content-length': '1000',
          'x-csrftoken': csrf.token,
          cookie: csrf.cookie,
          origin: testApp.config.publicUrl,
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(Buffer.alloc(400, 1));
      setTimeout(() => request.destroy(), 200);
    });
    // The server notices the closed connection, drops the partial file and consumes the link.
    await expect.poll(async () => (await put(upload.url, Buffer.alloc(1000, 1))).statusCode).toBe(409);
    await expect.poll(() => readdir(path.join(dataDir, 'storage', '.tmp'))).toEqual([]);
    expect(await storage().stat(upload.uri)).toBeUndefined();
  });

  it('refuses a size above the limit when signing, and a key a user could have chosen', async () => {
    await expect(
      storage().signUpload({
        key: 'tests/a.pdf',
        contentType: 'application/pdf',
        maxBytes: 10,
        size: 11,
        expiresInSeconds: 60,
      }),
    ).rejects.toBeInstanceOf(StorageError);
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '.meta/x', 'A B']) {
      await expect(storage().put(key, PDF, 'application/pdf')).rejects.toMatchObject({ kind: 'invalid_key' });
    }
    await expect(storage().get('local:../../etc/passwd')).rejects.toMatchObject({ kind: 'invalid_key' });
  });

  it('still requires the CSRF token and a trusted Origin on the upload', async () => {
    const upload = await sign();
    const noToken = await put(upload.url, PDF, { 'x-csrftoken': '' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_INVALID');
    const foreign = await put(upload.url, PDF, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('CSRF_INVALID');
    // Refused before the handler: the link is still unused.
    expect((await put(upload.url, PDF)).statusCode).toBe(201);
  });

  it('refuses a tampered or expired download link', async () => {
    const uri = await storage().put(objectKey('tests/reports', 'png', clock), Buffer.from('png'), 'image/png');
    const link = await storage().signDownload(uri, {
      filename: 'capture.png',
      expiresInSeconds: 60,
      disposition: 'inline',
    });
    const ok = await testApp.app.inject({ method: 'GET', url: pathAndQuery(link) });
    expect(ok.headers['content-disposition']).toMatch(/^inline; filename="capture.png"/);
    const tampered = await testApp.app.inject({
      method: 'GET',
      url: pathAndQuery(link).replace('filename=capture.png', 'filename=capture.html'),
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toEqual({ code: 'DOWNLOAD_LINK_INVALID', error: 'Lien de téléchargement invalide.' });
    const saved = clock;
    clock = new Date(saved.getTime() + 61_000);
    try {
      const expired = await testApp.app.inject({ method: 'GET', url: pathAndQuery(link) });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ code: 'DOWNLOAD_LINK_EXPIRED', error: 'Ce lien de téléchargement a expiré.' });
    } finally {
      clock = saved;
    }
  });
});
