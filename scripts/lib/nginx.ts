/**
 * nginx in front of local instances, from the configuration a deployment copies
 * (deploy/nginx/insure-h5.conf): rendered for local ports without TLS and run unprivileged from a
 * folder of its own (`nginx -p <folder>`, `daemon off`), for scripts/cluster, the two-instance
 * suite and the API benchmark. The rendering only fills in what differs on one machine (see
 * `renderSite`); every rule of the front is the shipped file's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
export const SHIPPED_CONFIG = join(root, 'deploy', 'nginx', 'insure-h5.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';

/** The nginx binary, or null when it is not installed (scripts/test installs it from Debian). */
export function nginxBinary(): string | null {
  return NGINX.find((path) => existsSync(path)) ?? null;
}

export interface FrontOptions {
  /** The port nginx listens on (127.0.0.1). */
  port: number;
  /** The instances, `host:port` each, in the upstream's order. */
  instances: string[];
  /** The built H5 (dist/web) nginx serves its files from. */
  webRoot: string;
  /** nginx's own folder: configuration, pid, temporary files, cache, logs. */
  folder: string;
  /** `host:port` of the instance whose WeChat simulators play WeChat (a throw-away cluster only). */
  simulator?: string;
  /** Worker processes; default 1. */
  workers?: number;
}

/** Lines between `# <name>: begin` and `# <name>: end`, markers included. */
const block = (name: string) => new RegExp(`^[ \\t]*# ${name}: begin\\n[\\s\\S]*?^[ \\t]*# ${name}: end\\n`, 'gm');

/**
 * The shipped configuration for one machine: the `# tls:` blocks left out and the `# plain:`
 * lines in (listening on `port`), the instances' addresses (with the shipped server parameters),
 * the release, cache and log paths inside `folder`, the brotli files only where the module is
 * installed, and for a throw-away cluster the location of its WeChat simulator.
 */
export function renderSite(template: string, opts: FrontOptions): string {
  const serverLine = /^([ \t]*)server \S+( [^;]*)?;$/m.exec(template.match(block('instances'))?.[0] ?? '');
  if (!serverLine) throw new Error('the shipped configuration has no `# instances:` block with a server line');
  const [, indent, parameters = ''] = serverLine;
  const servers = opts.instances.map((address) => `${indent}server ${address}${parameters};\n`).join('');
  let site = template
    .replace(block('tls'), '')
    .replace(block('instances'), servers)
    .replace(/^([ \t]*)# plain: (.*)$/gm, '$1$2')
    .replace(/^([ \t]*listen )127\.0\.0\.1:\d+;/m, `$1127.0.0.1:${opts.port};`)
    .replaceAll('/srv/insure-h5/dist/web', opts.webRoot)
    .replaceAll('/var/cache/nginx/insure-h5', join(opts.folder, 'cache'))
    .replaceAll('/var/log/nginx/insure-h5.access.log', join(opts.folder, 'access.log'));
  if (!existsSync(BROTLI_MODULE)) site = site.replace(/^[ \t]*brotli_static on;\n/gm, '');
  const simulator = opts.simulator
    ? `location /wx-sim/ {\n        proxy_next_upstream off;\n        proxy_pass http://${opts.simulator};\n    }`
    : '';
  return site.replace(/^([ \t]*)# local: .*$/m, `$1${simulator}`);
}

/** nginx's main configuration around the site: unprivileged, in the foreground, everything inside `folder`. */
function mainConfig(opts: FrontOptions): string {
  const tmp = (name: string) => join(opts.folder, 'tmp', name);
  const asRoot = process.getuid?.() === 0;
  return [
    existsSync(BROTLI_MODULE) ? `load_module ${BROTLI_MODULE};` : '',
    // Run by root (a CI machine), the workers stay root too: they read the checkout and write the folder.
    asRoot ? 'user root;' : '',
    'daemon off;',
    `worker_processes ${opts.workers ?? 1};`,
    `pid ${join(opts.folder, 'nginx.pid')};`,
    `error_log ${join(opts.folder, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  include ${MIME_TYPES};`,
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  tcp_nopush on;',
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    `  include ${join(opts.folder, 'insure-h5.conf')};`,
    '}',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export interface Front {
  url: string;
  process: ChildProcess;
  /** The last lines nginx wrote to its error log and stderr. */
  output(): string;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Renders the shipped configuration into `folder`, checks it (`nginx -t`) and starts nginx; resolves once it listens. */
export async function startFront(opts: FrontOptions): Promise<Front> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-static)');
  for (const dir of ['cache', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(join(opts.folder, dir), { recursive: true });
  writeFileSync(join(opts.folder, 'insure-h5.conf'), renderSite(readFileSync(SHIPPED_CONFIG, 'utf8'), opts));
  const conf = join(opts.folder, 'nginx.conf');
  writeFileSync(conf, mainConfig(opts));
  const args = ['-p', opts.folder, '-c', conf, '-e', join(opts.folder, 'error.log')];
  const check = spawn(binary, [...args, '-t', '-q'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let checkOutput = '';
  check.stderr!.on('data', (chunk: Buffer) => (checkOutput += chunk.toString()));
  const checked = await new Promise<number | null>((resolve) => check.once('exit', resolve));
  if (checked !== 0) throw new Error(`nginx -t refused the rendered configuration:\n${checkOutput}`);

  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  // Never outlives the process that started it. SIGTERM, not SIGKILL: the master then ends its
  // workers, which a killed master would leave serving the port.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphanGuard);
      resolve();
    }),
  );
  const output = () => {
    const log = join(opts.folder, 'error.log');
    return `${existsSync(log) ? readFileSync(log, 'utf8').slice(-4_000) : ''}${stderr}`;
  };
  // Started once its pid file names it (written after it bound the port) and the port answers:
  // a port another process holds makes this nginx end, not look started.
  const pidFile = join(opts.folder, 'nginx.pid');
  const started = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid);
  const until = Date.now() + 10_000;
  while (!(started() && (await listening(opts.port)))) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${opts.port}`,
    process: child,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // Graceful (finishes what is in flight), then fast after a few seconds.
        child.kill('SIGQUIT');
        const fast = setTimeout(() => child.kill('SIGTERM'), 5_000);
        await exited;
        clearTimeout(fast);
      }
      await exited;
    },
  };
}
