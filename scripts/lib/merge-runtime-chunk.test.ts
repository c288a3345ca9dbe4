import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeRuntimeChunk } from './merge-runtime-chunk.ts';

// Vite's bundler, through Vite's own types (rolldown is its dependency, not ours).
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A chunk as Rolldown hands it to generateBundle, with only the fields the merge reads. */
function chunk(fileName: string, name: string, code: string, imports: string[], exports: string[] = []): OutputChunk {
  return { type: 'chunk', fileName, name, code, imports, exports, dynamicImports: [] } as unknown as OutputChunk;
}

/** Minified like Rolldown's: a CommonJS wrapper helper `t`, a namespace helper `n`. */
const RUNTIME =
  'var e=(e,t)=>()=>(t||e((t={exports:{}}).exports,t),t.exports),r=(e)=>({...e,ns:!0});export{r as n,e as t};';

function bundleOf(): OutputBundle {
  const files = [
    chunk('assets/rolldown-runtime-AAAA.js', 'rolldown-runtime', RUNTIME, [], ['n', 't']),
    // React-like CommonJS inside the vendor chunk.
    chunk(
      'assets/vendor-BBBB.js',
      'vendor',
      'import{t as e}from"./rolldown-runtime-AAAA.js";var n=e(((e,t)=>{t.exports={version:19}}));const r=n();export{r as a};',
      ['assets/rolldown-runtime-AAAA.js'],
      ['a'],
    ),
    // An app chunk that reaches the vendor chunk through the entry.
    chunk(
      'assets/index-CCCC.js',
      'index',
      'import{a as e}from"./vendor-BBBB.js";export const version=e.version;',
      ['assets/vendor-BBBB.js'],
      ['version'],
    ),
    chunk(
      'assets/view-DDDD.js',
      'view',
      'import{n as e}from"./rolldown-runtime-AAAA.js";import{version as t}from"./index-CCCC.js";export const shown=e({v:t});',
      ['assets/rolldown-runtime-AAAA.js', 'assets/index-CCCC.js'],
      ['shown'],
    ),
    // A CommonJS library loaded on its own, without the vendor chunk.
    chunk(
      'assets/sdk-EEEE.js',
      'sdk',
      'import{t as e}from"./rolldown-runtime-AAAA.js";export default e(((e,t)=>{t.exports={sdk:!0}}))();',
      ['assets/rolldown-runtime-AAAA.js'],
    ),
    // Vite's list of files to preload with a lazy chunk.
    chunk(
      'assets/entry-FFFF.js',
      'entry',
      'const d=["assets/view-DDDD.js","assets/rolldown-runtime-AAAA.js"];export default d;',
      [],
    ),
  ];
  return Object.fromEntries(files.map((f) => [f.fileName, f])) as OutputBundle;
}

const dir = mkdtempSync(join(tmpdir(), 'merge-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mergeRuntimeChunk', () => {
  it('removes the runtime chunk, and every chunk still runs with the helpers', async () => {
    const bundle = bundleOf();
    mergeRuntimeChunk(bundle, 'vendor');
    expect(Object.keys(bundle)).not.toContain('assets/rolldown-runtime-AAAA.js');
    for (const item of Object.values(bundle)) {
      if (item.type === 'chunk') expect(item.code).not.toContain('rolldown-runtime');
    }
    // The preload list names the vendor chunk instead of the runtime.
    expect((bundle['assets/entry-FFFF.js'] as OutputChunk).code).toContain('"assets/vendor-BBBB.js"');
    // A chunk that reaches the vendor chunk imports the helpers from it; the lone library carries its own.
    expect((bundle['assets/view-DDDD.js'] as OutputChunk).imports).toContain('assets/vendor-BBBB.js');
    expect((bundle['assets/sdk-EEEE.js'] as OutputChunk).imports).toEqual([]);

    const out = join(dir, 'run');
    mkdirSync(join(out, 'assets'), { recursive: true });
    for (const item of Object.values(bundle))
      if (item.type === 'chunk') writeFileSync(join(out, item.fileName), item.code);
    const view = (await import(pathToFileURL(join(out, 'assets/view-DDDD.js')).href)) as { shown: unknown };
    expect(view.shown).toEqual({ v: 19, ns: true });
    const sdk = (await import(pathToFileURL(join(out, 'assets/sdk-EEEE.js')).href)) as { default: unknown };
    expect(sdk.default).toEqual({ sdk: true });
  });

  it('leaves a bundle without a runtime chunk as it is', () => {
    const bundle = bundleOf();
    delete bundle['assets/rolldown-runtime-AAAA.js'];
    const before = JSON.stringify(bundle);
    mergeRuntimeChunk(bundle, 'vendor');
    expect(JSON.stringify(bundle)).toBe(before);
  });
});
