/**
 * Prepares the database of a server under benchmark before it starts (bench/shipped-server.ts), with the source
 * tree the server was built from (argv[2]): opens the database the configuration names (DATA_DIR's PGlite, or
 * DATABASE_URL) as the server would, applies the migrations, adds a verified user on an unlimited plan (the free
 * tier's monthly simulations would turn the run into 429s; the quota is still taken on every simulation), closes.
 * Prints nothing; exits 0 when done.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const email = process.argv[3] ?? 'bench@exemple.fr';
const password = process.argv[4] ?? 'Correct-Horse-9';
const server = (file: string) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;

const { loadConfig } = await import(server('config/env.ts'));
const { openAndMigrate } = await import(server('db/open-configured.ts'));
const { insertVerifiedUser } = await import(server('modules/admin/repository.ts'));
const { createPasswordHasher } = await import(server('modules/auth/password.ts'));
const schema = await import(server('db/schema.ts'));
const { users } = schema;
const { eq } = await import('drizzle-orm');

const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
const handle = await openAndMigrate(config, 'bench', { thread: false });
try {
  const passwordHash = await createPasswordHasher(config.passwordHashLogN).hash(password);
  const user = await insertVerifiedUser(handle.db, { email, name: 'Bench', role: 'user', passwordHash });
  await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, user.id));
  // Since ADR 0078 the plan is the organisation's (users.tier no longer lifts a quota): the user's organisations are
  // put on Premium (simulations « Illimité »), in the trees that have organisations.tier.
  if (schema.organisations && 'tier' in schema.organisations) {
    const { organisationMembers, organisations } = schema;
    const memberships = await handle.db
      .select({ id: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id));
    for (const membership of memberships) {
      await handle.db.update(organisations).set({ tier: 'premium' }).where(eq(organisations.id, membership.id));
    }
  }
} finally {
  await handle.close();
}
