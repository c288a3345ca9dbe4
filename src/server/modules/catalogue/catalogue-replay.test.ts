import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductContent, TypeWithProducts } from '#shared/catalogue.ts';
import { products, productVersions } from '../../db/schema.ts';
import { collectedLog } from '../../test/collected-log.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { publishVersion } from './publish.ts';

/**
 * The catalogue list replayed in front of the router (lib/answer-replay.ts,
 * docs/decisions.md#answer-replay), over real HTTP: app.inject never reaches the server's listener.
 * The access log at `info` tells a replayed answer from one Fastify built.
 */
const log = collectedLog();
const logLines = log.lines;
const ctx = await setupTestApp({}, { logger: log.logger });

const LIST = `${V1}/prodType/listTypeProds`;
const CHINESE = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'gzip, deflate, br' };

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

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
const replayedSince = (from: number, path: string) =>
  logLines
    .slice(from)
    .filter((l) => l.req?.url === path && (l.replayed === true || l.msg === 'incoming request'))
    .map((l) => l.replayed === true);

function decoded(answer: RawAnswer): { code: string; data: TypeWithProducts[] } {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return JSON.parse(bytes.toString());
}

const withoutDate = (headers: IncomingHttpHeaders) => {
  const { date, ...rest } = headers;
  expect(date).toBeTruthy();
  return rest;
};

/** A version of the product ten fen cheaper, published as the operators' tool does. */
async function publishCheaper(code: string) {
  const id = await productId(ctx, code);
  const [row] = await ctx.database.db
    .select({ content: productVersions.content })
    .from(products)
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(eq(products.id, id));
  const content = row.content as ProductContent;
  const cheaper = {
    ...content,
    premiums: {
      ...content.premiums,
      rows: content.premiums.rows.map((r) => ({ ...r, premiumFen: r.premiumFen - 10 })),
    },
  } as ProductContent;
  await publishVersion(ctx.database.db, id, cheaper, ctx.database.changes);
}

const minPremium = (answer: RawAnswer, code: string) =>
  decoded(answer)
    .data.flatMap((t) => t.products)
    .find((p) => p.code === code)!.minPremiumFen;

describe('the catalogue list replayed in front of the router', () => {
  it('answers a repeated read with the very status, headers and bytes Fastify sends, and logs it', async () => {
    const path = `${LIST}?page=1`;
    const from = logLines.length;
    const reads = [];
    for (let i = 0; i < 4; i += 1) reads.push(await get(path, CHINESE));
    // Kept from the second sighting of an address on: the third read is the first replayed.
    expect(replayedSince(from, path)).toEqual([false, false, true, true]);
    const [first] = reads;
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    for (const again of reads.slice(1)) {
      expect(again.status).toBe(200);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
      expect(again.body.equals(first.body)).toBe(true);
    }
    // What Fastify answers the same request now (app.inject never reaches the replay): the same
    // headers, so a header a hook adds later shows here as a difference.
    const now = await ctx.app.inject({ method: 'GET', url: path, headers: CHINESE });
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...fastifyHeaders } = now.headers;
    const { date: _d, connection: _c, 'keep-alive': _k, ...replayedHeaders } = reads[3].headers;
    expect(replayedHeaders).toEqual(fastifyHeaders);
    expect(reads[3].body.equals(now.rawPayload)).toBe(true);
    // The API's security headers and the cache validators are part of what is replayed.
    expect(reads[2].headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      etag: first.headers.etag,
      vary: 'Accept-Language, Accept-Encoding',
    });
    expect(decoded(reads[2]).code).toBe('00000');
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
    // Each form three times, interleaved: the third of each is replayed and must be its own form's.
    for (const round of [0, 1, 2]) {
      for (const [name, headers] of Object.entries(forms)) (answers[name] ??= [])[round] = await get(path, headers);
    }
    expect(replayedSince(from, path)).toEqual([...Array(8).fill(false), true, true, true, true]);
    for (const [first, , again] of Object.values(answers)) expect(again.body.equals(first.body)).toBe(true);
    expect(answers.chineseBrotli[2].headers['content-encoding']).toBe('br');
    expect(answers.chineseGzip[2].headers['content-encoding']).toBe('gzip');
    expect(answers.chinesePlain[2].headers['content-encoding']).toBeUndefined();
    expect(decoded(answers.chineseGzip[2])).toEqual(decoded(answers.chineseBrotli[2]));
    expect(decoded(answers.chinesePlain[2])).toEqual(decoded(answers.chineseBrotli[2]));
    const names = (answer: RawAnswer) =>
      decoded(answer)
        .data.flatMap((t) => t.products)
        .map((p) => p.name);
    expect(names(answers.polishBrotli[2])).toContain('Kompleksowe ubezpieczenie NNW');
    expect(names(answers.chineseBrotli[2])).toContain('综合意外险');
  });

  it('answers a repeat that names the tag 304 without a body, and one naming another tag 200', async () => {
    const path = `${LIST}?page=1&pageSize=20`;
    const first = await get(path, CHINESE);
    const conditional = { ...CHINESE, 'if-none-match': String(first.headers.etag) };
    const stale = { ...CHINESE, 'if-none-match': 'W/"an-older-list"' };
    const from = logLines.length;
    const notModified = [await get(path, conditional), await get(path, conditional)];
    const full = [await get(path, stale), await get(path, stale)];
    // The second sighting keeps the 304; the 200 is kept when Fastify first sends it under the key.
    expect(replayedSince(from, path)).toEqual([false, true, false, true]);
    for (const answer of notModified) {
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(first.headers.etag);
    }
    expect(withoutDate(notModified[1].headers)).toEqual(withoutDate(notModified[0].headers));
    for (const answer of full) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(first.body)).toBe(true);
    }
  });

  it('shows a newly published version at once, never the replayed form of the old list', async () => {
    const path = `${LIST}?page=1&pageSize=12`;
    for (let i = 0; i < 2; i += 1) await get(path, CHINESE);
    const before = await get(path, CHINESE); // replayed
    await publishCheaper('ACC-ZH');
    const from = logLines.length;
    const after = await get(path, CHINESE);
    const again = await get(path, CHINESE);
    // Fastify's answer replaces the stale form at once: the next read is replayed again.
    expect(replayedSince(from, path)).toEqual([false, true]);
    expect(minPremium(after, 'ACC-ZH')).toBe(minPremium(before, 'ACC-ZH') - 10);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(again.body.equals(after.body)).toBe(true);
  });

  it('replays no header form the old list after another form of the same language reloaded the cache', async () => {
    // Two spellings of Chinese: two kept forms, one cached answer behind both.
    const path = `${LIST}?pageSize=15`;
    const spelled = { ...CHINESE, 'accept-language': 'zh-CN' };
    const respelled = { ...CHINESE, 'accept-language': 'zh-Hans,zh;q=0.8' };
    for (let i = 0; i < 3; i += 1) await get(path, spelled);
    for (let i = 0; i < 3; i += 1) await get(path, respelled);
    const before = await get(path, spelled);
    await publishCheaper('ACC-ZH');
    await get(path, respelled); // loads the new list into the cache
    const after = await get(path, spelled);
    expect(minPremium(after, 'ACC-ZH')).toBe(minPremium(before, 'ACC-ZH') - 10);
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

  // Last: it closes the app. (The replay stops in the app's first preClose step, where Fastify
  // starts answering 503; the list's cache and the change feed outlive the app, so only that stop
  // keeps the form from being replayed here.)
  it("replays nothing once the app is closing, so the proxy gets Fastify's 503", async () => {
    const path = `${LIST}?page=1`;
    for (let i = 0; i < 3; i += 1) await get(path, CHINESE);
    const request = { method: 'GET', url: path, headers: CHINESE, socket: {} } as unknown as IncomingMessage;
    const sent: number[] = [];
    const response = {
      writeHead: (status: number) => sent.push(status),
      end: () => undefined,
    } as unknown as ServerResponse;
    await ctx.app.close();
    expect(ctx.app.answerReplay.serve(request, response)).toBe(false);
    expect(sent).toEqual([]);
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
