import { describe, expect, it } from 'vitest';
import { isSharedCacheControl } from '../lib/shared-cache.ts';
import { setupTestApp } from '../test/helper.ts';
import { productId } from '../test/buying.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * Only what is the same for every visitor may be kept by the proxy in front: every API route the
 * app registers (enumerated from Fastify's own route table, not listed here), called with a token
 * and a cookie, answers with a policy no shared cache keeps.
 */
const ctx = await setupTestApp({}, { listen: false });
const member = await signIn(ctx, 'demo.member');
const product = await productId(ctx, 'ACC-ZH');

/**
 * Every route under /prod-api as Fastify prints its table: method and path pattern. The printed
 * tree nests a path under another that begins it (four columns a level), so a line's path is its
 * parent's followed by its own part.
 */
function apiRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4 - 1;
    const path = (depth > 0 ? parents[depth - 1] : '') + match[2];
    parents[depth] = path;
    // The API's reference (outside production) is a document about routes, the same for everyone.
    if (!match[3] || !path.startsWith('/prod-api/') || /^\/prod-api\/(docs|openapi)/.test(path)) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

/** A path of the pattern: every parameter the id of a sellable product (other ids are someone's or nobody's). */
const pathOf = (pattern: string) => pattern.replace(/:\w+/g, String(product)).replace(/\*$/, 'x');

describe('answers a shared cache may keep', () => {
  const routes = apiRoutes();

  it('are found in the route table (which lists the API)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'GET', path: '/prod-api/app-api/v1/members/me' });
    expect(routes).toContainEqual({ method: 'GET', path: '/prod-api/app-api/v1/claims/:id/files/:fileId' });
    expect(routes).toContainEqual({ method: 'PUT', path: '/prod-api/app-api/v1/members/me/password' });
  });

  it('never include an answer to a request with a token or a cookie, on any route', async () => {
    const shared: string[] = [];
    for (const { method, path } of routes) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url: pathOf(path),
        headers: { ...member.headers, cookie: 'sid=someone' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const policy = res.headers['cache-control'];
      expect(policy, `${method} ${path}: ${res.statusCode}`).toBeTruthy();
      if (isSharedCacheControl(String(policy))) shared.push(`${method} ${path}: ${policy}`);
    }
    expect(shared).toEqual([]);
  });

  it('are, without credentials, only the catalogue list and the product detail', async () => {
    const shared: string[] = [];
    for (const { path } of routes.filter((r) => r.method === 'GET')) {
      const res = await ctx.app.inject({ method: 'GET', url: pathOf(path) });
      const policy = String(res.headers['cache-control']);
      if (isSharedCacheControl(policy)) shared.push(path);
      else expect(policy, path).toMatch(/no-store|no-cache|private/);
    }
    expect(shared.sort()).toEqual(['/prod-api/app-api/v1/prodType/listTypeProds', '/prod-api/app-api/v1/product/:id']);
  });

  it('say how long, and on which headers they vary', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/prod-api/app-api/v1/prodType/listTypeProds' });
    expect(list.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    expect(list.headers.vary).toBe('Accept-Language, Accept-Encoding');
    const detail = await ctx.app.inject({ method: 'GET', url: `/prod-api/app-api/v1/product/${product}` });
    expect(detail.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    expect(detail.headers.vary).toBe('Accept-Language, Authorization, Accept-Encoding');
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: `/prod-api/app-api/v1/product/${product}`,
      headers: member.headers,
    });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toBe(detail.headers.vary);
  });
});
