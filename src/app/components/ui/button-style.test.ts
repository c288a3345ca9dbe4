import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The button rule of docs/decisions/visual-rules.md: secondary actions are primary (blue) outline
 * buttons. An outline Button without a colour is antd-mobile's black-bordered one, which stood out
 * among the blue ones (从企业成员添加, 重发邮件, the team list's tools, 401's 登录).
 */
const APP = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Each `<Button …>` opening tag of a file, as written. */
const buttonTags = (text: string) => text.match(/<Button\b[^>]*>/g) ?? [];

describe('button styles', () => {
  it('gives every outline button a colour (no black-bordered default outline buttons)', () => {
    const offenders = sources(APP).flatMap((file) =>
      buttonTags(readFileSync(file, 'utf8'))
        .filter((tag) => tag.includes('fill="outline"') && !tag.includes('color='))
        .map((tag) => `${file.slice(APP.length + 1)}: ${tag}`),
    );
    expect(offenders).toEqual([]);
  });
});
