/**
 * The shipped nginx configuration (deploy/nginx/insure-h5.conf), rendered for local ports as
 * scripts/cluster runs it, in front of stand-in instances (what nginx itself must do) and in front
 * of the product (what it may keep). nginx comes from Debian (scripts/test installs it); without
 * it these tests are skipped outside CI and fail in CI.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS_PL } from '#shared/texts/errors.pl.ts';
import { ERROR_TEXTS_ZH_CN } from '#shared/texts/errors.zh-cn.ts';
import { collectedLog } from '#server/test/collected-log.ts';
import { setupTestApp } from '#server/test/helper.ts';
import { productId } from '#server/test/buying.ts';
import { signIn } from '#server/test/sign-in.ts';
import { freePort } from './lib/cluster.ts';
import { nginxBinary, startFront, type Front } from './lib/nginx.ts';

const runs = Boolean(nginxBinary()) || Boolean(process.env.CI);
const folders: string[] = [];
const fronts: Front[] = [];
afterAll(async () => {
  await Promise.all(fronts.map((f) => f.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'insure-h5-nginx-'));
  folders.push(path);
  return path;
}

async function front(instances: string[], webRoot = folder()): Promise<Front> {
  const started = await startFront({ port: await freePort(), instances, webRoot, folder: folder() });
  fronts.push(started);
  return started;
}

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

/** A stand-in instance: answers every request with `status`, and notes what it was sent. */
async function standIn(status: number): Promise<{ address: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { address: `127.0.0.1:${port}`, seen, server };
}

describe.runIf(runs)('nginx in front of the instances (the shipped configuration)', () => {
  let failing: Awaited<ReturnType<typeof standIn>>;
  let working: Awaited<ReturnType<typeof standIn>>;
  let nginx: Front;
  let webRoot: string;

  beforeAll(async () => {
    failing = await standIn(502);
    working = await standIn(200);
    webRoot = folder();
    mkdirSync(join(webRoot, 'assets'));
    const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(2_000))});`);
    writeFileSync(join(webRoot, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(webRoot, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(join(webRoot, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
    writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    nginx = await front([failing.address, working.address], webRoot);
  });

  it('passes a GET the first instance cannot answer to the next one', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${nginx.url}/prod-api/app-api/v1/prodType/listTypeProds?i=${i}`);
      expect(res.status).toBe(200);
    }
    expect(failing.seen.filter((s) => s.method === 'GET').length).toBeGreaterThan(0);
  });

  it('never sends a POST to a second instance, whatever the first answered', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${nginx.url}/prod-api/app-api/v1/order/1/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attempt: i }),
      });
      statuses.push(res.status);
    }
    const sent = [...failing.seen, ...working.seen].filter((s) => s.method === 'POST').map((s) => s.body);
    // Each POST reached exactly one instance, body intact; those that met the failing one got its 502.
    expect(sent.sort()).toEqual(Array.from({ length: 6 }, (_, i) => JSON.stringify({ attempt: i })).sort());
    expect(statuses).toContain(502);
    expect(statuses.filter((s) => s === 502)).toHaveLength(failing.seen.filter((s) => s.method === 'POST').length);
  });

  it('answers an API call itself with 503 B0300 and Retry-After when no instance answers', async () => {
    const gone = await front([`127.0.0.1:${await freePort()}`, `127.0.0.1:${await freePort()}`]);
    for (const method of ['GET', 'POST']) {
      const res = await fetch(`${gone.url}/prod-api/app-api/v1/members/me`, {
        method,
        ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        code: 'B0300',
        msg: ERROR_TEXTS_ZH_CN['error.B0300'],
        data: { requestId: res.headers.get('x-request-id') },
      });
    }
    // In the reader's language, as an instance would answer.
    const polish = await fetch(`${gone.url}/prod-api/app-api/v1/members/me`, {
      headers: { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' },
    });
    expect((await polish.json()).msg).toBe(ERROR_TEXTS_PL['error.B0300']);
  });

  it("replaces the caller's X-Forwarded-For and makes, passes on and returns one request id", async () => {
    const res = await fetch(`${nginx.url}/prod-api/version`, {
      headers: { 'x-forwarded-for': '203.0.113.66', 'x-request-id': 'made-up-by-the-caller' },
    });
    const [last] = working.seen.slice(-1);
    expect(last.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(last.headers['x-forwarded-proto']).toBe('http');
    expect(last.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('x-request-id')).toBe(last.headers['x-request-id']);
  });

  it("serves the H5's files itself, precompressed, hashed ones kept a year", async () => {
    const before = working.seen.length + failing.seen.length;
    const br = await fetch(`${nginx.url}/assets/index-Ab12Cd34.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await br.text()).length).toBeGreaterThan(2_000);
    const gz = await fetch(`${nginx.url}/assets/index-Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const icon = await fetch(`${nginx.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect(working.seen.length + failing.seen.length).toBe(before);
    // The page itself comes from the instances (its policy names the build's inline script).
    await fetch(`${nginx.url}/`);
    expect(working.seen.length + failing.seen.length).toBeGreaterThan(before);
  });
});

describe.runIf(runs)('nginx in front of the product', () => {
  const log = collectedLog();
  let ctx: Awaited<ReturnType<typeof setupTestApp>>;
  let nginx: Front;

  beforeAll(async () => {
    ctx = await setupTestApp({ TRUST_PROXY: 'true' }, { logger: log.logger });
    nginx = await front([new URL(ctx.url).host]);
  });

  /** Requests the app has answered so far (its own request metrics). */
  async function answered(): Promise<number> {
    const metric = await ctx.app.metrics.registry.getSingleMetric('http_request_duration_seconds')!.get();
    return metric.values
      .filter((v) => (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count')
      .reduce((n, v) => n + v.value, 0);
  }

  it('keeps the public catalogue list a second, per language', async () => {
    const list = `${nginx.url}/prod-api/app-api/v1/prodType/listTypeProds?cache-test=1`;
    const get = (language: string) => fetch(list, { headers: { 'accept-language': language } });
    const first = await get('zh-CN');
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const chinese = await first.json();
    const again = await get('zh-CN');
    // From nginx (stale at worst, on a machine slow enough to take a second between the two).
    expect(again.headers.get('x-cache-status')).toMatch(/^(HIT|STALE|UPDATING)$/);
    expect(await again.json()).toEqual(chinese);
    // Another language is another answer (the list varies on Accept-Language).
    const polish = await get('pl');
    expect(polish.headers.get('x-cache-status')).toBe('MISS');
    expect(JSON.stringify(await polish.json())).not.toBe(JSON.stringify(chinese));
  });

  it('keeps nothing asked with a token or a cookie, on any GET route of the API', async () => {
    const member = await signIn(ctx, 'demo.member');
    const product = await productId(ctx, 'ACC-ZH');
    const routes = ctx.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null);
    const parents: string[] = [];
    const paths: string[] = [];
    for (const m of routes) {
      const depth = m[1].length / 4 - 1;
      const path = (depth > 0 ? parents[depth - 1] : '') + m[2];
      parents[depth] = path;
      if (
        m[3]?.split(', ').includes('GET') &&
        path.startsWith('/prod-api/') &&
        !/^\/prod-api\/(docs|openapi)/.test(path)
      )
        paths.push(path.replace(/:\w+/g, String(product)));
    }
    expect(paths.length).toBeGreaterThan(50);
    for (const credentials of [member.headers, { cookie: 'sid=someone' }]) {
      const before = await answered();
      for (const path of paths) {
        for (let i = 0; i < 2; i++) {
          const res = await fetch(`${nginx.url}${path}`, { headers: credentials });
          await res.arrayBuffer();
          expect(res.headers.get('x-cache-status'), path).toBe('BYPASS');
        }
      }
      // Every request reached the app: nginx answered none from its cache.
      expect((await answered()) - before).toBe(2 * paths.length);
    }
  });

  it("logs each request under nginx's request id and the caller's address", async () => {
    const res = await fetch(`${nginx.url}/prod-api/version`, { headers: { 'x-forwarded-for': '203.0.113.66' } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const lines = log.lines.filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect((lines[0] as { req?: { ip?: string } }).req?.ip).toBe('127.0.0.1');
  });
});
