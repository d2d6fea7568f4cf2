/**
 * « Rattacher à un site » (issue #24 §2, ADR 0079): an audited invoice is saved to a site of its organisation by a
 * member (the site page lists it), never by a viewer (403), and another organisation's audit or site is unknown (404).
 */

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const site = (pce: string) => ({
  name: 'Usine de Laval',
  pce,
  pointType: 'PITD',
  pointCode: 'GD1057',
  option: 'T4',
  profile: null,
  car: '18 000',
  cja: 100,
  ntr: 2,
  supplier: 'Engie',
  contractEndDate: null,
  tags: [],
});

describe.each(testDatabaseKinds())('attaching an audit to a site on %s', (kind) => {
  let t: TestApp;
  let passwordHash = '';

  async function user(email: string) {
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: email, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id };
  }

  async function audit(userId: string, organisationId: string): Promise<string> {
    const id = randomUUID();
    await t.database.handle.db.execute(sql`insert into audits (id, user_id, organisation_id, file_name, declared_mime,
        format, size_bytes, storage_uri, status, report)
      values (${id}, ${userId}, ${organisationId}, 'facture.pdf', 'application/pdf', 'pdf', 10, ${`local:audits/${id}.pdf`},
        'done', ${JSON.stringify({ overBilledEuros: 12.5, findings: [{ severity: 'anomalie' }] })}::jsonb)`);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves a member’s audit to a site of the organisation, 403 for a viewer, 404 across organisations', async () => {
    const owner = await user('owner@exemple.fr');
    const viewer = await user('viewer@exemple.fr');
    const stranger = await user('stranger@exemple.fr');
    const organisationId = await personalOrganisationOf(t.database.handle.db, owner.id);
    await owner.client.post(`/api/organisations/${organisationId}/invitations`, {
      email: 'viewer@exemple.fr',
      role: 'viewer',
    });
    const mail = await waitForMail(t.database.handle.db, 'viewer@exemple.fr', 'Invitation');
    const token = new URL(mail.links[0] as string).searchParams.get('token');
    expect((await viewer.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(200);
    const created = await owner.client.post('/api/sites/', site('12345678901234'));
    expect(created.statusCode, created.body).toBe(201);
    const siteId = created.json().id as string;
    const auditId = await audit(owner.id, organisationId);
    const foreignAudit = await audit(stranger.id, await personalOrganisationOf(t.database.handle.db, stranger.id));
    const foreignSite = (await stranger.client.post('/api/sites/', site('22345678901234'))).json().id as string;

    // Not saved to a site yet: its detail says so.
    expect((await owner.client.get(`/api/audits/${auditId}/`)).json().site).toBeNull();
    expect((await viewer.client.request('PUT', `/api/sites/${siteId}/audits/${auditId}`)).statusCode).toBe(403);
    expect((await owner.client.request('PUT', `/api/sites/${siteId}/audits/${foreignAudit}`)).statusCode).toBe(404);
    expect((await owner.client.request('PUT', `/api/sites/${foreignSite}/audits/${auditId}`)).statusCode).toBe(404);
    const attached = await owner.client.request('PUT', `/api/sites/${siteId}/audits/${auditId}`);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toEqual({ siteId, auditId });

    const rows = await rowsOf<{ id: string; site_id: string | null }>(
      t.database.handle.db,
      sql`select id, site_id from audits where id in (${auditId}, ${foreignAudit}) order by id = ${auditId} desc`,
    );
    expect(rows).toEqual([
      { id: auditId, site_id: siteId },
      { id: foreignAudit, site_id: null },
    ]);
    const activity = (await viewer.client.get(`/api/sites/${siteId}/activity`)).json();
    expect(activity.audits.map((item: { id: string }) => item.id)).toEqual([auditId]);
    // The audit's own page names its site (« Site : … »), for every member; the stranger's audit has none.
    const detail = await viewer.client.get(`/api/audits/${auditId}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().site).toEqual({ id: siteId, name: created.json().name });
    expect((await stranger.client.get(`/api/audits/${foreignAudit}/`)).json().site).toBeNull();
  });
});
