// The shared rooms of the server never reach up into a feature (issue #22 §1, ADR 0045): lib/, db/, pdf/ and
// workers/ import no file of modules/. The worker pool's registry (and the thread entry that reads it) is the one
// composition root of workers/, like app.ts: it lists the task handles the modules export.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const ROOTS = new Set(['workers/registry.ts']);

function filesOf(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)));
}

/** Every module specifier of a file (static imports and exports, dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((match) => match[1] as string);
}

describe('the server’s shared rooms', () => {
  it.each(['lib', 'db', 'pdf', 'workers'])('%s/ imports nothing from modules/', (room) => {
    const upward = filesOf(room)
      .filter((file) => !ROOTS.has(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier)))
          .filter((target) => target.startsWith(`modules${path.sep}`))
          .map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it('finds the imports it looks for (the registry does import the modules’ task handles)', () => {
    expect(importsOf('workers/registry.ts')).toContain('../modules/mandates/tasks.ts');
  });
});
