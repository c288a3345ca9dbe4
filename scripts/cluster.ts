/**
 * scripts/cluster: N instances of the product on one PostgreSQL behind nginx, configured by the
 * file a deployment copies (deploy/nginx/insure-h5.conf, rendered for local ports without TLS by
 * scripts/lib/nginx.ts), for trying by hand what several instances do (README "Deploy"). Ctrl-C
 * stops everything.
 *
 *   scripts/cluster [N=2]
 *
 * CLUSTER_PORT (default 8090) is nginx; the instances listen on the ports after it, their metrics
 * on the ports after 200 above it. Without DATABASE_URL a throw-away PostgreSQL is started in
 * .cluster/pg (scripts/pg-test-server.sh) and a database `insure_h5_cluster` made on it, with demo
 * data. An instance that ends (`kill -9 <pid>`) is started again after two seconds; nginx sends
 * requests to the others meanwhile. nginx's own files (rendered configuration, logs, cache) are in
 * .cluster/nginx.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { clusterEnv, startInstance, stopInstance, type Instance } from './lib/cluster.ts';
import { startFront } from './lib/nginx.ts';

const root = join(import.meta.dirname, '..');
const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error('usage: scripts/cluster [N from 1 to 16]');
const frontPort = Number(process.env.CLUSTER_PORT ?? 8090);
const dataDir = join(root, '.cluster', 'data');
mkdirSync(dataDir, { recursive: true });

async function database(): Promise<{ url: string; stop?: () => void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const pgEnv = { ...process.env, PG_TEST_PORT: String(frontPort + 100), PG_TEST_DIR: join(root, '.cluster', 'pg') };
  const admin = execFileSync('bash', [join(root, 'scripts/pg-test-server.sh'), 'start'], {
    env: pgEnv,
    encoding: 'utf8',
  }).trim();
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = 'insure_h5_cluster'");
  if (!rowCount) await client.query('CREATE DATABASE insure_h5_cluster');
  await client.end();
  const url = new URL(admin);
  url.pathname = '/insure_h5_cluster';
  return {
    url: url.toString(),
    stop: () => execFileSync('bash', [join(root, 'scripts/pg-test-server.sh'), 'stop'], { env: pgEnv }),
  };
}

const db = await database();
const frontUrl = `http://127.0.0.1:${frontPort}`;
const ports = Array.from({ length: count }, (_, i) => frontPort + 1 + i);
const env = clusterEnv({
  databaseUrl: db.url,
  wechatHost: `http://127.0.0.1:${ports[0]}`,
  dataDir,
  extra: {
    PUBLIC_URL: frontUrl,
    TRUST_PROXY: 'true',
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

const instances: (Instance | null)[] = ports.map(() => null);
let stopping = false;

async function run(i: number): Promise<void> {
  const metricsPort = frontPort + 201 + i;
  const instance = await startInstance(`instance ${i + 1}`, ports[i], { ...env, METRICS_PORT: String(metricsPort) });
  instances[i] = instance;
  console.log(
    `instance ${i + 1}: ${instance.url} (pid ${instance.process.pid}), metrics http://127.0.0.1:${metricsPort}/metrics`,
  );
  instance.process.stdout!.pipe(process.stdout);
  instance.process.stderr!.pipe(process.stderr);
  void instance.exited.then((code) => {
    instances[i] = null;
    if (stopping) return;
    console.log(`instance ${i + 1} ended (${code}); starting it again in 2 s`);
    setTimeout(() => void run(i).catch((error: Error) => console.error(error.message)), 2_000);
  });
}

// Started together on purpose: migrations and seeding take turns under the start-up lock.
await Promise.all(ports.map((_, i) => run(i)));
const front = await startFront({
  port: frontPort,
  instances: ports.map((p) => `127.0.0.1:${p}`),
  webRoot: join(root, 'dist', 'web'),
  folder: join(root, '.cluster', 'nginx'),
  // The first instance's simulators play WeChat for all of them (its consent and cashier pages).
  simulator: `127.0.0.1:${ports[0]}`,
  workers: 2,
});
front.process.once('exit', (code) => {
  if (!stopping) console.error(`nginx ended (${code}):\n${front.output()}`);
});
console.log(`nginx: ${front.url} → ${count} instance(s) on ${db.url.replace(/\/\/[^@]*@/, '//')}; Ctrl-C stops`);

async function shutdown() {
  if (stopping) return;
  stopping = true;
  await front.stop();
  await Promise.all(instances.map((instance) => (instance ? stopInstance(instance) : undefined)));
  db.stop?.();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
