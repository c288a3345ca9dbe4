import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../test/helper.ts';

// A throw-away route with a typical body schema, to test the handler rather than a module.
const ctx = await setupTestApp(
  {},
  {
    listen: false,
    seed: false,
    extend: (app) => {
      app.post(
        '/prod-api/test-shape/:id',
        {
          schema: {
            params: z.object({ id: z.coerce.number().int() }),
            body: z.object({ name: z.string(), age: z.number().int() }),
          },
        },
        async () => ({ code: '00000', msg: 'ok' }),
      );
    },
  },
);

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers,
  });

describe('the error handler', () => {
  it('names a missing field with A0410', async () => {
    const res = await post('/prod-api/test-shape/1', { age: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0410', data: { issues: [{ field: 'name', message: '必填' }] } });
  });

  it('tells a wrong type (A0400) from a missing one', async () => {
    const res = await post('/prod-api/test-shape/1', { name: 123, age: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0400');
    expect(res.json().msg).toContain('姓名');
  });

  it('answers malformed JSON with A0427', async () => {
    const res = await post('/prod-api/test-shape/1', '{"name":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'A0427', msg: '请求 JSON 解析失败', data: null });
  });

  it('answers a body over 1 MiB with 413 A0413', async () => {
    const res = await post('/prod-api/test-shape/1', { name: 'x'.repeat(1024 * 1024 + 10), age: 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('A0413');
  });

  it('answers a malformed percent-encoded URL with an envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/app-api/v1/%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^A0/);
  });

  it('answers an over-long path parameter with an envelope', async () => {
    const res = await post(`/prod-api/test-shape/${'9'.repeat(200)}`, { name: 'a', age: 1 });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^A0/);
  });
});

describe('broken multipart bodies', () => {
  it('answer 400 A0400 rather than 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/prod-api/auth/oauth2/token',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\nmember_pass',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^A0/);
  });
});
