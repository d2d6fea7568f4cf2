// The JavaScript the landing page downloads before it can render: the entry script of dist/index.html and every
// module it preloads (Vite lists the entry's static imports as <link rel="modulepreload">). Sizes are gzip
// level 9 (what a compressing server or CDN would send) and raw. Used by bench/web/run.mjs; runnable alone:
//   node bench/web/landing-size.mjs [path/to/dist]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 6: 120 kB (kB = 1000 bytes, as Vite reports sizes). */
export const LANDING_JS_BUDGET_GZIP = 120_000;

export function measureLandingJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) {
    urls.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) {
    urls.add(match[1]);
  }
  const files = [...urls].map((url) => {
    const source = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { file: url, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
  });
  const total = files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), {
    raw: 0,
    gzip: 0,
  });
  return { files, total, budgetGzip: LANDING_JS_BUDGET_GZIP, withinBudget: total.gzip <= LANDING_JS_BUDGET_GZIP };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
  const result = measureLandingJs(distDir);
  for (const file of result.files) {
    console.log(`${file.file.padEnd(44)} ${kb(file.gzip).padStart(9)} gzip ${kb(file.raw).padStart(10)} raw`);
  }
  console.log(`${'total'.padEnd(44)} ${kb(result.total.gzip).padStart(9)} gzip (budget ${kb(result.budgetGzip)})`);
  process.exitCode = result.withinBudget ? 0 : 1;
}
