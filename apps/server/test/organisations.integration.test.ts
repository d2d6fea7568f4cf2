/** Organisations, members, invitations (issue #24 §1, ADR 0061): the permission matrix of docs/permissions.md. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { pathOf, waitForMail } from './helpers/outbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
/** Danone SA: a real SIREN and its VAT number. */
const SIREN = '552032534';
const VAT = 'FR27552032534';

describe.each(testDatabaseKinds())('organisations on %s', (kind) => {
  let t: TestApp;
  let passwordHash: string;
  let counter = 0;

  async function user(label: string): Promise<{ client: HttpClient; id: string; email: string }> {
    counter += 1;
    const email = `${label.toLowerCase().replace(/\W+/g, '-')}-${counter}@exemple.fr`;
    const row = await insertVerifiedUser(t.database.handle.db, { email, name: label, role: 'user', passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: row.id, email };
  }

  /** An organisation of `owner` with one member per role given, each signed in. */
  async function team(roles: ('admin' | 'member' | 'viewer')[]) {
    const owner = await user('owner');
    const created = await owner.client.post('/api/organisations/', { name: 'Laiterie Martin' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const others = [];
    for (const role of roles) {
      const other = await user(role);
      const invited = await owner.client.post(`/api/organisations/${id}/invitations`, { email: other.email, role });
      expect(invited.statusCode, invited.body).toBe(201);
      const mail = await waitForMail(t.database.handle.db, other.email, 'Invitation');
      const token = new URL(mail.links[0] as string).searchParams.get('token');
      const accepted = await other.client.post('/api/organisations/invitations/accept', { token });
      expect(accepted.statusCode, accepted.body).toBe(200);
      others.push(other);
    }
    return { id, owner, others };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every new user a personal organisation they own, active from the start', async () => {
    const alice = await user('Alice Martin');
    const active = await alice.client.get('/api/organisations/active');
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({ name: 'Alice Martin', role: 'owner', memberCount: 1, siren: null });
    const list = (await alice.client.get('/api/organisations/')).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.items[0].id).toBe(active.json().id);
    expect((await new HttpClient(t.app).get('/api/organisations/')).statusCode).toBe(401);
  });

  it('creates an organisation with a Luhn-checked SIREN and the VAT number that matches it, and refuses bad ones in French', async () => {
    const alice = await user('alice');
    const created = await alice.client.post('/api/organisations/', {
      name: '  Laiterie Martin SAS ',
      siren: '552 032 534',
      vatNumber: 'fr 27 552032534',
      address: {
        label: '8 Boulevard du Port 80000 Amiens',
        address: '8 Boulevard du Port',
        postal_code: '80000',
        city: 'Amiens',
        citycode: '80021',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Laiterie Martin SAS', siren: SIREN, vatNumber: VAT, role: 'owner' });
    expect((await alice.client.get('/api/organisations/active')).json().id).toBe(created.json().id);

    const refused = async (body: Record<string, unknown>) => {
      const response = await alice.client.post('/api/organisations/', { name: 'X', ...body });
      expect(response.statusCode).toBe(400);
      return response
        .json()
        .details.map((detail: { message: string }) => detail.message)
        .join(' | ');
    };
    expect(await refused({ name: '' })).toContain('nom de l’organisation');
    expect(await refused({ name: 'x'.repeat(121) })).toContain('120 caractères');
    expect(await refused({ siren: '55203253' })).toContain('9 chiffres');
    expect(await refused({ siren: '552032535' })).toContain('n’est pas valide');
    expect(await refused({ vatNumber: 'FR28552032534' })).toContain('clé');
    expect(await refused({ vatNumber: 'DE123456789' })).toContain('FR suivi de 11 chiffres');
    // 732829320: another valid SIREN; the VAT number names a different company.
    expect(await refused({ siren: '732829320', vatNumber: VAT })).toContain('ne correspond pas au SIREN');
  });

  it('answers 404 for the ids of an organisation the caller is not a member of, on every route', async () => {
    const { id } = await team([]);
    const stranger = await user('stranger');
    const c = stranger.client;
    for (const response of [
      await c.get(`/api/organisations/${id}`),
      await c.patch(`/api/organisations/${id}`, { name: 'Volée' }),
      await c.request('DELETE', `/api/organisations/${id}`),
      await c.get(`/api/organisations/${id}/members`),
      await c.get(`/api/organisations/${id}/invitations`),
      await c.post(`/api/organisations/${id}/invitations`, { email: 'x@exemple.fr', role: 'member' }),
      await c.post(`/api/organisations/${id}/leave`),
      await c.request('PUT', '/api/organisations/active', { organisationId: id }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('lets viewers and members read, and only admins and owners manage identity, members and invitations (403 in French)', async () => {
    const { id, owner, others } = await team(['admin', 'member', 'viewer']);
    const [admin, member, viewer] = others as [typeof owner, typeof owner, typeof owner];
    for (const reader of [viewer, member]) {
      expect((await reader.client.get(`/api/organisations/${id}`)).statusCode).toBe(200);
      const members = (await reader.client.get(`/api/organisations/${id}/members`)).json();
      expect(members.total).toBe(4);
      expect(members.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member', 'viewer']);
      const patch = await reader.client.patch(`/api/organisations/${id}`, { name: 'Nouveau nom' });
      expect(patch.statusCode).toBe(403);
      expect(patch.json().error).toBe(
        'Seuls les administrateurs et propriétaires de l’organisation peuvent faire cela.',
      );
      expect((await reader.client.get(`/api/organisations/${id}/invitations`)).statusCode).toBe(403);
      expect(
        (await reader.client.post(`/api/organisations/${id}/invitations`, { email: 'z@exemple.fr', role: 'viewer' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await reader.client.patch(`/api/organisations/${id}/members/${owner.id}`, { role: 'viewer' })).statusCode,
      ).toBe(403);
    }
    // Admins edit the identity and manage non-owners, but neither delete, transfer nor touch owners.
    const renamed = await admin.client.patch(`/api/organisations/${id}`, { name: 'Laiterie Martin', siren: SIREN });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().siren).toBe(SIREN);
    expect(
      (await admin.client.patch(`/api/organisations/${id}/members/${viewer.id}`, { role: 'member' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.client.patch(`/api/organisations/${id}/members/${member.id}`, { role: 'owner' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.patch(`/api/organisations/${id}/members/${owner.id}`, { role: 'admin' })).statusCode,
    ).toBe(403);
    expect((await admin.client.request('DELETE', `/api/organisations/${id}/members/${owner.id}`)).statusCode).toBe(403);
    const deleted = await admin.client.request('DELETE', `/api/organisations/${id}`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error).toBe('Seuls les propriétaires de l’organisation peuvent faire cela.');
    expect((await admin.client.post(`/api/organisations/${id}/transfer`, { userId: member.id })).statusCode).toBe(403);
    // Removal: the removed member loses access at once.
    expect((await admin.client.request('DELETE', `/api/organisations/${id}/members/${viewer.id}`)).statusCode).toBe(
      200,
    );
    expect((await viewer.client.get(`/api/organisations/${id}`)).statusCode).toBe(404);
    // The owner deletes it; members see 404.
    expect((await owner.client.request('DELETE', `/api/organisations/${id}`)).statusCode).toBe(200);
    expect((await member.client.get(`/api/organisations/${id}`)).statusCode).toBe(404);
  });

  it('always keeps an owner: the last owner can neither leave, be demoted nor delete their only organisation; a transfer keeps them admin', async () => {
    const { id, owner, others } = await team(['member']);
    const [member] = others as [typeof owner];
    const leave = await owner.client.post(`/api/organisations/${id}/leave`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error).toContain('au moins un propriétaire');
    expect(
      (await owner.client.patch(`/api/organisations/${id}/members/${owner.id}`, { role: 'admin' })).statusCode,
    ).toBe(409);
    expect((await owner.client.post(`/api/organisations/${id}/transfer`, { userId: member.id })).statusCode).toBe(200);
    const roles = (await owner.client.get(`/api/organisations/${id}/members`)).json().items;
    expect(roles.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [member.id, 'owner'],
      [owner.id, 'admin'],
    ]);
    // The former owner may now leave; the member-turned-owner stays.
    expect((await owner.client.post(`/api/organisations/${id}/leave`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/organisations/${id}`)).statusCode).toBe(404);

    const solo = await user('solo');
    const personal = (await solo.client.get('/api/organisations/active')).json().id;
    const only = await solo.client.request('DELETE', `/api/organisations/${personal}`);
    expect(only.statusCode).toBe(409);
    expect(only.json().error).toBe('Vous ne pouvez pas supprimer votre seule organisation.');
  });

  it('lets two owners demoting each other at once leave exactly one owner', async () => {
    const { id, owner, others } = await team(['admin']);
    const [second] = others as [typeof owner];
    expect(
      (await owner.client.patch(`/api/organisations/${id}/members/${second.id}`, { role: 'owner' })).statusCode,
    ).toBe(200);
    const answers = await Promise.all([
      owner.client.patch(`/api/organisations/${id}/members/${second.id}`, { role: 'admin' }),
      second.client.patch(`/api/organisations/${id}/members/${owner.id}`, { role: 'admin' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const members = (await owner.client.get(`/api/organisations/${id}/members`)).json().items;
    expect(members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
  });

  it('invites by a single-use 7-day link that only the invited address can accept, and lists and revokes pending invitations', async () => {
    const { id, owner } = await team([]);
    const invitee = await user('invitee');
    const intruder = await user('intruder');
    const before = Date.now();
    const created = await owner.client.post(`/api/organisations/${id}/invitations`, {
      email: ` ${invitee.email.toUpperCase()} `,
      role: 'viewer',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().email).toBe(invitee.email);
    const expiresIn = Date.parse(created.json().expiresAt) - before;
    expect(Math.round(expiresIn / 86_400_000)).toBe(7);
    const mail = await waitForMail(t.database.handle.db, invitee.email, 'Invitation à rejoindre Laiterie Martin');
    const link = mail.links[0] as string;
    expect(pathOf(link)).toMatch(/^\/invitation\?token=[\w-]{43}$/);
    const token = new URL(link).searchParams.get('token') as string;

    const preview = await new HttpClient(t.app).get(`/api/organisations/invitations/preview?token=${token}`);
    expect(preview.json()).toMatchObject({ organisationName: 'Laiterie Martin', role: 'viewer', status: 'pending' });
    expect((await owner.client.get(`/api/organisations/${id}/invitations`)).json().total).toBe(1);

    const wrong = await intruder.client.post('/api/organisations/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toContain('une autre adresse e-mail');
    const accepted = await invitee.client.post('/api/organisations/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id, role: 'viewer', memberCount: 2 });
    expect((await invitee.client.get('/api/organisations/active')).json().id).toBe(id);
    expect((await invitee.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(409);
    expect((await owner.client.get(`/api/organisations/${id}/invitations`)).json().total).toBe(0);
    const again = await owner.client.post(`/api/organisations/${id}/invitations`, {
      email: invitee.email,
      role: 'member',
    });
    expect(again.statusCode).toBe(409);

    // Revoked: the link no longer works.
    const third = await owner.client.post(`/api/organisations/${id}/invitations`, {
      email: intruder.email,
      role: 'member',
    });
    const thirdMail = await waitForMail(t.database.handle.db, intruder.email, 'Invitation');
    const thirdToken = new URL(thirdMail.links[0] as string).searchParams.get('token');
    expect(
      (await owner.client.request('DELETE', `/api/organisations/${id}/invitations/${third.json().id}`)).statusCode,
    ).toBe(200);
    const revoked = await intruder.client.post('/api/organisations/invitations/accept', { token: thirdToken });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().error).toBe('Cette invitation a été annulée.');
    expect(
      (await intruder.client.post('/api/organisations/invitations/accept', { token: 'x'.repeat(43) })).statusCode,
    ).toBe(404);
  });

  it('remembers the chosen organisation server-side, and checks CSRF on changes', async () => {
    const alice = await user('alice');
    const personal = (await alice.client.get('/api/organisations/active')).json().id;
    const other = (await alice.client.post('/api/organisations/', { name: 'Deuxième' })).json().id;
    expect((await alice.client.get('/api/organisations/active')).json().id).toBe(other);
    const switched = await alice.client.request('PUT', '/api/organisations/active', { organisationId: personal });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await alice.client.get('/api/organisations/active')).json().id).toBe(personal);
    const noCsrf = await alice.client.request(
      'PUT',
      '/api/organisations/active',
      { organisationId: other },
      {
        'x-csrftoken': 'forged',
      },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await alice.client.get('/api/organisations/active')).json().id).toBe(personal);
    // Leaving the active one falls back to another of the user's organisations.
    const { id, owner } = await team([]);
    await owner.client.post(`/api/organisations/${id}/invitations`, { email: alice.email, role: 'member' });
    const mail = await waitForMail(t.database.handle.db, alice.email, 'Invitation');
    const token = new URL(mail.links[0] as string).searchParams.get('token');
    expect((await alice.client.post('/api/organisations/invitations/accept', { token })).statusCode).toBe(200);
    expect((await alice.client.post(`/api/organisations/${id}/leave`)).statusCode).toBe(200);
    expect((await alice.client.get('/api/organisations/active')).json().id).toBe(personal);
  });
});
