import { describe, expect, it } from 'vitest';
import { TokenRequestSchema } from '#shared/auth.ts';
import { setupTestApp } from '../test/helper.ts';
import { signIn } from '../test/sign-in.ts';

/**
 * A NUL byte in any string a route reads (query or body) is refused with 400 naming the field,
 * never a 500 from the database (docs/decisions/text-input.md). The routes and their fields are
 * read from the OpenAPI document, so a new route or field is covered without touching this file.
 */
const ctx = await setupTestApp({}, { listen: false });
// The channel role passes every role check, so each request reaches validation.
const { headers: bearer } = await signIn(ctx, 'demo.channel');
const basic = { authorization: `Basic ${Buffer.from(`insure-h5:${ctx.config.oauthClientSecret}`).toString('base64')}` };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A string leaf of a body schema: its path, the body that puts NUL there, and whether a union lies on the way. */
interface Leaf {
  path: string[];
  body: unknown;
  throughUnion: boolean;
}

const isString = (s: JsonSchema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Every string leaf of a schema, each with the smallest value that holds NUL at that leaf. */
function leaves(schema: JsonSchema, path: string[] = [], throughUnion = false): Leaf[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap((s) => leaves(s, path, true));
  if (schema.allOf) return schema.allOf.flatMap((s) => leaves(s, path, throughUnion));
  if (isString(schema) && schema.enum === undefined && schema.const === undefined)
    return [{ path, body: '\u0000', throughUnion }];
  if (schema.items) return leaves(schema.items, [...path, '0'], throughUnion).map((l) => ({ ...l, body: [l.body] }));
  if (!schema.properties) return [];
  // Fixed values (a discriminator such as `type: 'health'`) go with every leaf, so the union picks this branch.
  const fixed = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, s]) => s.const !== undefined || s.enum?.length === 1)
      .map(([key, s]) => [key, s.const ?? s.enum![0]]),
  );
  return Object.entries(schema.properties).flatMap(([key, s]) =>
    leaves(s, [...path, key], throughUnion).map((l) => ({ ...l, body: { ...fixed, [key]: l.body } })),
  );
}

/**
 * `prefixOk`: a union lies on the way, so the issue may name the union rather than the leaf.
 * `bodyFirst`: a query field of a route with a body; Fastify validates the body before the query,
 * so the missing body is what gets named — the answer must still be 400.
 */
interface Case {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  field: string;
  prefixOk: boolean;
  bodyFirst?: boolean;
}

const pathValue = (s: JsonSchema | undefined) => String(s?.enum?.[0] ?? '1');

function casesOf(path: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    pathValue(params.find((p) => p.in === 'path' && p.name === name)?.schema),
  );
  const name = `${method.toUpperCase()} ${path}`;
  const out: Case[] = [];
  for (const p of params.filter((q) => q.in === 'query')) {
    if (leaves(p.schema).length) {
      out.push({
        name: `${name} ?${p.name}=%00`,
        method,
        url: `${url}?${p.name}=%00`,
        headers: bearer,
        field: p.name,
        prefixOk: false,
        bodyFirst: Boolean(op.requestBody),
      });
    }
  }
  const json = op.requestBody?.content['application/json']?.schema;
  for (const leaf of json ? leaves(json) : []) {
    out.push({
      name: `${name} body ${leaf.path.join('.') || '(the body)'}`,
      method,
      url,
      field: leaf.path.join('.') || 'body',
      prefixOk: leaf.throughUnion,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify(leaf.body),
    });
  }
  return out;
}

const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
const cases = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/prod-api/'))
  .flatMap(([path, ops]) => Object.entries(ops).flatMap(([method, op]) => casesOf(path, method, op)));

// The token call reads a form, validated in its handler: every field of its contract.
const TOKEN_URL = '/prod-api/auth/oauth2/token';
for (const field of Object.keys(TokenRequestSchema.shape)) {
  cases.push({
    name: `POST ${TOKEN_URL} form ${field}`,
    method: 'post',
    url: TOKEN_URL,
    field,
    prefixOk: false,
    headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `${field}=%00`,
  });
}

describe('control characters in strings', () => {
  it('the walk covers the routes the audit named and many more', () => {
    const names = cases.map((c) => c.name).join('\n');
    for (const expected of [
      'prodType/listTypeProds ?keyword',
      'prodType/listTypeProds ?type',
      'claims/desk ?keyword',
      'partner ?keyword',
      'company/members ?keyword',
    ]) {
      expect(names).toContain(expected);
    }
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: 400 naming the field, never 500', async (_name, c) => {
    const res = await ctx.app.inject({
      method: c.method.toUpperCase() as 'GET',
      url: c.url,
      headers: c.headers,
      payload: c.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; msg: string; data: { issues?: { field: string }[] } | null };
    expect(['A0400', 'A0410']).toContain(body.code);
    const fields = body.data?.issues?.map((i) => i.field) ?? [];
    const named = fields.some((f) => f === c.field || (c.prefixOk && (c.field.startsWith(`${f}.`) || f === 'body')));
    expect(named || c.bodyFirst, `${c.field} in ${JSON.stringify(fields)}`).toBe(true);
  });
});
