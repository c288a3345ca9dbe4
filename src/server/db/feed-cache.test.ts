import { describe, expect, it } from 'vitest';
import { openChangeFeed } from './change-feed.ts';
import { FeedCache } from './feed-cache.ts';

async function setup(opts: { ttlMs?: number; max?: number } = {}) {
  const feed = await openChangeFeed({ kind: 'pglite' });
  let clock = 0;
  const cache = new FeedCache<string>(
    feed,
    { topic: 'catalogue', ttlMs: opts.ttlMs ?? 1_000, max: opts.max ?? 100 },
    () => clock,
  );
  return {
    feed,
    cache,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('FeedCache', () => {
  it('serves a loaded value until its time is up, then loads again', async () => {
    const { cache, advance } = await setup({ ttlMs: 1_000 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get(1, load)).toBe('v1');
    advance(999);
    expect(await cache.get(1, load)).toBe('v1');
    advance(1);
    expect(await cache.get(1, load)).toBe('v2');
  });

  it('drops the published key, or everything for a publish without a key', async () => {
    const { feed, cache } = await setup();
    await cache.get(1, async () => 'a');
    await cache.get(2, async () => 'b');
    await feed.publish('catalogue', 1);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(2)).toBe('b');
    await feed.publish('catalogue');
    expect(cache.peek(2)).toBeUndefined();
  });

  it('drops every entry on any publish of its topic when its entries are not keyed by the topic', async () => {
    const feed = await openChangeFeed({ kind: 'pglite' });
    const lists = new FeedCache<string>(feed, { topic: 'catalogue', ttlMs: 60_000, max: 10, dropAllOnChange: true });
    await lists.get('type=a', async () => 'a');
    await lists.get('type=b', async () => 'b');
    await feed.publish('catalogue', 7);
    expect(lists.peek('type=a')).toBeUndefined();
    expect(lists.peek('type=b')).toBeUndefined();
  });

  it('shares one load among simultaneous misses of a key', async () => {
    const { cache } = await setup();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const load = async () => {
      loads += 1;
      await gate;
      return 'x';
    };
    const all = Promise.all([cache.get(1, load), cache.get(1, load), cache.get(1, load)]);
    release();
    expect(await all).toEqual(['x', 'x', 'x']);
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load overlapped a change (the change must win)', async () => {
    const { feed, cache } = await setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const stale = cache.get(1, async () => {
      await gate;
      return 'before';
    });
    await feed.publish('catalogue', 1);
    release();
    expect(await stale).toBe('before');
    expect(cache.peek(1)).toBeUndefined();
    expect(await cache.get(1, async () => 'after')).toBe('after');
  });

  it('keeps at most `max` entries, dropping the oldest', async () => {
    const { cache } = await setup({ max: 2 });
    await cache.get(1, async () => 'a');
    await cache.get(2, async () => 'b');
    await cache.get(3, async () => 'c');
    expect(cache.size).toBe(2);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(3)).toBe('c');
  });

  it('serves nothing from memory while the feed cannot hear other instances', async () => {
    const { feed, cache } = await setup();
    await cache.get(1, async () => 'a');
    (feed as { live: boolean }).live = false;
    expect(cache.peek(1)).toBeUndefined();
    expect(await cache.get(1, async () => 'fresh')).toBe('fresh');
  });
});
