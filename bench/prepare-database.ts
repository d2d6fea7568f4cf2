/**
 * Prepares the database of a server under benchmark before it starts (bench/shipped-server.ts), with the source
 * tree the server was built from (argv[2]): opens the database the configuration names (DATA_DIR's PGlite, or
 * DATABASE_URL) as the server would, applies the migrations, adds a verified user on an unlimited plan (the free
 * tier's monthly simulations would turn the run into 429s; the quota is still taken on every simulation), closes.
 * `--portfolio SITES DAYS` (argv[5..7]) also gives the user's organisation SITES sites (PITD GD1057, T4, a CJA each)
 * with DAYS days of readings each, as bench/portfolio-run.ts seeds them (bench/portfolio-run-http.ts).
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
const { eq, sql } = await import('drizzle-orm');
const portfolio =
  process.argv[5] === '--portfolio' ? { sites: Number(process.argv[6]), days: Number(process.argv[7]) } : null;

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
    const org = memberships[0]?.id;
    if (portfolio && org) {
      await handle.db.execute(sql`insert into sites (id, organisation_id, created_by, name, pce, point_type, point_code, option, cja, tags)
        select 'site-' || i, ${org}, ${user.id}, 'Site ' || i, lpad(i::text, 14, '0'), 'PITD', 'GD1057', 'T4', 80 + (i % 60), '{}'
        from generate_series(1, ${portfolio.sites}) i`);
      await handle.db.execute(sql`insert into consumption_datasets (id, user_id, organisation_id, pce, source_format, unit)
        select 'ds-' || i, ${user.id}, ${org}, lpad(i::text, 14, '0'), 'simple', 'kWh' from generate_series(1, ${portfolio.sites}) i`);
      await handle.db.execute(sql`insert into consumption_readings (dataset_id, date, kwh, quality)
        select 'ds-' || i, date '2025-10-01' + d, round(60000 + 40000 * cos(2 * pi() * (d + 92) / 365) + (i % 97) * 100), 'mesure'
        from generate_series(1, ${portfolio.sites}) i, generate_series(0, ${portfolio.days - 1}) d`);
    }
  }
} finally {
  await handle.close();
}
