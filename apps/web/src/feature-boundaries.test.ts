/**
 * Features stand side by side (ADR 0058): a file under `src/features/<name>/` imports another feature only through
 * its public entry `features/<other>/index.ts`, never a file inside it. Biome enforces it (`noRestrictedImports`
 * overrides in apps/web/biome.json, one per folder depth). This test lints small probe files placed inside the
 * features — forbidden imports and allowed ones — with the project's Biome and configuration files, and expects
 * exactly the forbidden ones to fail, so the rule cannot silently stop working (a dropped override, a nested
 * biome.json, a Biome upgrade that changes pattern matching, a new feature folder).
 *
 * As the server's dependency-rule probes (apps/server/test/dependency-rules.test.ts), the probes are written in a
 * temporary mirror of the repository holding every biome.json at its own path: the same configuration applies, and
 * a `biome check .` running meanwhile never sees a probe.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
const features = 'apps/web/src/features';
const tag = randomUUID().slice(0, 8);
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);
const RULE = 'lint/style/noRestrictedImports';

/** Every Biome configuration file of the repository, as paths relative to its root. */
async function biomeConfigs(dir = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) {
      found.push(...(await biomeConfigs(relative)));
    } else if (entry.isFile() && (entry.name === 'biome.json' || entry.name === 'biome.jsonc')) {
      found.push(relative);
    }
  }
  return found;
}

interface Probe {
  name: string;
  /** Folder inside the repository where the probe file is written. */
  dir: string;
  /** `.ts` unless said otherwise (a component, a test). */
  extension?: string;
  source: string;
  /** True when Biome must reject the file, false when it must lint clean. */
  rejected: boolean;
}

const probes: Probe[] = [
  {
    name: 'a component importing another feature’s component',
    dir: `${features}/admin/components`,
    extension: '.tsx',
    source:
      "import { MandateStatusBadge } from '../../mandates/components/mandate-status-badge.tsx';\nexport const probe = MandateStatusBadge;\n",
    rejected: true,
  },
  {
    name: 'an api module importing another feature’s query',
    dir: `${features}/simulator/api`,
    source:
      "import { getNetworkOptions } from '../../network-options/api/get-network-options.ts';\nexport const probe = getNetworkOptions;\n",
    rejected: true,
  },
  {
    name: 'a type-only import of another feature’s internals',
    dir: `${features}/optimisation/utils`,
    source:
      "import type { CommuneChoice } from '../../network-options/utils/communes.ts';\nexport type Probe = CommuneChoice;\n",
    rejected: true,
  },
  {
    name: 'a re-export of another feature’s internals',
    dir: `${features}/admin/components`,
    source: "export { AccountCard } from '../../account/components/account-card.tsx';\n",
    rejected: true,
  },
  {
    name: 'a dynamic import of another feature’s internals',
    dir: `${features}/private-area/components`,
    source: "export const probe = () => import('../../build-info/api/get-runtime-info.ts');\n",
    rejected: true,
  },
  {
    name: 'a test importing another feature’s internals',
    dir: `${features}/tariff-data/components`,
    extension: '.test.tsx',
    source: "import { useSplash } from '../../private-area/hooks/use-splash.ts';\nexport const probe = useSplash;\n",
    rejected: true,
  },
  {
    name: 'a file at the top of a feature importing another feature’s internals',
    dir: `${features}/tariffs`,
    source:
      "import { getStoredTariffValues } from '../tariff-data/api/get-stored-tariff-values.ts';\nexport const probe = getStoredTariffValues;\n",
    rejected: true,
  },
  {
    name: 'a file three folders deep importing another feature’s internals',
    dir: `${features}/simulator/components/probe-depth`,
    source:
      "import { communesOf } from '../../../network-options/utils/communes.ts';\nexport const probe = communesOf;\n",
    rejected: true,
  },
  {
    name: 'a detour through src/ into another feature’s internals',
    dir: `${features}/plans/components`,
    source:
      "import { AccountCard } from '../../../features/account/components/account-card.tsx';\nexport const probe = AccountCard;\n",
    rejected: true,
  },
  {
    name: 'a feature file importing a server file (the rule of ADR 0021 still holds in the overrides)',
    dir: `${features}/simulator/api`,
    source: "import { loadConfig } from '../../../../server/src/config/env.ts';\nexport const probe = loadConfig;\n",
    rejected: true,
  },
  {
    name: 'a feature importing other features through their public entries',
    dir: `${features}/simulator/components`,
    extension: '.tsx',
    source:
      "import { AddressAutocomplete } from '../../address/index.ts';\nimport { CodeCombobox, communesOf } from '../../network-options/index.ts';\nexport const probe = [AddressAutocomplete, CodeCombobox, communesOf];\n",
    rejected: false,
  },
  {
    name: 'a feature importing its own files, src/lib, src/components, src/config and the packages',
    dir: `${features}/optimisation/components`,
    extension: '.tsx',
    source:
      "import { SIMULATOR_MESSAGES } from '@pilote/contracts';\nimport { FormError } from '../../../components/ui/form-error.tsx';\nimport { paths } from '../../../config/paths.ts';\nimport { useUsage } from '../../../lib/usage.ts';\nimport { UNRESTRICTED } from '../utils/optimisation-access.ts';\nimport { OptimisationPage } from './optimisation-page.tsx';\nexport const probe = [SIMULATOR_MESSAGES, FormError, paths, useUsage, UNRESTRICTED, OptimisationPage];\n",
    rejected: false,
  },
  {
    name: 'a file at the top of a feature importing its own folders and src/lib',
    dir: `${features}/tariffs`,
    source:
      "import { formatNumber } from '../../lib/format.ts';\nimport { TariffValues } from './components/tariff-values.tsx';\nexport const probe = [formatNumber, TariffValues];\n",
    rejected: false,
  },
  {
    name: 'a file three folders deep importing its own feature and src/lib',
    dir: `${features}/simulator/components/probe-depth`,
    source:
      "import { monthOf } from '../../../../lib/month.ts';\nimport { cascade } from '../../utils/cascade.ts';\nimport { SimulatorPage } from '../simulator-page.tsx';\nexport const probe = [monthOf, cascade, SimulatorPage];\n",
    rejected: false,
  },
];

let files: string[] = [];
let rulesByFile = new Map<string, string[]>();
let filesLinted = 0;
let mirror = '';

interface BiomeReport {
  summary: { changed: number; unchanged: number };
  diagnostics: { category?: string; location?: { path?: string } }[];
}

beforeAll(async () => {
  // Every feature folder, each importing the internals of the next one: a new feature is covered as soon as it exists.
  const names = (await readdir(path.join(root, features), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  expect(names.length).toBeGreaterThan(1);
  for (const [index, name] of names.entries()) {
    const other = names[(index + 1) % names.length];
    probes.push({
      name: `feature ${name} importing the internals of feature ${other}`,
      dir: `${features}/${name}/components`,
      source: `import { probe as other } from '../../${other}/utils/probe.ts';\nexport const probe = other;\n`,
      rejected: true,
    });
  }
  files = probes.map((probe, index) =>
    path.posix.join(probe.dir, `feature-boundary-probe-${tag}-${index}${probe.extension ?? '.ts'}`),
  );

  mirror = await mkdtemp(path.join(tmpdir(), 'feature-boundaries-'));
  const configs = await biomeConfigs();
  expect(configs).toContain(path.join('apps', 'web', 'biome.json'));
  for (const config of configs) {
    await mkdir(path.dirname(path.join(mirror, config)), { recursive: true });
    await copyFile(path.join(root, config), path.join(mirror, config));
  }
  for (const [index, file] of files.entries()) {
    await mkdir(path.dirname(path.join(mirror, file)), { recursive: true });
    await writeFile(path.join(mirror, file), probes[index]?.source ?? '');
  }
  // Biome exits 1 when a file has errors: the report is on stdout either way. No VCS in the mirror.
  const { stdout } = await run(
    process.execPath,
    [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...files],
    { cwd: mirror },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as BiomeReport;
  filesLinted = report.summary.changed + report.summary.unchanged;
  rulesByFile = new Map(files.map((file) => [file, []]));
  for (const diagnostic of report.diagnostics) {
    const file = diagnostic.location?.path?.replaceAll('\\', '/');
    if (file && diagnostic.category) {
      rulesByFile.get(file)?.push(diagnostic.category);
    }
  }
});

afterAll(async () => {
  if (mirror) {
    await rm(mirror, { recursive: true, force: true });
  }
});

describe('features import each other only through their public entry (ADR 0058)', () => {
  it('lints every probe (none is ignored by the configuration)', () => {
    expect(filesLinted).toBe(probes.length);
  });

  it('rejects or accepts each probe as expected', () => {
    const outcome = probes.map((probe, index) => {
      const rules = rulesByFile.get(files[index] as string) ?? [];
      return { name: probe.name, rules };
    });
    const expected = probes.map((probe) => ({ name: probe.name, rules: probe.rejected ? [RULE] : [] }));
    expect(outcome).toEqual(expected);
  });
});
