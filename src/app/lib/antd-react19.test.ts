import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * antd-mobile's imperative APIs show nothing under React 19 until antd-react19.ts has run, and the
 * first screen does not load it (docs/toolchain.md, antd-mobile and React 19): every module that
 * opens a Dialog, Modal or Toast imperatively imports it itself.
 */
const APP = join(import.meta.dirname, '..');
const IMPERATIVE = /\b(Dialog|Modal)\.(show|alert|confirm)\(|\bToast\.show\(/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('antd-mobile imperative APIs under React 19', () => {
  it('are called only from modules that import the React 19 render shim', () => {
    const offenders = sources(APP)
      .filter((file) => !file.endsWith('antd-react19.ts'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return IMPERATIVE.test(text) && !text.includes('antd-react19');
      })
      .map((file) => file.slice(APP.length + 1));
    expect(offenders).toEqual([]);
  });
});
