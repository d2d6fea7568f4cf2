// The shared rooms of the server never reach up into a feature (issue #22 §1, ADR 0045, ADR 0054): lib/, db/, pdf/,
// workers/, adapters/ and plugins/ import no file of modules/. The worker pool's registry (and the thread entry that
// reads it) is the one composition root of workers/, like app.ts: it lists the task handles the modules export.
// And no file of src/ reaches itself again through its relative imports (no import circle, type imports included).
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

/** Every module specifier of a file (static imports and exports, type-only ones included; dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)'([^']+)'/g)].map((match) => match[1] as string);
}

/** The files of src/ a file imports by relative path. */
function relativeImportsOf(file: string): string[] {
  return importsOf(file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier)));
}

/** The circles of a graph (depth-first search; each circle once, from the node where the search met it). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const done = new Set<string>();
  const onPath: string[] = [];
  const circles: string[][] = [];
  const visit = (node: string): void => {
    const at = onPath.indexOf(node);
    if (at >= 0) {
      circles.push([...onPath.slice(at), node]);
      return;
    }
    if (done.has(node)) {
      return;
    }
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      visit(next);
    }
    onPath.pop();
    done.add(node);
  };
  for (const node of graph.keys()) {
    visit(node);
  }
  return circles;
}

describe('the server’s shared rooms', () => {
  it.each(['lib', 'db', 'pdf', 'workers', 'adapters', 'plugins'])('%s/ imports nothing from modules/', (room) => {
    const upward = filesOf(room)
      .filter((file) => !ROOTS.has(file))
      .flatMap((file) =>
        relativeImportsOf(file)
          .filter((target) => target.startsWith(`modules${path.sep}`))
          .map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it('has no import circle in src/', () => {
    const graph = new Map(filesOf('.').map((file) => [file, relativeImportsOf(file)]));
    expect(circlesOf(graph).map((circle) => circle.join(' → '))).toEqual([]);
  });

  it('finds a circle where there is one (the search itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('finds the imports it looks for (the registry does import the modules’ task handles)', () => {
    expect(importsOf('workers/registry.ts')).toContain('../modules/mandates/tasks.ts');
  });
});
