/**
 * Makes the WeChat code exchange idempotent (docs/domain.md#wechat-web-oauth): the first use of a code starts the
 * exchange, and any use of the same code within `ttlMs` (a double submit, a page refresh) shares
 * its result instead of reaching WeChat again (which would answer 40163). Failures are forgotten,
 * so they are never replayed. One process only: on several instances a repeat may still see A0221.
 */
export function createCodeCache<T>(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  /**
   * Every entry lives `ttlMs` and is (re)inserted at the end, so the Map is in order of expiry:
   * expired entries are at its front and the sweep stops at the first live one (it looked at every
   * entry on every exchange, a tenth of a WeChat sign-in's CPU with a few thousand codes cached).
   */
  function sweep() {
    const t = now();
    for (const [key, entry] of entries) {
      // Still too many (a flood of valid codes): drop the oldest too, they are the first to expire anyway.
      if (entry.expiresAt > t && entries.size < opts.maxEntries) break;
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
      entries.delete(key); // an expired entry of the same code: re-inserted at the end, in expiry order
      entries.set(key, { value, expiresAt: now() + opts.ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return { value, repeat: false };
    },
  };
}
