import { afterAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '#shared/errors.ts';
import { buildApp } from '../app.ts';
import { setupTestApp } from '../test/helper.ts';

/**
 * The OpenAPI document is built from the routes' zod contracts and served outside production with
 * a reference page; every operation describes its success answer and its error codes.
 */
const ctx = await setupTestApp({}, { listen: false, seed: false });

interface Response { description?: string; content?: Record<string, { schema?: object }> }
interface Operation {
  parameters?: { in: string }[];
  requestBody?: object;
  responses?: Record<string, Response>;
  security?: object[];
}
interface Document { openapi: string; paths: Record<string, Record<string, Operation>> }

const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/openapi.json' });
const doc = res.json() as Document;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

describe('the OpenAPI document', () => {
  it('is served at /prod-api/openapi.json with every product operation', () => {
    expect(res.statusCode).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(operations.length).toBeGreaterThan(100);
    const names = operations.map((o) => o.name);
    expect(names).toContain('GET /prod-api/app-api/v1/prodType/listTypeProds');
    expect(names).toContain('POST /prod-api/auth/oauth2/token');
    expect(names).toContain('GET /prod-api/app-api/v1/order/downloadPolicy/{id}');
  });

  it.each(operations.map((o) => [o.name, o.op] as const))('%s has a success response schema and catalogue error codes', (_name, op) => {
    const responses = op.responses ?? {};
    const success = Object.entries(responses).filter(([status]) => /^[23]\d\d$/.test(status));
    expect(success.length, 'a 2xx/3xx response').toBeGreaterThan(0);
    for (const [, response] of success) {
      const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
      expect(schemas.length, 'a described body').toBeGreaterThan(0);
      for (const schema of schemas) expect(schema).toBeTruthy();
    }
    expect(responses['500']?.description).toContain('B0001');
    for (const [status, response] of Object.entries(responses).filter(([s]) => /^[45]\d\d$/.test(s))) {
      const codes = response.description?.match(/[A-C]\d{4}/g) ?? [];
      expect(codes.length, `codes of ${status}`).toBeGreaterThan(0);
      for (const code of codes) expect(isErrorCode(code), code).toBe(true);
    }
    const takesInput = Boolean(op.requestBody) || (op.parameters ?? []).length > 0;
    if (takesInput) expect(responses['400']?.description).toContain('A0400');
  });

  it('marks operations that need a token with Bearer security and 401', () => {
    const me = doc.paths['/prod-api/app-api/v1/members/me'].get;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(me.responses?.['401']?.description).toContain('A0230');
    const open = doc.paths['/prod-api/app-api/v1/prodType/listTypeProds'].get;
    expect(open.security).toBeUndefined();
  });

  it('leaves the WeChat simulators out (WeChat documents its own protocol)', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/wx-sim'))).toEqual([]);
  });
});

describe('the API reference page', () => {
  it('is served at /prod-api/docs', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });
});

// The same routes with the production switch on (the configuration's own production checks aside).
const production = await buildApp({ config: { ...ctx.config, production: true }, database: ctx.database, providers: ctx.app.providers, logger: false });
await production.ready();
afterAll(() => production.close());

describe('in production', () => {
  it('neither the document nor the page is served', async () => {
    for (const url of ['/prod-api/openapi.json', '/prod-api/docs/']) {
      const answer = await production.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'A0404', data: null });
    }
  });
});
