import { describe, expect, it } from 'vitest';
import { SHARED_TEXTS_ZH_CN } from '#shared/texts/zh-cn.ts';
import { messages as polish } from './pl-bundle.ts';
import { shellZhCn } from './shell.zh-cn.ts';
import { viewsZhCn } from './views.zh-cn.ts';

// The shared catalogue's texts are ICU messages the server renders (src/shared/texts); the H5's own are not.
const own = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).filter(([key]) => !(key in SHARED_TEXTS_ZH_CN)));
const chinese = own({ ...shellZhCn, ...viewsZhCn });
const placeholders = (text: string) => [...text.matchAll(/\{[^{}]*\}/g)].map((m) => m[0]).sort();

// translate() fills `{name}` and nothing more: a plural or select form would reach the reader raw.
describe('H5 texts', () => {
  it('use only plain {name} placeholders', () => {
    const odd = Object.entries({ ...chinese, ...own(polish) }).filter(([, text]) =>
      /\{(?!\w+\})/.test(text.replace(/\{\w+\}/g, '')),
    );
    expect(odd.map(([key]) => key)).toEqual([]);
  });

  it('name the same placeholders in Polish as in Chinese', () => {
    const differing = Object.keys(chinese).filter(
      (key) => placeholders(chinese[key]!).join() !== placeholders((polish as Record<string, string>)[key]!).join(),
    );
    expect(differing).toEqual([]);
  });
});
