/**
 * Web Storage that never throws. A browser may refuse it (privacy settings, a sandboxed webview),
 * and a write may find the quota full: then a read answers null and a write keeps nothing, and
 * the caller carries on as if nothing had been kept. The one way the H5 reaches storage.
 */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** The value parsed from JSON; null when absent or not JSON. */
  getJson(key: string): unknown;
  setJson(key: string, value: unknown): void;
}

type Area = 'localStorage' | 'sessionStorage';

function attempt<T>(area: Area, work: (storage: Storage) => T, otherwise: T): T {
  try {
    return work(window[area]);
  } catch {
    return otherwise;
  }
}

function safeStorage(area: Area): SafeStorage {
  const getItem = (key: string) => attempt(area, (s) => s.getItem(key), null);
  const setItem = (key: string, value: string) => attempt(area, (s) => s.setItem(key, value), undefined);
  return {
    getItem,
    setItem,
    removeItem: (key) => attempt(area, (s) => s.removeItem(key), undefined),
    getJson(key) {
      const raw = getItem(key);
      try {
        return raw === null ? null : (JSON.parse(raw) as unknown);
      } catch {
        return null;
      }
    },
    setJson: (key, value) => setItem(key, JSON.stringify(value)),
  };
}

/** Kept across visits: the language, the promotion visitor key. */
export const localStore: SafeStorage = safeStorage('localStorage');

/** Kept for this tab: the WeChat sign-in's round trip, the link's share parameters, what was sent. */
export const sessionStore: SafeStorage = safeStorage('sessionStorage');
