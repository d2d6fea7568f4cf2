/**
 * What deleting goes with (ADR 0079): deleting an organisation deletes its audits' uploaded invoices from object
 * storage (not only their rows), and leaves the other organisations' files alone.
 */

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectKey } from '../src/adapters/storage/index.ts';
import { rowsOf } from '../src/db/client.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const PDF = Buffer.from('%PDF-1.7\n% facture\n%%EOF\n');

describe.each(testDatabaseKinds())('deleting an organisation on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let alice: HttpClient;
  let aliceId = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pe-org-delete-'));
    t = await createTestApp(kind, {
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    aliceId = (
      await insertVerifiedUser(t.database.handle.db, {
        email: 'alice@exemple.fr',
        name: 'Alice',
        role: 'user',
        passwordHash,
      })
    ).id;
    alice = new HttpClient(t.app);
    expect(
      (await alice.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An uploaded invoice and its done audit in the organisation. */
  async function audit(organisationId: string): Promise<string> {
    const uri = await t.app.storage.put(objectKey('audits', 'pdf'), PDF, 'application/pdf');
    await t.database.handle.db.execute(sql`insert into audits (id, user_id, organisation_id, file_name, declared_mime,
        format, size_bytes, storage_uri, status)
      values (${randomUUID()}, ${aliceId}, ${organisationId}, 'facture.pdf', 'application/pdf', 'pdf', ${PDF.length}, ${uri}, 'done')`);
    return uri;
  }

  const exists = async (uri: string) => (await t.app.storage.stat(uri)) !== undefined;

  it('deletes the audits’ uploaded files with the organisation, and only its own', async () => {
    const created = await alice.post('/api/organisations/', { name: 'Laiterie Martin' });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json().id as string;
    const companyFiles = [await audit(company), await audit(company)];
    const personalFile = await audit(await personalOrganisationOf(t.database.handle.db, aliceId));
    // One file already gone from storage does not stop the others (nor the deletion).
    await t.app.storage.delete(companyFiles[0] as string);
    const gone = await alice.request('DELETE', `/api/organisations/${company}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await exists(companyFiles[1] as string)).toBe(false);
    expect(await exists(personalFile)).toBe(true);
    const rows = await rowsOf<{ n: number }>(
      t.database.handle.db,
      sql`select count(*)::int as n from audits where organisation_id = ${company}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
