import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { builtIndexScriptHashes } from '../lib/inline-script-hashes.ts';
import { setupTestApp } from '../test/helper.ts';

/** Security headers on every kind of answer: pages, API answers and errors, the H5's files; HSTS only in production. */
const ctx = await setupTestApp({}, { listen: false, seed: false });
const production = await buildApp({
  config: { ...ctx.config, production: true },
  database: ctx.database,
  providers: ctx.app.providers,
  logger: false,
});
await production.ready();
afterAll(() => production.close());

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it.each([
    [
      'the WeChat consent page',
      '/wx-sim/connect/oauth2/authorize?appid=wx0000000000000001&redirect_uri=http%3A%2F%2F127.0.0.1%2F&response_type=code&scope=snsapi_userinfo&state=s#wechat_redirect',
    ],
    ['a page that is not there', '/no-such-page'],
  ])('%s carries the Content-Security-Policy, nosniff and the referrer policy', async (_name, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(/^text\/html|^application\/json/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    // The built index.html's inline early-start script by its hash (none when the H5 is not built).
    expect(csp.get('script-src')).toBe(
      ["'self' https://res.wx.qq.com https://res2.wx.qq.com", ...builtIndexScriptHashes()].join(' '),
    );
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['an API answer', '/prod-api/version'],
    ['an API error', '/prod-api/app-api/v1/nothing-here'],
    ['a refused API call', '/prod-api/app-api/v1/members/me'],
  ])(
    "%s carries OWASP's REST set: nothing may load or frame it, nosniff, and no document-only headers",
    async (_name, url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[documentOnly], documentOnly).toBeUndefined();
      }
    },
  );

  it("the API's reference page under the API's base is a page: Swagger UI's own policy and the page headers", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("the H5's hashed files carry only what a script or style reads: nosniff and the resource policy", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/no-such-file.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const inProduction = await production.inject({ method: 'GET', url: '/assets/no-such-file.js' });
    expect(inProduction.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('HSTS only in production, on pages and API answers alike', async () => {
    const page = await production.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const api = await production.inject({ method: 'GET', url: '/prod-api/version' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
