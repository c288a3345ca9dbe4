import { describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS_PL } from '#shared/texts/errors.pl.ts';
import { setupTestApp } from '../test/helper.ts';

/**
 * Under pressure the instance sheds load with 503 instead of queueing: here the heap bound is set
 * below what any process uses, so it is under pressure from the first sample (a second) on.
 */
const ctx = await setupTestApp({ PRESSURE_MAX_HEAP_USED_MB: '1' }, { listen: false, seed: false });

describe('load shedding (@fastify/under-pressure)', () => {
  it('answers 503 B0100 with Retry-After and the request id, and stays live', async () => {
    const version = () => ctx.app.inject({ method: 'GET', url: '/prod-api/version' });
    await vi.waitFor(async () => expect((await version()).statusCode).toBe(503), { timeout: 10_000, interval: 200 });
    const shed = await version();
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({
      code: 'B0100',
      msg: '系统繁忙，请稍后再试',
      data: { requestId: shed.headers['x-request-id'] },
    });
    // A phone opening the H5 itself gets a page that says so (in its language) and tries again.
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'pl-PL,pl;q=0.9' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(page.body).toContain(`<p>${ERROR_TEXTS_PL['error.B0100']}</p>`);
    const live = await ctx.app.inject({ method: 'GET', url: '/prod-api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
