/**
 * CPU of one simulation insert on PGlite, in this process (`npx tsx bench/simulation-insert.ts`): the same result
 * stored with its sources on every line (the shape before ADR 0041) and with each source once, in alternating rounds
 * (7 × 300 inserts, median). The statement ADR 0038 found proportional to the bytes, measured apart from the HTTP
 * route so that a loaded machine moves both shapes alike.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { organisationMembers, users } from '../apps/server/src/db/schema.ts';
import { simulationInserter } from '../apps/server/src/modules/simulator/repository.ts';
import { sourceList } from '../packages/contracts/src/index.ts';
import { referenceCaseInput, simulate } from '../packages/tariffs/src/index.ts';

const handle = await openDatabase({});
await runMigrations(handle);
const db = handle.db;
const userId = randomUUID();
await db
  .insert(users)
  .values({ id: userId, name: 'B', email: 'b@exemple.fr', emailVerified: true, role: 'user' } as never);
// Every user gets a personal organisation (a trigger on users, ADR 0061): the simulations are stored in it (ADR 0066).
const [membership] = await db
  .select({ organisationId: organisationMembers.organisationId })
  .from(organisationMembers)
  .where(eq(organisationMembers.userId, userId));
if (!membership) {
  throw new Error('no personal organisation for the bench user');
}
const organisationId = membership.organisationId;
const insert = simulationInserter(db);
// The T4 of issue 4's acceptance scenario (CJA 109 MWh/j, February 2026), as the admin panel's reference case.
const result = simulate(referenceCaseInput('T4'), '2026-02-01');
const base = {
  dateEffet: result.dateEffet,
  mensuel: result.mensuel,
  annuel: result.annuel,
  parMwh: result.parMwh,
  warnings: result.warnings,
  gridDates: result.gridDates,
  usedSampleData: false,
  hasEstimates: true,
  referentiel: { ntr: 2 },
};
const oldShape = { ...base, lignes: result.lignes.map((l) => ({ ...l, sources: [...l.sources] })) };
const list = sourceList();
const newShape = {
  ...base,
  lignes: result.lignes.map(({ sources, ...l }) => ({ ...l, sourceIndices: list.indicesOf(sources) })),
  sources: list.sources,
};
console.log('bytes', JSON.stringify(oldShape).length, JSON.stringify(newShape).length);
const row = (r: unknown) => ({
  id: randomUUID(),
  userId,
  organisationId,
  pointDeReseau: 'PITD',
  input: { form: {} },
  result: r as Record<string, unknown>,
  gridDates: { ...result.gridDates },
  dateEffet: '2026-02-01',
  usedSampleData: false,
  createdAt: new Date(),
});
async function round(r: unknown, n: number) {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i += 1) {
    await insert(row(r));
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / n;
}
await round(oldShape, 100);
await round(newShape, 100);
const before: number[] = [];
const after: number[] = [];
for (let k = 0; k < 7; k++) {
  before.push(await round(oldShape, 300));
  after.push(await round(newShape, 300));
}
const med = (a: number[]) => ([...a].sort((x, y) => x - y)[3] as number).toFixed(3);
console.log('CPU ms per insert, median of 7 rounds of 300: old shape', med(before), 'shared sources', med(after));
console.log('rounds old', before.map((x) => x.toFixed(3)).join(' '), '| new', after.map((x) => x.toFixed(3)).join(' '));
await handle.close();
