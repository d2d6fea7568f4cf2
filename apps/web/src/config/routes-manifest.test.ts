import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAppRoutes } from '../../vite.config.ts';
import { paths } from './paths.ts';

/** routes.json (written by the build): the paths the server answers 200 with the SPA; any other is a 404 page. */
describe('the routes manifest of the web build', () => {
  const routes = listAppRoutes();

  it('lists every router path (params as :name), the private area and each blog post, not /blog/:slug', () => {
    for (const [name, route] of Object.entries(paths)) {
      if (name !== 'blogPost') {
        expect(routes, name).toContain(route.path);
      }
    }
    expect(routes).toEqual(expect.arrayContaining(['/', '/faq', '/private/:energy/:page', '/private/*']));
    expect(routes).not.toContain('/blog/:slug');
    const blogDir = path.join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'content', 'blog');
    const posts = readdirSync(blogDir).filter((file) => file.endsWith('.md'));
    expect(posts.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.startsWith('/blog/'))).toHaveLength(posts.length);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
