/**
 * The dependency rule of docs/architecture.md is enforced by Biome (`noRestrictedImports` and
 * `noRestrictedGlobals` overrides in biome.json and apps/web/biome.json, ADR 0021). This test lints small probe
 * files placed inside each package (a forbidden import or global, and an allowed one) with the project's Biome and
 * its configuration files, and expects exactly the forbidden ones to fail, so the rule cannot silently stop working
 * (a renamed folder, a dropped override, a nested biome.json, a Biome upgrade that changes pattern matching).
 *
 * The probes are written in a temporary mirror of the repository that holds every biome.json of the repository at
 * its own path: the same configuration applies, and a `biome check .` running meanwhile never sees a probe.
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
const tag = randomUUID().slice(0, 8);
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

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
  source: string;
  /** The Biome rule expected to reject the file, or null when the file must lint clean. */
  expected: 'lint/style/noRestrictedImports' | 'lint/style/noRestrictedGlobals' | null;
}

const probes: Probe[] = [
  // packages/tariffs: pure domain, no IO.
  {
    name: 'tariffs src importing node:fs',
    dir: 'packages/tariffs/src',
    source: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src importing a bare Node module (fs)',
    dir: 'packages/tariffs/src/simulator',
    source: "import fs from 'fs';\nexport const probe = fs;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src importing fastify',
    dir: 'packages/tariffs/src',
    source: "import Fastify from 'fastify';\nexport const probe = Fastify;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src importing drizzle-orm',
    dir: 'packages/tariffs/src/simulator',
    source: "import { eq } from 'drizzle-orm';\nexport const probe = eq;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src importing react',
    dir: 'packages/tariffs/src',
    source: "import { useState } from 'react';\nexport const probe = useState;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src importing the contracts package',
    dir: 'packages/tariffs/src',
    source: "import { SIMULATOR_MESSAGES } from '@pilote/contracts';\nexport const probe = SIMULATOR_MESSAGES;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs src calling fetch',
    dir: 'packages/tariffs/src',
    source: "export const probe = () => fetch('https://example.invalid/');\n",
    expected: 'lint/style/noRestrictedGlobals',
  },
  {
    name: 'tariffs src reading process.env',
    dir: 'packages/tariffs/src/simulator',
    source: 'export const probe = () => process.env.TZ;\n',
    expected: 'lint/style/noRestrictedGlobals',
  },
  {
    name: 'tariffs src importing its own modules',
    dir: 'packages/tariffs/src/simulator',
    source:
      "import { roundEuros } from '../money.ts';\nimport { simulate } from './simulate.ts';\nexport const probe = [roundEuros, simulate];\n",
    expected: null,
  },
  {
    name: 'tariffs test importing node:path',
    dir: 'packages/tariffs/test',
    source: "import path from 'node:path';\nexport const probe = path;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'tariffs test importing vitest, fast-check and the domain',
    dir: 'packages/tariffs/test',
    source:
      "import fc from 'fast-check';\nimport { expect } from 'vitest';\nimport { simulate } from '../src/index.ts';\nexport const probe = [fc, expect, simulate];\n",
    expected: null,
  },
  // packages/contracts: zod and the domain only.
  {
    name: 'contracts importing fastify',
    dir: 'packages/contracts/src',
    source: "import Fastify from 'fastify';\nexport const probe = Fastify;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'contracts importing node:crypto',
    dir: 'packages/contracts/src',
    source: "import { randomUUID } from 'node:crypto';\nexport const probe = randomUUID;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'contracts importing the server',
    dir: 'packages/contracts/src',
    source: "import { buildApp } from '@pilote/server';\nexport const probe = buildApp;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'contracts importing zod, the domain and its own modules',
    dir: 'packages/contracts/src',
    source:
      "import { simulate } from '@pilote/tariffs';\nimport { parseFrenchNumber } from '@pilote/tariffs/numbers';\nimport { z } from 'zod';\nimport { apiErrorSchema } from './errors.ts';\nexport const probe = [simulate, parseFrenchNumber, z, apiErrorSchema];\n",
    expected: null,
  },
  // The readers package's browser-safe entries (csv/, consumption/, reference/, sniff, limits): no Node, no reader
  // library; tariffs never imports the readers (ADR 0053).
  {
    name: 'tariffs src importing the readers package',
    dir: 'packages/tariffs/src/reference',
    source: "import { parsePitdCsv } from '@pilote/invoices/csv';\nexport const probe = parsePitdCsv;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices CSV reader importing node:fs',
    dir: 'packages/invoices/src/csv',
    source: "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices consumption reader importing unpdf',
    dir: 'packages/invoices/src/consumption',
    source: "import { extractText } from 'unpdf';\nexport const probe = extractText;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices reference reader using Buffer',
    dir: 'packages/invoices/src/reference',
    source: "export const probe = () => Buffer.from('a');\n",
    expected: 'lint/style/noRestrictedGlobals',
  },
  {
    name: 'invoices CSV reader importing the domain and its own files',
    dir: 'packages/invoices/src/csv',
    source:
      "import { parseFrenchNumber } from '@pilote/tariffs';\nimport { LIMITS } from '../limits.ts';\nexport const probe = [parseFrenchNumber, LIMITS];\n",
    expected: null,
  },
  // packages/invoices: the domain, its readers and Node; never the server, the contracts or the web (ADR 0033).
  {
    name: 'invoices src importing the server',
    dir: 'packages/invoices/src',
    source: "import { buildApp } from '@pilote/server';\nexport const probe = buildApp;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices src importing the contracts package',
    dir: 'packages/invoices/src/layouts',
    source: "import { SIMULATOR_MESSAGES } from '@pilote/contracts';\nexport const probe = SIMULATOR_MESSAGES;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices src importing fastify',
    dir: 'packages/invoices/src',
    source: "import Fastify from 'fastify';\nexport const probe = Fastify;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices src importing pdf-lib (fixtures only)',
    dir: 'packages/invoices/src/formats',
    source: "import { PDFDocument } from 'pdf-lib';\nexport const probe = PDFDocument;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices src importing the domain, its readers and node:zlib',
    dir: 'packages/invoices/src/formats',
    source:
      "import { inflateRawSync } from 'node:zlib';\nimport * as XLSX from '@e965/xlsx';\nimport { auditInvoice } from '@pilote/tariffs';\nimport { parseFrenchNumber } from '@pilote/tariffs/numbers';\nimport { XMLParser } from 'fast-xml-parser';\nimport { getDocumentProxy } from 'unpdf';\nimport { LIMITS } from '../limits.ts';\nexport const probe = [inflateRawSync, XLSX, auditInvoice, parseFrenchNumber, XMLParser, getDocumentProxy, LIMITS];\n",
    expected: null,
  },
  {
    name: 'invoices test importing react',
    dir: 'packages/invoices/test',
    source: "import { useState } from 'react';\nexport const probe = useState;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'invoices scripts importing pdf-lib and the package',
    dir: 'packages/invoices/scripts',
    source:
      "import { PDFDocument } from 'pdf-lib';\nimport { readInvoice } from '../src/index.ts';\nexport const probe = [PDFDocument, readInvoice];\n",
    expected: null,
  },
  // apps/web: never the server.
  {
    name: 'web importing the server package',
    dir: 'apps/web/src',
    source: "import { buildApp } from '@pilote/server';\nexport const probe = buildApp;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'web importing a server file by relative path',
    dir: 'apps/web/src/features',
    source: "import { loadConfig } from '../../../server/src/config/env.ts';\nexport const probe = loadConfig;\n",
    expected: 'lint/style/noRestrictedImports',
  },
  {
    name: 'web importing contracts and the domain',
    dir: 'apps/web/src/features',
    source:
      "import { SIMULATOR_MESSAGES } from '@pilote/contracts';\nimport { simulate } from '@pilote/tariffs';\nexport const probe = [SIMULATOR_MESSAGES, simulate];\n",
    expected: null,
  },
];

const files = probes.map((probe, index) => path.posix.join(probe.dir, `dependency-rule-probe-${tag}-${index}.ts`));
let rulesByFile = new Map<string, string[]>();

interface BiomeReport {
  summary: { changed: number; unchanged: number };
  diagnostics: { category?: string; location?: { path?: string } }[];
}
let filesLinted = 0;

let mirror = '';

beforeAll(async () => {
  mirror = await mkdtemp(path.join(tmpdir(), 'dependency-rules-'));
  const configs = await biomeConfigs();
  expect(configs).toContain('biome.json');
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

describe('dependency rule enforced by Biome (ADR 0021)', () => {
  it('lints every probe (none is ignored by the configuration)', () => {
    expect(filesLinted).toBe(probes.length);
  });

  it.each(probes.map((probe, index) => [probe.name, probe, files[index] as string] as const))(
    '%s',
    (_name, probe, file) => {
      const rules = rulesByFile.get(file);
      expect(rules, `Biome did not report on ${file}`).toBeDefined();
      if (probe.expected === null) {
        expect(rules).toEqual([]);
      } else {
        expect(rules).toContain(probe.expected);
      }
    },
  );
});
