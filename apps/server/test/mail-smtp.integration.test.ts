import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/adapters/mail/smtp.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (smtp-server), with authentication, recording what it receives. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid credentials'));
      }
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks and escapes, enough to read links in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
}

describe('SMTP mail adapter against a local smtp-server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers a French mail with its text and HTML parts', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Pilote Énergie <no-reply@exemple.fr>' });
    await mailer.send({
      to: 'destinataire@exemple.fr',
      subject: 'Réinitialisation de votre mot de passe',
      text: 'Bonjour, voici le lien : https://app.exemple.fr/x',
      html: '<p>Bonjour</p>',
      links: ['https://app.exemple.fr/x'],
    });
    await mailer.close?.();
    const mail = smtp.received.at(-1);
    expect(mail?.from).toBe('no-reply@exemple.fr');
    expect(mail?.to).toEqual(['destinataire@exemple.fr']);
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain('https://app.exemple.fr/x');
    expect(mail?.raw).toContain('text/html');
  });

  it('fails loudly on refused credentials', async () => {
    const mailer = createSmtpMailer({ url: smtp.url.replace('s3cret', 'wrong'), from: 'no-reply@exemple.fr' });
    await expect(mailer.send({ to: 'x@exemple.fr', subject: 'x', text: 'x', links: [] })).rejects.toThrow();
    await mailer.close?.();
  });

  describe.each(testDatabaseKinds())('sign-up with SMTP_URL set on %s', (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        PUBLIC_URL: 'http://localhost:3000',
        PASSWORD_HASH_LOG_N: '10',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Pilote Énergie <bonjour@exemple.fr>',
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sends the verification mail over SMTP and the link verifies the address', async () => {
      const email = `smtp-${kind}@exemple.fr`;
      const client = new HttpClient(t.app);
      const signUp = await client.post('/api/auth/sign-up/email', { email, password: 'Correct-Horse-9' });
      expect(signUp.statusCode).toBe(200);
      const mail = await waitFor(() => smtp.received.find((item) => item.to.includes(email)));
      expect(mail.from).toBe('bonjour@exemple.fr');
      const link = decodeQuotedPrintable(mail.raw).match(
        /http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+/,
      )?.[0];
      expect(link).toBeDefined();
      const url = new URL(link ?? '');
      expect((await client.get(`${url.pathname}${url.search}`)).statusCode).toBe(302);
      const signIn = await client.post('/api/auth/sign-in/email', { email, password: 'Correct-Horse-9' });
      expect(signIn.statusCode).toBe(200);
      // Nothing went to the outbox.
      expect(await t.database.handle.db.select().from(mailOutbox)).toEqual([]);
    });
  });
});
