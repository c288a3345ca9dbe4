import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductContent, TypeWithProducts } from '#shared/catalogue.ts';
import { loggerOptions } from '../../app.ts';
import { products, productVersions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { publishVersion } from './publish.ts';

/**
 * The catalogue list replayed in front of the router (lib/answer-replay.ts,
 * docs/decisions.md#answer-replay), over real HTTP: app.inject never reaches the server's listener.
 * The access log at `info` tells a replayed answer from one Fastify built.
 */
const logLines: { msg: string; replayed?: boolean; req?: { url: string }; res?: { statusCode: number } }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});
const ctx = await setupTestApp({}, { logger: { ...(loggerOptions('info') as object), stream: logStream } });

const LIST = `${V1}/prodType/listTypeProds`;
const CHINESE = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'gzip, deflate, br' };

interface RawAnswer { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** One GET over a connection of its own, the bytes as sent (no decoding). */
function get(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${ctx.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The requests for `path` since log line `from`, in order: replayed (one line with the request and
 * the answer) or not (Fastify's own 'incoming request' line).
 */
const replayedSince = (from: number, path: string) => logLines.slice(from)
  .filter((l) => l.req?.url === path && (l.replayed === true || l.msg === 'incoming request'))
  .map((l) => l.replayed === true);

function decoded(answer: RawAnswer): { code: string; data: TypeWithProducts[] } {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString());
}

const withoutDate = (headers: IncomingHttpHeaders) => {
  const { date, ...rest } = headers;
  expect(date).toBeTruthy();
  return rest;
};

const minPremium = (answer: RawAnswer, code: string) => decoded(answer).data.flatMap((t) => t.products).find((p) => p.code === code)!.minPremiumFen;

describe('the catalogue list replayed in front of the router', () => {
  it('answers a repeated read with the very status, headers and bytes Fastify sent, and logs it', async () => {
    const path = `${LIST}?page=1`;
    const from = logLines.length;
    const first = await get(path, CHINESE);
    const second = await get(path, CHINESE);
    const third = await get(path, CHINESE);
    expect(replayedSince(from, path)).toEqual([false, true, true]);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    for (const again of [second, third]) {
      expect(again.status).toBe(200);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
    }
    // The API's security headers and the cache validators are part of what is replayed.
    expect(second.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      etag: first.headers.etag,
      vary: 'Accept-Language, Accept-Encoding',
    });
    expect(decoded(second).code).toBe('00000');
  });

  it('keeps languages and encodings apart', async () => {
    const path = `${LIST}?pageSize=10`;
    const forms = {
      chineseBrotli: CHINESE,
      chineseGzip: { ...CHINESE, 'accept-encoding': 'gzip' },
      chinesePlain: { 'accept-language': 'zh-CN' },
      polishBrotli: { ...CHINESE, 'accept-language': 'pl-PL,pl;q=0.9' },
    };
    const from = logLines.length;
    const answers: Record<string, RawAnswer[]> = {};
    // Each form twice, interleaved: the second of each is replayed and must be its own form's.
    for (const round of [0, 1]) {
      for (const [name, headers] of Object.entries(forms)) (answers[name] ??= [])[round] = await get(path, headers);
    }
    expect(replayedSince(from, path)).toEqual([false, false, false, false, true, true, true, true]);
    for (const [first, again] of Object.values(answers)) expect(again.body.equals(first.body)).toBe(true);
    expect(answers.chineseBrotli[1].headers['content-encoding']).toBe('br');
    expect(answers.chineseGzip[1].headers['content-encoding']).toBe('gzip');
    expect(answers.chinesePlain[1].headers['content-encoding']).toBeUndefined();
    expect(decoded(answers.chineseGzip[1])).toEqual(decoded(answers.chineseBrotli[1]));
    expect(decoded(answers.chinesePlain[1])).toEqual(decoded(answers.chineseBrotli[1]));
    const names = (answer: RawAnswer) => decoded(answer).data.flatMap((t) => t.products).map((p) => p.name);
    expect(names(answers.polishBrotli[1])).toContain('Kompleksowe ubezpieczenie NNW');
    expect(names(answers.chineseBrotli[1])).toContain('综合意外险');
  });

  it('answers a repeat that names the tag 304 without a body, and one naming another tag 200', async () => {
    const path = `${LIST}?page=1&pageSize=20`;
    const first = await get(path, CHINESE);
    const conditional = { ...CHINESE, 'if-none-match': String(first.headers.etag) };
    const from = logLines.length;
    const notModified = [await get(path, conditional), await get(path, conditional)];
    const stale = await get(path, { ...CHINESE, 'if-none-match': 'W/"an-older-list"' });
    expect(replayedSince(from, path)).toEqual([false, true, true]);
    for (const answer of notModified) {
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(first.headers.etag);
    }
    expect(withoutDate(notModified[1].headers)).toEqual(withoutDate(notModified[0].headers));
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it('shows a newly published version at once, never the replayed form of the old list', async () => {
    const path = `${LIST}?page=1`;
    await get(path, CHINESE);
    const before = await get(path, CHINESE);
    const id = await productId(ctx, 'ACC-ZH');
    const [row] = await ctx.database.db.select({ content: productVersions.content }).from(products)
      .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId)).where(eq(products.id, id));
    const content = row.content as ProductContent;
    const cheaper = { ...content, premiums: { ...content.premiums, rows: content.premiums.rows.map((r) => ({ ...r, premiumFen: r.premiumFen - 10 })) } } as ProductContent;
    await publishVersion(ctx.database.db, id, cheaper, ctx.database.changes);
    const from = logLines.length;
    const after = await get(path, CHINESE);
    const again = await get(path, CHINESE);
    expect(replayedSince(from, path)).toEqual([false, true]);
    expect(minPremium(after, 'ACC-ZH')).toBe(minPremium(before, 'ACC-ZH') - 10);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(again.body.equals(after.body)).toBe(true);
  });

  it("keeps the HTTP server's timeouts those of a server Fastify makes itself", () => {
    // A proxy reuses idle connections: closing them sooner than Fastify's 72 s would cost it resets.
    expect(ctx.app.server.keepAliveTimeout).toBe(72_000);
    expect(ctx.app.server.requestTimeout).toBe(0);
    expect(ctx.app.server.timeout).toBe(0);
  });

  it('leaves HEAD, other routes and refused queries to the framework', async () => {
    const from = logLines.length;
    const head = [await headOf(`${LIST}?page=1`), await headOf(`${LIST}?page=1`)];
    const refused = [await get(`${LIST}?page=0`, CHINESE), await get(`${LIST}?page=0`, CHINESE)];
    expect(head.map((h) => h.status)).toEqual([200, 200]);
    expect(refused.map((r) => r.status)).toEqual([400, 400]);
    expect(JSON.parse(refused[1].body.toString())).toMatchObject({ code: 'A0400' });
    expect(logLines.slice(from).filter((l) => l.replayed)).toEqual([]);
  });
});

function headOf(path: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${ctx.url}${path}`, { method: 'HEAD', headers: CHINESE, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
    });
    req.on('error', reject);
    req.end();
  });
}
