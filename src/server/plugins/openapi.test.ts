import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '#shared/errors.ts';
import { renderText } from '../lib/texts/render.ts';
import { MODULE_ERROR_CODES } from '../modules/error-codes.ts';
import { buildApp } from '../app.ts';
import { setupTestApp } from '../test/helper.ts';

/**
 * The OpenAPI document is built from the routes' zod contracts and served outside production with
 * a reference page; every operation describes its success answer and its error codes.
 */
const ctx = await setupTestApp({}, { listen: false, seed: false });

interface Response {
  description?: string;
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  'x-error-codes'?: string[];
  parameters?: { in: string }[];
  requestBody?: object;
  responses?: Record<string, Response>;
  security?: object[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/openapi.json' });
const doc = res.json() as Document;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

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

  it.each(operations.map((o) => [o.name, o.op] as const))(
    '%s has a success response schema and catalogue error codes',
    (_name, op) => {
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
    },
  );

  it.each(operations.map((o) => [o.name, o.op] as const))(
    '%s lists its error codes from the catalogue, each documented under its status',
    (_name, op) => {
      const codes = op['x-error-codes'] ?? [];
      expect(codes).toContain('B0001');
      for (const code of codes) {
        expect(isErrorCode(code), code).toBe(true);
        if (!isErrorCode(code)) continue;
        expect(op.responses?.[String(ERRORS[code].status)]?.description, code).toContain(
          `${code} ${renderText('zh-cn', `error.${code}`)}`,
        );
      }
    },
  );

  it("lists the codes a module's handlers answer on its operations", () => {
    expect(doc.paths['/prod-api/app-api/v1/order/policyInfo/{id}/surrender'].post['x-error-codes']).toEqual(
      expect.arrayContaining(['A0460', 'C0130']),
    );
    expect(doc.paths['/prod-api/app-api/v1/partner/canre/{a}/{b}'].put['x-error-codes']).toEqual(
      expect.arrayContaining(['A0480', 'A0481']),
    );
    expect(doc.paths['/prod-api/auth/oauth2/token'].post['x-error-codes']).toEqual(
      expect.arrayContaining(['A0140', 'A0210', 'A0241']),
    );
  });

  it('has, for each module, every code its sources name (modules/error-codes.ts)', () => {
    const root = join(import.meta.dirname, '../modules');
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    for (const folder of folders) {
      const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter(
        (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
      );
      const named = new Set(
        files.flatMap((f) =>
          [...readFileSync(join(root, folder, f), 'utf8').matchAll(/'([ABC]\d{4})'/g)].map((m) => m[1]),
        ),
      );
      const listed: readonly string[] = (MODULE_ERROR_CODES as Record<string, readonly string[]>)[folder] ?? [];
      expect({ folder, missing: [...named].filter((code) => !listed.includes(code)) }).toEqual({ folder, missing: [] });
    }
  });

  it('marks operations that need a token with Bearer security and 401', () => {
    const me = doc.paths['/prod-api/app-api/v1/members/me'].get;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(me.responses?.['401']?.description).toContain('A0230');
    const open = doc.paths['/prod-api/app-api/v1/prodType/listTypeProds'].get;
    expect(open.security).toBeUndefined();
  });

  // Operations that take no body (their input is the path, the query or nothing), and logout.
  const BODYLESS = new Set([
    'DELETE /prod-api/app-api/v1/members/me/avatar',
    'POST /prod-api/app-api/v1/sms/{type}',
    'POST /prod-api/app-api/v1/product/{id}/collect',
    'DELETE /prod-api/app-api/v1/product/{id}/collect',
    'DELETE /prod-api/app-api/v1/order/drafts/{id}',
    'DELETE /prod-api/app-api/v1/order/drafts/{id}/team/insured/{rowId}',
    'POST /prod-api/app-api/v1/order/{id}/cancel',
    'DELETE /prod-api/app-api/v1/persons/{id}',
    'DELETE /prod-api/app-api/v1/added-policies',
    'DELETE /prod-api/app-api/v1/added-policies/{id}',
    'DELETE /prod-api/app-api/v1/added-policies/{id}/files/{fileId}',
    'DELETE /prod-api/app-api/v1/company/departments/{id}',
    'PUT /prod-api/app-api/v1/company/members/{id}/{x}',
    'PUT /prod-api/app-api/v1/partner/canre/{a}/{b}',
    'PUT /prod-api/app-api/v1/messages/read-all',
    'PUT /prod-api/app-api/v1/messages/{id}/read',
    'POST /prod-api/app-api/v1/order/policyInfo/{id}/keep',
    'POST /prod-api/app-api/v1/order/policyInfo/{id}/renewal',
    'POST /prod-api/dev/sweep',
    // Reads an optional { refresh_token } leniently: logout never fails, and without a valid token
    // it ends every session of the caller, so no contract refuses anything there.
    'DELETE /prod-api/app-api/v1/users/logout',
  ]);

  it.each(operations.filter((o) => /^(POST|PUT|PATCH|DELETE) /.test(o.name)).map((o) => [o.name, o.op] as const))(
    '%s has a request body schema, or is known to take none',
    (name, op) => {
      const content = (op.requestBody as { content?: Record<string, { schema?: object }> } | undefined)?.content ?? {};
      if (BODYLESS.has(name)) {
        expect(Object.keys(content), 'listed as taking no body').toEqual([]);
        return;
      }
      expect(Object.keys(content).length, 'a request body').toBeGreaterThan(0);
      for (const media of Object.values(content)) expect(media.schema).toBeTruthy();
    },
  );

  it("describes the token call's form and the three uploads", () => {
    const token = doc.paths['/prod-api/auth/oauth2/token'].post.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(token.content)).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded']);
    expect(Object.keys(token.content['application/x-www-form-urlencoded'].schema.properties)).toEqual(
      expect.arrayContaining(['grant_type', 'code', 'agreement']),
    );
    const uploads = [
      doc.paths['/prod-api/app-api/v1/members/me/avatar'].put,
      doc.paths['/prod-api/app-api/v1/claims/{id}/files'].post,
      doc.paths['/prod-api/app-api/v1/order/drafts/{id}/team/import'].post,
    ];
    for (const upload of uploads) {
      const body = upload.requestBody as {
        content: Record<string, { schema: { properties: { file: { format?: string; items?: { format?: string } } } } }>;
      };
      const file = body.content['multipart/form-data'].schema.properties.file;
      expect(file.format ?? file.items?.format).toBe('binary');
    }
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
const production = await buildApp({
  config: { ...ctx.config, production: true },
  database: ctx.database,
  providers: ctx.app.providers,
  logger: false,
});
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
