#!/usr/bin/env node
// `npm test`: lint and typecheck run beside the unit + integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the production build and the Chromium tests against the built app. Every step
// runs even when an earlier one failed (the browser tests need the build). Prints each phase's time, its budget
// (ADR 0019: a warning, not a failure, when a phase goes over) and the slowest tests, then ends with one line:
// `N passed, N failed` (`, N skipped` when some were).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/**
 * Seconds each phase may take on the 2-core CI machine (ADR 0019). Over budget is a warning in the log, not a
 * failure; raise a budget only in the ADR, with the measurement that justifies it.
 */
const BUDGET_SECONDS = { lint: 20, typecheck: 60, vitest: 180, build: 60, playwright: 150, total: 420 };

const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
const phases = [];
const started = Date.now();

/**
 * Runs a command; `capture` buffers its output and prints it in one block when it ends (for the steps that run
 * beside vitest, so their lines do not interleave with its output).
 */
function run(name, command, args, { extraEnv = {}, capture = false } = {}) {
  const begin = Date.now();
  if (!capture) {
    console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  }
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...env, ...extraEnv },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const finish = (status) => {
      const seconds = (Date.now() - begin) / 1000;
      phases.push({ name, seconds });
      if (capture) {
        console.log(`\n━━ ${name}: ${command} ${args.join(' ')} (ran beside the tests)`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ ok: status === 0, seconds: seconds.toFixed(1) });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (status) => finish(status));
  });
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** A step that is a single check (lint, typecheck, build) counts as one test. */
function count(name, { ok, seconds }) {
  ok ? passed++ : failed++;
  summary.push(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  return ok;
}

/**
 * Lint and typecheck run beside the tests at a lower priority (nice 10, ADR 0049): they have no timeout, the tests
 * do, so on a busy machine the CPU goes to the tests first and the checks take what is left (they still end before
 * the build, which waits for them as before). Where `nice` is missing (Windows), at the normal priority.
 */
const besideTheTests = (command, args) =>
  process.platform === 'win32' ? [command, args] : ['nice', ['-n', '10', command, ...args]];

const vitestReport = path.join(reports, 'vitest.json');
const [lint, typecheck, unit] = await Promise.all([
  run('lint', ...besideTheTests('npx', ['biome', 'check', '.']), { capture: true }),
  run('typecheck', ...besideTheTests('npm', ['run', 'typecheck', '--silent']), { capture: true }),
  run('vitest', 'npx', [
    'vitest',
    'run',
    // One worker per core (ADR 0082): PGlite, the PDF renders and scrypt are CPU in the worker's own process or its
    // threads, so more workers than cores only slow every test down (and each has a timeout); on the 2-core CI
    // machine, 2. On a machine shared with other jobs, `VITEST_MAX_WORKERS=1 npm test` (Vitest reads it over this).
    `--maxWorkers=${availableParallelism()}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
]);
count('lint', lint);
count('typecheck', typecheck);

const slowest = [];
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
  for (const file of vitest.testResults ?? []) {
    const relative = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      slowest.push({ runner: 'vitest', seconds: (test.duration ?? 0) / 1000, name: `${relative} › ${test.fullName}` });
    }
  }
} else {
  failed++;
  summary.push(`✘ vitest: no report (${unit.seconds} s)`);
}

if (count('build', await run('build', 'npm', ['run', 'build', '--silent']))) {
  const e2eReport = path.join(reports, 'playwright.json');
  const e2e = await run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    extraEnv: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  });
  const report = readJson(e2eReport);
  const stats = report?.stats;
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
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
          slowest.push({ runner: 'playwright', seconds, name: [...titles, spec.title].join(' › ') });
        }
      }
      for (const child of suite.suites ?? []) {
        walk(child, [...titles, child.title]);
      }
    };
    for (const suite of report.suites ?? []) {
      walk(suite, [suite.title]);
    }
  } else {
    failed++;
    summary.push(`✘ playwright: no report (${e2e.seconds} s)`);
  }
} else {
  failed++;
  summary.push('✘ playwright: not run (build failed)');
}

phases.push({ name: 'total', seconds: (Date.now() - started) / 1000 });

console.log('\n━━ slowest tests');
for (const test of slowest.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`${test.seconds.toFixed(1).padStart(6)} s  ${test.runner.padEnd(10)} ${test.name}`);
}

console.log('\n━━ phases (seconds, budget from ADR 0019; lint and typecheck run beside vitest)');
const warnings = [];
for (const { name, seconds } of phases) {
  const budget = BUDGET_SECONDS[name];
  const over = budget !== undefined && seconds > budget;
  console.log(
    `${seconds.toFixed(1).padStart(7)} s  ${name.padEnd(10)} ${budget === undefined ? '' : `≤ ${budget} s`}${over ? '  ⚠ over budget' : ''}`,
  );
  if (over) {
    warnings.push(`⚠ ${name} took ${seconds.toFixed(1)} s, over its ${budget} s budget (ADR 0019): find the cause`);
  }
}
if (warnings.length > 0) {
  console.log(`\n${warnings.join('\n')}`);
}

console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
