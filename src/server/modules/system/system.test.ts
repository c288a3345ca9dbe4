import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';

const ctx = await setupTestApp({}, { listen: false, seed: false });

describe('GET /prod-api/version', () => {
  it('answers without a token in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '00000', data: { name: 'insure-h5', database: ctx.database.kind } });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with A0404 in Chinese', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/app-api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'A0404', msg: '请求的资源不存在', data: null });
  });
});
