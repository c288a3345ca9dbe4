import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root.ts';

/** A `<script>` without `src`: its text is what the browser hashes for the CSP. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP source expressions (`'sha256-…'`) of the inline scripts of an HTML page, in order. The
 * built index.html carries one, the first screen's early start (docs/decisions/early-start-script.md):
 * its hash lets exactly that text run, while every other inline script stays forbidden.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1])
    .filter((text) => text.trim().length > 0)
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The hashes of the built H5's index.html (dist/web), or none when it is not built. */
export function builtIndexScriptHashes(): string[] {
  const file = join(projectRoot(), 'dist', 'web', 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
