import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../lib/project-root.ts';
import { setupTestApp } from '../../test/helper.ts';

const built = existsSync(join(projectRoot(), 'dist', 'web', 'index.html'));
const ctx = await setupTestApp({}, { listen: false, seed: false });

describe.runIf(built)('serving the built H5', () => {
  it('sends index.html at / with revalidation, compressed when the client accepts brotli', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as envelopes, not static 404 pages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/app-api/v1/unknown' });
    expect(res.json()).toMatchObject({ code: 'A0404' });
  });

  it('gives hashed assets a year of immutable cache and a precompressed body', async () => {
    const index = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    const asset = /\/assets\/[^"]+\.js/.exec(index)?.[0];
    expect(asset).toBeTruthy();
    const res = await ctx.app.inject({ method: 'GET', url: asset!, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
