import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { collectedLog } from '../test/collected-log.ts';
import { setupTestApp } from '../test/helper.ts';

/** One id per request: from the front when valid, in each of its log lines, its answer's header and a 5xx body. */
const log = collectedLog();
const ctx = await setupTestApp(
  {},
  {
    listen: false,
    seed: false,
    logger: log.logger,
    extend: (app) => {
      app.get('/prod-api/test/unexpected', async () => {
        throw new Error('something nobody foresaw');
      });
      app.get('/prod-api/test/wechat-down', async () => {
        throw new AppError('C0110');
      });
    },
  },
);

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request id', () => {
  it('is made per request when the front sent none, and returned as a header', async () => {
    const first = await get('/prod-api/version');
    const second = await get('/prod-api/version');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("is the front's when valid (nginx's $request_id), a new one when not", async () => {
    const nginxId = '5f0a1c3e9b2d4f6a8c0e1a3b5d7f9b1d';
    expect((await get('/prod-api/version', { 'x-request-id': nginxId })).headers['x-request-id']).toBe(nginxId);
    for (const bad of ['short', 'a'.repeat(129), 'has space inside', 'quote"inside-id', 'line\u0007bell-id']) {
      const answered = (await get('/prod-api/version', { 'x-request-id': bad })).headers['x-request-id'];
      expect(answered, bad).toMatch(UUID);
    }
  });

  it('is in every log line of its request', async () => {
    const id = 'support-trace-0001';
    const from = log.lines.length;
    await get('/prod-api/test/unexpected', { 'x-request-id': id });
    const lines = log.lines.slice(from);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'unhandled error', 'request completed']);
    for (const line of lines) expect(line.reqId, line.msg).toBe(id);
  });

  it('is in the body of every 5xx answer, where the envelope keeps its three keys', async () => {
    for (const url of ['/prod-api/test/unexpected', '/prod-api/test/wechat-down']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(500);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
      expect(body.data).toEqual({ requestId: res.headers['x-request-id'] });
    }
    // A 4xx names no id: the caller's own mistake needs no log search.
    expect((await get('/prod-api/no-such-thing')).json().data).toBeNull();
  });
});
