import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { BuildInfo, SpaRoutesManifest } from '@pilote/contracts';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// By path, not by package name: Vite's config loader leaves bare imports to Node, which cannot load TypeScript.
import { parsePost, slugFromPath } from '../../packages/content/src/markdown.ts';
import { paths } from './src/config/paths.ts';
import { disallowedPaths, publicPages } from './src/config/public-pages.ts';

const webRoot = import.meta.dirname;
const require = createRequire(import.meta.url);

/** The commit the bundle is built from: `GIT_REVISION` wins, then `git rev-parse HEAD`, else `unknown`. */
function readRevision(env: Record<string, string>): string {
  const fromEnv = env.GIT_REVISION?.trim();
  if (fromEnv) {
    return fromEnv;
  }
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: webRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

function readVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  if (
    typeof manifest === 'object' &&
    manifest !== null &&
    'version' in manifest &&
    typeof manifest.version === 'string'
  ) {
    return manifest.version;
  }
  return '0.0.0';
}

/** Writes `build-info.json` next to `index.html`; the server answers it at `GET /api/info/frontend/`. */
function buildInfoFile(buildInfo: BuildInfo): Plugin {
  return {
    name: 'pilote:build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-info.json', source: `${JSON.stringify(buildInfo, null, 2)}\n` });
    },
  };
}

/** Public origin for canonical links and the sitemap: SITE_URL, else PUBLIC_URL, else the production domain. */
function readSiteUrl(env: Record<string, string>): string {
  return (env.SITE_URL || env.PUBLIC_URL || 'https://pilote-energie.fr').trim().replace(/\/+$/, '');
}

/** The blog posts' Markdown, shared with the server's chatbot index (ADR 0037). */
const blogDir = path.join(webRoot, '..', '..', 'packages', 'content', 'blog');

/** Every public URL with its last-modified date when known: the pages of public-pages.ts and the blog posts. */
export function listPublicUrls(): { path: string; lastmod?: string }[] {
  const posts = readdirSync(blogDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parsePost(slugFromPath(file), readFileSync(path.join(blogDir, file), 'utf8')))
    .sort((a, b) => b.date.localeCompare(a.date));
  return [
    ...Object.values(publicPages).map((page) => ({ path: page.path })),
    ...posts.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastmod: post.date })),
  ];
}

/**
 * Every path the SPA answers (routes.json, read by the server: 200 for these, 404 for any other path). From the
 * router's path list (src/config/paths.ts) — `:name` stands for one segment — with the blog posts listed one by
 * one instead of `/blog/:slug` (an unknown post is a 404), and `/private/*` (the router redirects any other
 * private path to the dashboard).
 */
export function listAppRoutes(): string[] {
  const routes = new Set<string>();
  for (const [name, route] of Object.entries(paths)) {
    if (name !== 'blogPost') {
      routes.add(route.path);
    }
  }
  for (const url of listPublicUrls()) {
    routes.add(url.path);
  }
  routes.add(`${paths.private.path}/*`);
  return [...routes];
}

/**
 * Writes routes.json next to index.html (see listAppRoutes). The name is `SPA_ROUTES_FILE` of @pilote/contracts,
 * written out here: the config loader cannot import the workspace's TypeScript at run time, only its types.
 */
function routesManifest(): Plugin {
  return {
    name: 'pilote:routes-manifest',
    apply: 'build',
    generateBundle() {
      const manifest: SpaRoutesManifest = { routes: listAppRoutes() };
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Writes sitemap.xml and robots.txt at build time from the route list (src/config/public-pages.ts) and the blog
 * content files, so they never drift from the site.
 */
function seoFiles(siteUrl: string): Plugin {
  return {
    name: 'pilote:seo-files',
    apply: 'build',
    generateBundle() {
      const urls = listPublicUrls()
        .map(
          (url) =>
            `  <url>\n    <loc>${escapeXml(`${siteUrl}${url.path}`)}</loc>${url.lastmod ? `\n    <lastmod>${url.lastmod}</lastmod>` : ''}\n  </url>`,
        )
        .join('\n');
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: [
          'User-agent: *',
          'Allow: /',
          ...disallowedPaths.map((disallowed) => `Disallow: ${disallowed}`),
          '',
          `Sitemap: ${siteUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      });
    },
  };
}

/**
 * Writes `file.br` and `file.gz` next to every text file of the build, so the server can send them as they are
 * (@fastify/static `preCompressed`): the landing's JavaScript travels as ~110 kB instead of ~350 kB, with no
 * compression work per request.
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'pilote:precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|xml|txt|json)$/.test(file)) {
          continue;
        }
        const source = readFileSync(file);
        if (source.length < 1024) {
          continue;
        }
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102: dev warnings on, ~25 kB
 * more); a production build bundles the production files the package ships next to it.
 */
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router')), '..', 'production');

export default defineConfig(({ command, mode }) => {
  const env = { ...loadEnv(mode, webRoot, ''), ...process.env } as Record<string, string>;
  const apiTarget = env.API_PROXY_TARGET || 'http://127.0.0.1:3000';
  const buildInfo: BuildInfo = {
    service: 'web',
    revision: readRevision(env),
    version: readVersion(),
    env: env.APP_ENV || (mode === 'production' ? 'production' : mode),
    builtAt: new Date().toISOString(),
  };

  const siteUrl = readSiteUrl(env);

  return {
    resolve:
      command === 'build'
        ? { alias: [{ find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') }] }
        : {},
    plugins: [
      react(),
      tailwindcss(),
      buildInfoFile(buildInfo),
      seoFiles(siteUrl),
      routesManifest(),
      precompress(path.join(webRoot, 'dist')),
    ],
    define: {
      __APP_BUILD_INFO__: JSON.stringify(buildInfo),
      __SITE_URL__: JSON.stringify(siteUrl),
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/runtime-info.json': { target: apiTarget, changeOrigin: false },
      },
    },
    preview: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/runtime-info.json': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Browsers without <link rel="modulepreload"> (Safari < 17) still load every module, only without the
      // head start; the polyfill would cost every visitor ~0.4 kB gzip of the landing budget (issue 6).
      modulePreload: {
        polyfill: false,
        // Lazy chunks are not given a preload list: their own static imports fetch what they need (one round trip
        // later on a route's first visit). The lists — every dependency of every route, in the entry — had grown to
        // ≈ 0.7 kB gzip of the landing budget of issue 6 (120 kB), which the sites routes pushed over. The HTML's own
        // preloads (the entry's React, runtime and paths) are kept. Route loaders still start the API calls at once.
        resolveDependencies: (_filename, deps, { hostType }) => (hostType === 'html' ? deps : []),
      },
      sourcemap: true,
      rolldownOptions: {
        output: {
          // entriesAware groups are named after every chunk that loads them ("query~login~admin~…"): keep file
          // names short.
          chunkFileNames: (chunk) =>
            chunk.name.includes('~') ? `assets/${chunk.name.split('~')[0]}-[hash].js` : 'assets/[name]-[hash].js',
          // Long-lived vendor chunks (they change less often than our code); everything a route needs beyond them
          // stays in that route's lazy chunk, so public pages only download the shell plus their own page.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                priority: 20,
              },
              // entriesAware: what the entry needs (the query client) stays in `query`; the hooks used only by
              // lazy pages (useQuery, useMutation…) go to a chunk those pages load, so the landing does not grow.
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 10, entriesAware: true },
            ],
          },
        },
      },
    },
  };
});
