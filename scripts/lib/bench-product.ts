/**
 * What the page benchmarks (scripts/bench-web.ts, scripts/bench-lighthouse.ts) share: the built
 * product on a fresh embedded database, a demo sign-in, the products to open, and the bare
 * React 19 + antd-mobile reference page (scripts/bench-bare) served like the product serves its H5.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { json, waitFor } from './http.ts';

export const BASIC = `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProduct {
  base: string;
  stop(): Promise<void>;
}

/** `npm run build`'s product (dist/server/main.js) on a fresh embedded database in a temporary folder. */
export async function startProduct(port?: number): Promise<RunningProduct> {
  const chosen = port || (await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const product = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN_PER_MIN: '1000',
      // bench:web's WeChat journey signs in through the simulator (opt-in).
      WECHAT_SIMULATOR: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    // The database lives in dataDir: let the server close it before the folder goes.
    const exited = new Promise((done) => product.once('exit', done));
    product.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/prod-api/version`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** The two session cookies' values (spec §3) of a fresh password sign-in. */
export async function signIn(
  base: string,
  username = 'demo.member',
): Promise<{ tokenUser: string; tokenResh: string }> {
  const body = new URLSearchParams({ grant_type: 'member_password', username, password: 'Demo@123456' });
  const res = await fetch(`${base}/prod-api/auth/oauth2/token`, {
    method: 'POST',
    body,
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const pair = await json<{ token_type: string; access_token: string; refresh_token: string }>(res);
  return { tokenUser: `${pair.token_type} ${pair.access_token}`, tokenResh: pair.refresh_token };
}

export interface ListedProduct {
  id: number;
  name: string;
  salesCount: number;
}

/** The product detail target (the first listed product) and the home's first hot product, as the H5 picks it. */
export async function pickProducts(base: string): Promise<{ detail: ListedProduct; hot: ListedProduct }> {
  const url = `${base}/prod-api/app-api/v1/prodType/listTypeProds`;
  const all = (await json<{ products: ListedProduct[] }[]>(await fetch(url))).flatMap((t) => t.products);
  if (all.length === 0) throw new Error('the catalogue is empty: no product to open');
  // The home asks for 5 per type and shows the best sellers first (api/catalogue.ts hotProducts).
  const firstPage = (await json<{ products: ListedProduct[] }[]>(await fetch(`${url}?pageSize=5`))).flatMap(
    (t) => t.products,
  );
  const hot = [...firstPage].sort((a, b) => b.salesCount - a.salesCount)[0];
  return { detail: all[0], hot };
}

/** The bare page's paragraph (scripts/bench-bare/main.tsx). */
export const BARE_TEXT = '空白参考页面：只有 React 19 与 antd-mobile，没有路由、数据和业务代码。';

/**
 * Builds the bare reference page (scripts/bench-bare: React 19 + antd-mobile, nothing else) and
 * serves it brotli-compressed over HTTP/1.1 like the product serves its H5.
 */
export async function serveBarePage(port: number): Promise<Server> {
  const outDir = resolve('.bench/bare');
  await build({
    root: resolve('scripts/bench-bare'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: ['es2019', 'chrome87', 'safari13'] },
  });
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const files = new Map<string, Buffer>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
    );
  for (const path of walk(outDir))
    files.set(`/${path.slice(outDir.length + 1)}`, brotliCompressSync(readFileSync(path)));
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] === '/' ? '/index.html' : (req.url ?? '/').split('?')[0];
    const body = files.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, {
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'content-encoding': 'br',
        'cache-control': 'no-cache',
      })
      .end(body);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return server;
}
