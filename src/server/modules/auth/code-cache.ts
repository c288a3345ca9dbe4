/**
 * Makes the WeChat code exchange idempotent (docs/domain.md#wechat-web-oauth): the first use of a code starts the
 * exchange, and any use of the same code within `ttlMs` (a double submit, a page refresh) shares
 * its result instead of reaching WeChat again (which would answer 40163). Failures are forgotten,
 * so they are never replayed. One process only: on several instances a repeat may still see A0221.
 */
export function createCodeCache<T>(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  function sweep() {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    // Still too many (a flood of valid codes): drop the oldest, they are the first to expire anyway.
    for (const key of entries.keys()) {
      if (entries.size < opts.maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    /** `repeat` tells whether this call shared an earlier call's exchange. */
    resolve(key: string, exchange: () => Promise<T>): { value: Promise<T>; repeat: boolean } {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return { value: hit.value, repeat: true };
      sweep();
      const value = exchange();
      entries.set(key, { value, expiresAt: now() + opts.ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return { value, repeat: false };
    },
  };
}
