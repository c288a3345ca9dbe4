/**
 * Several instances of the server on one PostgreSQL, for scripts/cluster and the two-instance API
 * suite (scripts/cluster.test.ts). Each instance is its own Node process (`src/server/main.ts`
 * through tsx), so nothing in memory is shared: only the database, and the first instance's WeChat
 * simulators, which play the one WeChat every instance talks to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  request as httpRequest,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { waitFor } from './http.ts';

const root = join(import.meta.dirname, '..', '..');

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** The last lines it wrote (stdout and stderr), to explain a failure. */
  output: string[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The environment every instance of one cluster shares: the database, and WeChat and WeChat Pay at
 * the first instance's simulators (`wechatHost`), so a code or a payment made through one instance
 * is known to all.
 */
export function clusterEnv(opts: {
  databaseUrl: string;
  wechatHost: string;
  dataDir: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    WECHAT_API_BASE: `${opts.wechatHost}/wx-sim`,
    WECHAT_PAY_BASE: `${opts.wechatHost}/wx-sim/pay`,
    // A throw-away cluster: its stories and tests read the outboxes and play WeChat on the first instance.
    DEV_ROUTES: 'true',
    WECHAT_SIMULATOR: 'true',
    ...opts.extra,
  };
}

/** Starts one instance on `port`; resolves once it answers, rejects if it ends or stays silent for `readyMs`. */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  readyMs = 240_000,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // Never outlives the process that started it (a test worker ended by a timeout, say).
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => {
      process.off('exit', orphanGuard);
      resolve(signal ?? code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = { name, port, url, process: child, output, exited };
  const ended = exited.then((code) => {
    throw new Error(`${name} ended (${code}) before it was ready:\n${output.join('\n')}`);
  });
  await Promise.race([waitFor(`${url}/prod-api/version`, readyMs), ended]);
  ended.catch(() => {});
  return instance;
}

/** Ends an instance: SIGTERM (graceful) or SIGKILL (as a crash would); resolves once it has ended. */
export async function stopInstance(instance: Instance, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill(signal);
  await instance.exited;
}

export interface Proxy {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/**
 * A small reverse proxy (node:http) in front of the instances: each request goes to the next
 * instance in turn; one that refuses the connection is skipped (the request never reached it, so
 * trying the next is safe) and rested for a few seconds. `/wx-sim` always goes to the first
 * instance, whose simulators stand in for WeChat. X-Forwarded-For is set to the caller's address
 * (not appended to), so with TRUST_PROXY the instances limit the real caller, not the proxy.
 */
export async function startProxy(port: number, targets: () => string[]): Promise<Proxy> {
  let next = 0;
  const restingUntil = new Map<string, number>();

  function choose(path: string, tried: Set<string>): string | undefined {
    const all = targets();
    if (path.startsWith('/wx-sim')) return tried.has(all[0]) ? undefined : all[0];
    for (let i = 0; i < all.length; i++) {
      const target = all[(next + i) % all.length];
      if (tried.has(target) || (restingUntil.get(target) ?? 0) > Date.now()) continue;
      next = (next + i + 1) % all.length;
      return target;
    }
    return all.find((t) => !tried.has(t));
  }

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, tried: Set<string>): void {
    const target = choose(req.url ?? '/', tried);
    if (!target) {
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 'B0001', msg: '服务暂不可用，请稍后再试' }));
      return;
    }
    tried.add(target);
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['content-length'] = String(body.length);
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !res.headersSent) {
        restingUntil.set(target, Date.now() + 3_000);
        forward(req, res, body, tried);
      } else if (!res.headersSent) {
        res
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'B0001', msg: '服务暂不可用，请稍后再试' }));
      } else {
        res.destroy();
      }
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
