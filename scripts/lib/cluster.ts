/**
 * Several instances of the server on one PostgreSQL, for scripts/cluster and the two-instance API
 * suite (scripts/cluster.test.ts), behind nginx (scripts/lib/nginx.ts). Each instance is its own
 * Node process (`src/server/main.ts` through tsx), so nothing in memory is shared: only the
 * database, and the first instance's WeChat simulators, which play the one WeChat every instance
 * talks to.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts one instance on `port`; resolves once it is ready (its health/ready), rejects if it ends or is not ready within `readyMs`. */
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
  await Promise.race([waitFor(`${url}/prod-api/health/ready`, readyMs, 200), ended]);
  ended.catch(() => {});
  return instance;
}

/** Ends an instance: SIGTERM (graceful) or SIGKILL (as a crash would); resolves once it has ended. */
export async function stopInstance(instance: Instance, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill(signal);
  await instance.exited;
}
