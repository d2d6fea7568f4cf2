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
const { users } = await import(server('db/schema.ts'));
const { eq } = await import('drizzle-orm');

const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
const handle = await openAndMigrate(config, 'bench', { thread: false });
try {
  const passwordHash = await createPasswordHasher(config.passwordHashLogN).hash(password);
  const user = await insertVerifiedUser(handle.db, { email, name: 'Bench', role: 'user', passwordHash });
  await handle.db.update(users).set({ tier: 'admin' }).where(eq(users.id, user.id));
} finally {
  await handle.close();
}
