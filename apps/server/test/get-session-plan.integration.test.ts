/**
 * GET /api/auth/get-session reports the tier that applies now, as GET /api/account/me does (ADR 0078): the active
 * organisation's plan, an administrator's admin tier — never the stored users.tier, which is no longer the plan. The
 * public pages' « Essai gratuit » link and the settings page's first paint read it (web lib/session-hint.ts,
 * lib/session.ts). Whatever carries the session — a cookie, a bearer token, a session due for its daily refresh —
 * and a signed-out caller still gets better-auth's `null`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeOrganisations,
  businessTrials,
  organisationMembers,
  organisations,
  sessions,
  users,
} from '../src/db/schema.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { sessionAnswer } from '../src/modules/auth/session-routes.ts';
import { HttpClient } from './helpers/http-client.ts';
import { personalOrganisationOf } from './helpers/organisations.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Correct-Horse-9';
const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/auth/get-session and the organisation plan', () => {
  let t: TestApp;
  let counter = 0;
  let passwordHash: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { PASSWORD_HASH_LOG_N: '10', AUTH_RATE_LIMIT_MAX: '1000' });
    passwordHash = await createPasswordHasher(10).hash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(role: 'user' | 'admin' = 'user'): Promise<{ client: HttpClient; id: string }> {
    counter += 1;
    const email = `session-plan${counter}@exemple.fr`;
    const user = await insertVerifiedUser(t.database.handle.db, { email, name: `Léa ${counter}`, role, passwordHash });
    const client = new HttpClient(t.app);
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    return { client, id: user.id };
  }

  /** The tier of the session answer (checked against the documented schema), and the one /api/account/me gives. */
  async function tiers(client: HttpClient): Promise<{ session: string; me: string }> {
    const session = await client.get('/api/auth/get-session');
    expect(session.statusCode, session.body).toBe(200);
    const parsed = sessionAnswer.parse(session.json());
    const me = await client.get('/api/account/me');
    expect(me.statusCode, me.body).toBe(200);
    return { session: String(parsed?.user.tier), me: me.json<{ user: { tier: string } }>().user.tier };
  }

  /** A member (not an owner) of a Premium organisation, active in it; their own personal organisation is free. */
  async function memberOfPremium(): Promise<{ client: HttpClient; id: string; premium: string; personal: string }> {
    const db = t.database.handle.db;
    const owner = await signedIn();
    const premium = await personalOrganisationOf(db, owner.id);
    await db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, premium));
    const member = await signedIn();
    const personal = await personalOrganisationOf(db, member.id);
    await db.insert(organisationMembers).values({ organisationId: premium, userId: member.id, role: 'member' });
    await db
      .insert(activeOrganisations)
      .values({ userId: member.id, organisationId: premium })
      .onConflictDoUpdate({ target: activeOrganisations.userId, set: { organisationId: premium } });
    // A stale stored tier: ADR 0078 no longer reads it.
    await db.update(users).set({ tier: 'basic' }).where(eq(users.id, member.id));
    return { ...member, premium, personal };
  }

  it('is the active organisation plan for a member of a Premium organisation, followed when they switch', async () => {
    const { client, personal } = await memberOfPremium();
    expect(await tiers(client)).toEqual({ session: 'premium', me: 'premium' });

    const switched = await client.request('PUT', '/api/organisations/active', { organisationId: personal });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await tiers(client)).toEqual({ session: 'free', me: 'free' });
  });

  it('is the same for a bearer client and for a session due for its daily refresh (its cookie still renewed)', async () => {
    const { client, id } = await memberOfPremium();
    const cookieName = client.sessionCookie() as string;
    const api = new HttpClient(t.app);
    api.bearer = decodeURIComponent(client.cookies.get(cookieName) as string);
    expect(await tiers(api)).toEqual({ session: 'premium', me: 'premium' });

    // Created more than a day ago (6 days and 23 h left): better-auth extends it and sets the cookie again.
    await t.database.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 6 * DAY - 60 * 60 * 1000) })
      .where(eq(sessions.userId, id));
    const refreshed = await client.get('/api/auth/get-session');
    expect(refreshed.statusCode).toBe(200);
    expect(String(refreshed.headers['set-cookie'])).toContain(`${cookieName}=`);
    expect(refreshed.json().user).toMatchObject({ id, tier: 'premium' });
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('is admin for an administrator, free once a trial has ended, and null when signed out', async () => {
    const db = t.database.handle.db;
    const admin = await signedIn('admin');
    // An administrator made before ADR 0047's rule: admin role, free tier stored. The role gives the tier.
    await db.update(users).set({ tier: 'free' }).where(eq(users.id, admin.id));
    await db
      .update(organisations)
      .set({ tier: 'basic' })
      .where(eq(organisations.id, await personalOrganisationOf(db, admin.id)));
    expect(await tiers(admin.client)).toEqual({ session: 'admin', me: 'admin' });

    const trialist = await signedIn();
    const organisationId = await personalOrganisationOf(db, trialist.id);
    await db.update(organisations).set({ tier: 'business_trial' }).where(eq(organisations.id, organisationId));
    const ended = new Date(Date.now() - DAY);
    await db
      .insert(businessTrials)
      .values({ organisationId, userId: trialist.id, startedAt: new Date(ended.getTime() - 14 * DAY), endsAt: ended });
    expect(await tiers(trialist.client)).toEqual({ session: 'free', me: 'free' });

    const signedOut = await new HttpClient(t.app).get('/api/auth/get-session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toBeNull();
    expect(sessionAnswer.parse(signedOut.json())).toBeNull();
  });
});
