import { matchRoutes } from 'react-router';
import { routes } from '../app/router.tsx';

/**
 * Imports, once per test file, the lazy modules a whole-app render of `url` waits for: the `lazy` route modules it
 * matches (layouts and page) and the page's own `React.lazy` chunks given as `chunks`. Call it in a `beforeAll`.
 *
 * Under Vitest the first import of a lazy chunk transforms and evaluates its module graph (the simulator brings
 * `@pilote/tariffs`): 1.3–1.7 s measured at load 5–7 (ADR 0040), paid by whichever test rendered the route first,
 * inside its 5 s and inside its first `findBy…`. Imported here, the router's own `import()` finds the modules in
 * the file's module cache and each test only pays for its own steps.
 */
export async function preloadRoute(url: string, ...chunks: Array<() => Promise<unknown>>): Promise<void> {
  const matched = matchRoutes(routes, url) ?? [];
  await Promise.all([
    ...matched.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
    ...chunks.map((chunk) => chunk()),
  ]);
}
