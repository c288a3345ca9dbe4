/**
 * Prints the gzipped size of what the first load of `/#/index` downloads: the entry chunk of
 * index.html, the home view and the texts it loads with it, each with its static imports (JS and
 * CSS), from Vite's manifest. Other views and the sign-in dialog are lazy and not counted. Fails
 * when the JS is over the budget of the H5's issue.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_BYTES = 150 * 1024;
const root = join(process.cwd(), 'dist', 'web');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function collect(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) collect(next, seen);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('no index.html entry in dist/web/.vite/manifest.json');
const FIRST_PAGE = ['src/app/views/index/index.tsx', 'src/app/i18n/messages/views-home.zh-cn.ts'];
const chunks = new Set<string>();
collect(entryKey, chunks);
/** A module's chunk: its own key, or the shared chunk named after it (`_name-hash.js`). */
function chunkKeyOf(module: string): string {
  if (manifest[module]) return module;
  const base = module.split('/').pop()!.replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).find((key) => key.startsWith(`_${base}-`));
  if (!shared) throw new Error(`${module} has no chunk in the manifest`);
  return shared;
}
for (const module of FIRST_PAGE) collect(chunkKeyOf(module), chunks);

const gz = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
const js = [...chunks].map((key) => manifest[key].file);
const css = [...new Set([...chunks].flatMap((key) => manifest[key].css ?? []))];

let jsTotal = 0;
let cssTotal = 0;
for (const file of js) {
  const size = gz(file);
  jsTotal += size;
  console.log(`  js  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
for (const file of css) {
  const size = gz(file);
  cssTotal += size;
  console.log(`  css ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`first load of /#/index (gzip): JS ${(jsTotal / 1024).toFixed(1)} KB, CSS ${(cssTotal / 1024).toFixed(1)} KB; JS budget ${BUDGET_JS_BYTES / 1024} KB`);
if (jsTotal > BUDGET_JS_BYTES) {
  console.error('first-load JS is over budget');
  process.exitCode = 1;
}
