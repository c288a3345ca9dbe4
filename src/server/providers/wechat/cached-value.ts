/**
 * A value fetched on demand and kept until `marginMs` before it expires. Concurrent callers share
 * one fetch, so a burst of page loads costs one WeChat call (the ticket quota is small).
 */
export function cachedValue<T>(
  load: () => Promise<{ value: T; expiresInS: number }>,
  opts: { marginMs: number; now?: () => number },
) {
  const now = opts.now ?? Date.now;
  let current: { value: T; refreshAt: number } | undefined;
  let inFlight: Promise<T> | undefined;

  async function get(): Promise<T> {
    if (current && now() < current.refreshAt) return current.value;
    inFlight ??= load()
      .then(({ value, expiresInS }) => {
        current = { value, refreshAt: now() + Math.max(0, expiresInS * 1000 - opts.marginMs) };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  function invalidate() {
    current = undefined;
  }

  return { get, invalidate };
}
