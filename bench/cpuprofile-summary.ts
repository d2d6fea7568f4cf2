/**
 * Self time of a V8 CPU profile (.cpuprofile: `node --cpu-prof`, or bench/api-cpu.ts with BENCH_CPU_PROFILE),
 * summed by function and by module (an npm package, a workspace package, a folder of apps/server/src, Node's
 * internals, the garbage collector…). A flame graph in numbers: where a request's CPU goes.
 *
 *   npx tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top = 25]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The module a script belongs to, from its URL. */
export function moduleOf(url: string): string {
  if (url === '') {
    return '(native / V8)';
  }
  if (url.startsWith('node:')) {
    return 'node (internals)';
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const packages = url.match(/\/packages\/([^/]+)\//);
  if (packages) {
    return `@pilote/${packages[1]}`;
  }
  const server = url.match(/\/apps\/server\/src\/(.+)$/);
  if (server) {
    const parts = (server[1] as string).split('/');
    return `server/${parts.length > 2 ? parts.slice(0, 2).join('/') : parts.join('/')}`;
  }
  return url;
}

export interface Summary {
  totalMs: number;
  byFunction: [string, number][];
  byModule: [string, number][];
}

export function summarise(profile: Profile): Summary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const frame = (nodes.get(id) as ProfileNode).callFrame;
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') {
      continue;
    }
    total += us;
    const where = frame.url ? `${moduleOf(frame.url)} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}` : '';
    const fn = `${name} ${where}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const module = name.startsWith('(') && !frame.url ? name : moduleOf(frame.url);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>) =>
    [...map.entries()].map(([k, v]) => [k, v / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  return { totalMs: total / 1000, byFunction: sorted(byFunction), byModule: sorted(byModule) };
}

export function printSummary(summary: Summary, top = 25, perRequest = 1): void {
  const pct = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1).padStart(5)} %`;
  const ms = (value: number) => (value / perRequest).toFixed(3).padStart(8);
  const unit = perRequest === 1 ? 'ms' : 'ms/req';
  console.log(`  busy ${summary.totalMs.toFixed(0)} ms (idle excluded)`);
  console.log(`  by module (${unit}):`);
  for (const [name, value] of summary.byModule.slice(0, top)) {
    console.log(`    ${ms(value)} ${pct(value)}  ${name}`);
  }
  console.log(`  by function (${unit}):`);
  for (const [name, value] of summary.byFunction.slice(0, top)) {
    console.log(`    ${ms(value)} ${pct(value)}  ${name}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  printSummary(summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile), Number(process.argv[3] ?? 25));
}
