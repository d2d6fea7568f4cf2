// The worker pool from the built bundle: dist/worker-task.mjs sits beside dist/server.mjs and its chunks (where
// workers/pool.ts, bundled, looks for it), runs a registered task loaded from its own chunk (a feature module's, by
// its handle's name), under the heap limit, with no devDependency (tsx) loaded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newDataDir } from './helpers/cli.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');
const forbidDevDependencies = path.join(serverRoot, 'test/helpers/forbid-dev-dependencies.mjs');

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('worker tasks from the built bundle', () => {
  // No hook: the project's global setup built dist/ (test/setup/global-bundle.ts); it used to run
  // `scripts/cli.mjs check-env` here to get it built.
  it('bundles the worker entry as dist/worker-task.mjs, in the same folder as the code that starts it', () => {
    const meta = JSON.parse(readFileSync(path.join(serverRoot, 'dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { entryPoint?: string }>;
    };
    const output = Object.entries(meta.outputs).find(([, value]) => value.entryPoint === 'src/workers/entry.ts');
    expect(output?.[0]).toBe('dist/worker-task.mjs');
    // The PDF renderer's own worker entry is gone: simulation PDFs are a task of the one pool (ADR 0045).
    expect(Object.keys(meta.outputs)).not.toContain('dist/pdf-worker.mjs');
    // The bundled runWorkerTask resolves './worker-task.mjs' against its own module, which lives in dist/ too.
    const chunks = Object.keys(meta.outputs).filter((file) => file.endsWith('.mjs'));
    expect(chunks.every((file) => path.dirname(file) === 'dist')).toBe(true);
  });

  it('runs registered tasks in dist/worker-task.mjs with no devDependency (the probe, a feature module’s)', async () => {
    const script = `
      import { Worker } from 'node:worker_threads';
      const worker = new Worker(${JSON.stringify(path.join(serverRoot, 'dist/worker-task.mjs'))}, {
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      const answers = [];
      worker.on('message', (message) => {
        answers.push(message);
        if (answers.length === 1) {
          worker.postMessage({ id: 8, task: 'pdf.fonts', input: undefined });
          return;
        }
        console.log(JSON.stringify(answers.map((answer) => ({
          id: answer.id,
          ok: answer.ok,
          value: answer.id === 8 ? Object.keys(answer.value ?? {}).sort() : answer.value,
          arrayBufferBytes: typeof answer.arrayBufferBytes,
        }))));
        void worker.terminate();
      });
      worker.on('error', (error) => { console.error(error); process.exit(2); });
      worker.postMessage({ id: 7, task: 'diagnostic.probe', input: { action: 'echo', value: 'depuis dist' } });
    `;
    const file = path.join(await newDataDir(), 'run-worker.mjs');
    await writeFile(file, script);
    const result = await run([`--import=${forbidDevDependencies}`, file]);
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.output.trim())).toEqual([
      { id: 7, ok: true, value: 'depuis dist', arrayBufferBytes: 'number' },
      { id: 8, ok: true, value: ['bold', 'regular'], arrayBufferBytes: 'number' },
    ]);
  });
});
