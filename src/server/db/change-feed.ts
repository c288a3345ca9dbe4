import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What one instance tells the others has changed, so their caches drop it. Keys are optional: a
 * topic without a key means "all of it".
 */
export type ChangeTopic =
  | 'catalogue' // products, versions, types: key = product id
  | 'roles' // a member's row (roles, status, profile) or WeChat bindings: key = member id
  | 'sessions' // a refresh family revoked: key = family id
  | 'collections' // a member's favourites: key = member id
  | 'menu';

export interface ChangeFeed {
  /**
   * Whether changes made by other instances reach this one now. Caches serve entries only while
   * it is true (and drop everything when it turns true again, since changes may have been missed).
   */
  readonly live: boolean;
  /**
   * When the listening connection last delivered anything (epoch ms; its own heartbeat comes every
   * FEED_HEARTBEAT_MS, so a connection that went silent shows here); now for a feed in one process.
   */
  readonly heardAt: number;
  /**
   * Tells this instance at once and every other one within milliseconds. Call it after the change
   * has committed: a cache refilled between a publish and the commit would keep the old value.
   */
  publish(topic: ChangeTopic, key?: string | number): Promise<void>;
  /** Listens to one topic; returns the unsubscribe function. */
  on(topic: ChangeTopic, listener: (key: string | undefined) => void): () => void;
  /** Called when changes may have been missed (the listening connection was lost or came back). */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'insure_h5_changes';
const RESET = Symbol('reset');
/** How often an instance sends itself a notification through the database, proving it still listens. */
export const FEED_HEARTBEAT_MS = 10_000;
const HEARTBEAT = 'heartbeat';

class LocalFeed implements ChangeFeed {
  protected readonly events = new EventEmitter().setMaxListeners(0);
  live = true;

  get heardAt(): number {
    return Date.now();
  }

  async publish(topic: ChangeTopic, key?: string | number): Promise<void> {
    this.emit(topic, key === undefined ? undefined : String(key));
  }

  protected emit(topic: ChangeTopic, key: string | undefined): void {
    this.events.emit(topic, key);
  }

  protected reset(): void {
    this.events.emit(RESET);
  }

  on(topic: ChangeTopic, listener: (key: string | undefined) => void): () => void {
    this.events.on(topic, listener);
    return () => this.events.off(topic, listener);
  }

  onReset(listener: () => void): () => void {
    this.events.on(RESET, listener);
    return () => this.events.off(RESET, listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection. Notifications of this instance's own
 * publishes come back too and are skipped (they were delivered locally already).
 */
class PostgresFeed extends LocalFeed {
  private readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private lastHeard = 0;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {
    super();
    this.live = false;
  }

  override get heardAt(): number {
    return this.lastHeard;
  }

  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = setInterval(() => {
      if (this.live) void this.notify({ o: this.origin, t: HEARTBEAT });
    }, FEED_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async connect(): Promise<void> {
    // A server that does not answer is given up on like the pool's (db/client.ts), and tried again.
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 3000, keepAlive: true });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      this.lastHeard = Date.now();
      try {
        const { o, t, k } = JSON.parse(message.payload) as { o: string; t: ChangeTopic | typeof HEARTBEAT; k?: string };
        if (o !== this.origin && t !== HEARTBEAT) this.emit(t, k);
      } catch {
        // Not ours: another program may use the channel name; nothing to drop.
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = 250;
    this.lastHeard = Date.now();
    this.live = true;
    this.reset();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.live = false;
    this.reset();
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
    // At most a second between tries: readiness comes back within seconds of the database.
    this.retryMs = Math.min(this.retryMs * 2, 1_000);
  }

  override async publish(topic: ChangeTopic, key?: string | number): Promise<void> {
    const k = key === undefined ? undefined : String(key);
    this.emit(topic, k);
    // A lost notification is covered by the listeners' reset on reconnect and the caches' bounds.
    await this.notify({ o: this.origin, t: topic, k });
  }

  private async notify(payload: { o: string; t: ChangeTopic | typeof HEARTBEAT; k?: string }): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(payload)]).catch(() => {});
  }

  override async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    this.live = false;
    await super.close();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

/** One process on PGlite (it cannot be shared), so its feed is local; on PostgreSQL every instance listens. */
export async function openChangeFeed(
  target: { kind: 'pglite' } | { kind: 'postgres'; url: string; pool: pg.Pool },
): Promise<ChangeFeed> {
  if (target.kind === 'pglite') return new LocalFeed();
  const feed = new PostgresFeed(target.url, target.pool);
  await feed.start();
  return feed;
}
