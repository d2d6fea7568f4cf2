import { readFileSync } from 'node:fs';

const read = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const root = read('../../../../package.json');
const server = read('../../package.json');
const runtime = new Set(Object.keys(server.dependencies));
const devOnly = new Set(
  [...Object.keys(root.devDependencies ?? {}), ...Object.keys(server.devDependencies ?? {})].filter(
    (name) => !runtime.has(name),
  ),
);

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url);
  if (match && devOnly.has(match[1])) {
    throw new Error(`devDependency chargée à l'exécution : ${match[1]} (import de ${specifier})`);
  }
  return resolved;
}
