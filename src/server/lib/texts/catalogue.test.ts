import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/constants.ts';
import { TEXT_LOCALES, TEXTS, type TextKey } from './catalogue.ts';

/**
 * The guards of the text catalogues (docs/decisions/server-texts-by-key.md). The type checker already
 * holds that the Polish catalogues have exactly the Chinese keys and that every call names a key
 * with its arguments; these tests hold what it cannot see: each message is valid ICU in its locale,
 * the languages use the same arguments, and every key is used somewhere in the code.
 */

const ROOT = join(import.meta.dirname, '../../../..');
const KEYS = Object.keys(TEXTS['zh-cn']) as TextKey[];

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** The argument names of a message, from the ICU parser (plain, number, plural, select… alike). */
function argumentsOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && typeof element.value === 'string' && element.type !== 0) into.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options as Record<string, { value: Element[] }>))
        argumentsOf(option.value, into);
  }
  return into;
}

const argumentNames = (message: string, locale: string) =>
  [...argumentsOf(new IntlMessageFormat(message, locale).getAst())].sort();

describe('the text catalogues', () => {
  it('have the same keys in every language, none of them empty', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(TEXTS[language]).sort(), language).toEqual([...KEYS].sort());
      for (const key of KEYS) expect(TEXTS[language][key].length, `${language} ${key}`).toBeGreaterThan(0);
    }
  });

  it('hold messages the ICU parser reads, with the same arguments in every language', () => {
    const differing: string[] = [];
    for (const key of KEYS) {
      const [reference, ...others] = LANGUAGES.map((l) => argumentNames(TEXTS[l][key], TEXT_LOCALES[l]));
      if (others.some((other) => other.join() !== reference.join())) differing.push(key);
    }
    expect(differing).toEqual([]);
  });

  it('write no Chinese into a Polish text', () => {
    const han = KEYS.filter((key) => /\p{Script=Han}/u.test(TEXTS.pl[key]));
    expect(han).toEqual([]);
  });

  it('name no internal field (a camelCase or snake_case identifier) inside a message, in any language', () => {
    const withoutArguments = (message: string) => {
      let text = message;
      for (let depth = 0; depth < 4; depth++) text = text.replace(/\{[^{}]*\}/g, ' ');
      return text;
    };
    const named = LANGUAGES.flatMap((language) =>
      KEYS.filter((key) =>
        /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+_[a-z_]+\b/.test(withoutArguments(TEXTS[language][key])),
      ).map((key) => `${language} ${key}: ${TEXTS[language][key]}`),
    );
    expect(named).toEqual([]);
  });

  it('hold no key that the code never names', () => {
    const { literals, prefixes } = namesInCode();
    const unused = KEYS.filter((key) => !literals.has(key) && !prefixes.some((p) => key.startsWith(p)));
    expect(unused).toEqual([]);
  });
});

/**
 * Every string the code writes, read with TypeScript's parser: whole literals (a key named as it is)
 * and the fixed start of template literals (`claim.status.${status}` names every `claim.status.` key).
 * The catalogues themselves and the tests do not count.
 */
function namesInCode(): { literals: Set<string>; prefixes: string[] } {
  const literals = new Set<string>();
  const prefixes: string[] = [];
  for (const file of sourceFiles()) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) literals.add(node.text);
      else if (ts.isTemplateExpression(node) && node.head.text.endsWith('.')) prefixes.push(node.head.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, prefixes };
}

function sourceFiles(): string[] {
  const catalogues = /(^|\/)texts\/([a-z]+\.)?(zh-cn|pl)\.ts$/;
  return ['src/server', 'src/shared', 'src/app']
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(ROOT, dir, f)),
    )
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !catalogues.test(relative(ROOT, f)));
}
