import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for the database-trouble tests and scripts/fault.ts: real
 * sockets, so the driver meets what it meets in production. `down()` refuses new connections
 * (ECONNREFUSED) and drops the open ones (ECONNRESET, "Connection terminated unexpectedly");
 * `up()` listens again on the same port; `delayMs` holds every chunk the server sends that long
 * (in order), so each answer of the database comes that much later.
 */
export class TcpProxy {
  delayMs = 0;
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  #port = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly host = '127.0.0.1',
  ) {}

  get port(): number {
    return this.#port;
  }

  /** Listens (again), on the port it had before or a free one; answers the port. */
  async up(): Promise<number> {
    if (this.#server) return this.#port;
    const server = createServer((client) => this.#pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, this.host, () => resolve());
    });
    this.#server = server;
    const address = server.address();
    if (address && typeof address === 'object') this.#port = address.port;
    return this.#port;
  }

  /** Stops listening and drops every open connection. */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #pipe(client: Socket): void {
    const upstream = createConnection(this.target);
    this.#sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (this.delayMs <= 0) client.write(chunk);
      else setTimeout(() => client.writable && client.write(chunk), this.delayMs);
    });
  }
}
