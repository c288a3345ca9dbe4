import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script as the browser does, and skips scripts with src', () => {
    const html =
      '<head><script>var a="é";</script><script type="module" crossorigin src="/assets/index.js"></script></head><body><script type="text/javascript">\nb()\n</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('var a="é";'), sha('\nb()\n')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script></script>')).toEqual([]);
  });
});
