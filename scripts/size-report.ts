/**
 * The first screen's size budget (docs/decisions/chunk-groups-and-size-budget.md), checked after every web build: what the first load of
 * `/#/index` and of `/#/productDetails/index` downloads — index.html's own files plus the route's
 * view, texts and their imports, as listed by the build in dist/web/first-screen.json (the same
 * list index.html preloads). Sizes are the bytes on the wire: the precompressed brotli file that
 * the server sends (scripts/compress-dist.ts), or the file itself when it is too small to compress.
 * Fails the build when a page's JS is over its budget or a first-screen JS file is under the
 * smallest size worth its own request.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FirstScreenFiles } from '../vite.config.ts';

const root = join(process.cwd(), 'dist', 'web');

/** JS budgets per first screen, brotli bytes; `/index`'s is the goal in docs/benchmarks.md#goals. */
const BUDGETS: Record<string, number> = {
  '/index': 130 * 1024,
  '/productDetails/index': 150 * 1024,
};
/** A JS file smaller than this costs a round trip for too little code (none on a first screen). */
const MIN_CHUNK_BYTES = 2 * 1024;

const wire = (file: string) => {
  const path = join(root, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const screens = JSON.parse(readFileSync(join(root, 'first-screen.json'), 'utf8')) as FirstScreenFiles;
let failed = false;
for (const [route, budget] of Object.entries(BUDGETS)) {
  const files = [...screens.entry, ...(screens.routes[route] ?? [])];
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const jsTotal = js.reduce((n, f) => n + wire(f), 0);
  const cssTotal = css.reduce((n, f) => n + wire(f), 0);
  console.log(`first load of /#${route}:`);
  for (const file of files)
    console.log(`  ${file.endsWith('.js') ? 'js ' : 'css'} ${kb(wire(file)).padStart(7)} KB  ${file}`);
  console.log(
    `  JS ${kb(jsTotal)} KB in ${js.length} files (budget ${kb(budget)} KB), CSS ${kb(cssTotal)} KB in ${css.length} files, brotli`,
  );
  if (jsTotal > budget) {
    console.error(`  /#${route}: first-load JS is over budget`);
    failed = true;
  }
  const small = js.filter((f) => wire(f) < MIN_CHUNK_BYTES);
  if (small.length > 0) {
    console.error(`  /#${route}: JS files under ${kb(MIN_CHUNK_BYTES)} KB on the first screen: ${small.join(', ')}`);
    failed = true;
  }
}
if (failed) process.exitCode = 1;
