#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), production build, then the Chromium tests against the built app. Every step runs even when an
// earlier one failed (the browser tests need the build). Ends with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(name, command, args, extraEnv = {}) {
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** A step that is a single check (lint, typecheck, build) counts as one test. */
function check(name, command, args) {
  const { ok, seconds } = run(name, command, args);
  ok ? passed++ : failed++;
  summary.push(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  return ok;
}

check('lint', 'npx', ['biome', 'check', '.']);
check('typecheck', 'npm', ['run', 'typecheck', '--silent']);

const vitestReport = path.join(reports, 'vitest.json');
const unit = run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  summary.push(
    `${unit.ok ? '✔' : '✘'} vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed (${unit.seconds} s)`,
  );
  if (!unit.ok && vitest.numFailedTests === 0) {
    failed++; // e.g. a file that failed to load, or an unhandled error
  }
} else {
  failed++;
  summary.push(`✘ vitest: no report (${unit.seconds} s)`);
}

if (check('build', 'npm', ['run', 'build', '--silent'])) {
  const e2eReport = path.join(reports, 'playwright.json');
  const e2e = run('browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const stats = readJson(e2eReport)?.stats;
  if (stats) {
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    summary.push(
      `${e2e.ok ? '✔' : '✘'} playwright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed${stats.flaky ? ` (${stats.flaky} flaky)` : ''} (${e2e.seconds} s)`,
    );
    if (!e2e.ok && stats.unexpected === 0) {
      failed++;
    }
  } else {
    failed++;
    summary.push(`✘ playwright: no report (${e2e.seconds} s)`);
  }
} else {
  failed++;
  summary.push('✘ playwright: not run (build failed)');
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
