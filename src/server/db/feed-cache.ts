import type { ChangeFeed, ChangeTopic } from './change-feed.ts';

export interface FeedCacheOptions {
  /** The change topic whose publishes drop entries (by key, or all of them without a key). */
  topic: ChangeTopic;
  /** Longest an entry is served: the bound on staleness should a change ever not be published. */
  ttlMs: number;
  /** Most entries kept; the oldest go first. */
  max: number;
  /**
   * Entries that are not keyed by the topic's key (e.g. answers listing many products): every
   * publish on the topic drops them all.
   */
  dropAllOnChange?: boolean;
}

interface Entry<V> {
  value: V;
  until: number;
}

/**
 * A bounded per-process cache whose entries the change feed drops on every instance. Entries are
 * served only while the feed is live; concurrent misses of one key share one load; a load that
 * overlaps an invalidation is returned but not kept, so a change can never be hidden by a read
 * that started before it.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly opts: FeedCacheOptions,
    private readonly now: () => number = Date.now,
  ) {
    feed.on(opts.topic, (key) => (key === undefined || opts.dropAllOnChange ? this.clear() : this.delete(key)));
    feed.onReset(() => this.clear());
  }

  async get(key: string | number, load: () => Promise<V>): Promise<V> {
    const k = String(key);
    if (!this.feed.live) return load();
    const hit = this.entries.get(k);
    if (hit && hit.until > this.now()) return hit.value;
    const pending = this.loading.get(k);
    if (pending) return pending;
    const started = this.generation;
    const promise = load()
      .then((value) => {
        if (this.generation === started && this.feed.live) this.store(k, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(k) === promise) this.loading.delete(k);
      });
    this.loading.set(k, promise);
    return promise;
  }

  /** Peeks without loading (e.g. to answer a conditional request). */
  peek(key: string | number): V | undefined {
    if (!this.feed.live) return undefined;
    const hit = this.entries.get(String(key));
    return hit && hit.until > this.now() ? hit.value : undefined;
  }

  delete(key: string | number): void {
    this.generation += 1;
    this.entries.delete(String(key));
    this.loading.delete(String(key));
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.opts.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: this.now() + this.opts.ttlMs });
  }
}

/**
 * A module-level cache, one per change feed (so one per database), made on its first use with the
 * options of that use: for caches that outlive a request but belong to no plugin.
 */
export function feedCachePerFeed<V>(): (feed: ChangeFeed, options: FeedCacheOptions) => FeedCache<V> {
  const caches = new WeakMap<ChangeFeed, FeedCache<V>>();
  return (feed, options) => {
    let cache = caches.get(feed);
    if (!cache) {
      cache = new FeedCache<V>(feed, options);
      caches.set(feed, cache);
    }
    return cache;
  };
}
