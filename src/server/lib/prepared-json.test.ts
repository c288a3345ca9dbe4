import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper.ts';
import { V1 } from '../test/http.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * The first screen's cached answers (catalogue, product, menu) travel compressed to a caller that
 * accepts it, and say so; the bytes decode to the same answer a caller without compression gets.
 */
const ctx = await setupTestApp();
const me = await signIn(ctx, 'demo.member');
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `${V1}/${url}`, headers });
const decode = (encoding: string | undefined, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

describe('compressed answers', () => {
  it.each([
    ['prodType/listTypeProds', {}],
    ['open/menu', me.headers],
  ])(
    '%s: brotli for a browser, gzip for a caller without brotli, plain for one that asks for neither',
    async (url, who) => {
      const plain = await get(url, who);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [header, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0.5, *', 'br'],
        ['identity', undefined],
      ] as const) {
        const res = await get(url, { ...who, 'accept-encoding': header });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
        expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
        if (encoding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    },
  );

  it('sends a product compressed, and a 304 of the list names the same Vary', async () => {
    const types = (await get('prodType/listTypeProds')).json().data as { products: { id: number }[] }[];
    const productId = types.flatMap((t) => t.products)[0].id;
    const plain = await get(`product/${productId}`, me.headers);
    const br = await get(`product/${productId}`, { ...me.headers, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const list = await get('prodType/listTypeProds', { 'accept-encoding': 'br' });
    const again = await get('prodType/listTypeProds', {
      'accept-encoding': 'br',
      'if-none-match': list.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe(list.headers.vary);
  });

  it('leaves a small answer as it is', async () => {
    const res = await get('members/me', { ...me.headers, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe('00000');
  });
});
