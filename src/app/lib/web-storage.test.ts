import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore, sessionStore } from './web-storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('Web Storage that never throws', () => {
  it('keeps, reads and removes values in the chosen area', () => {
    localStore.setItem('a', '1');
    sessionStore.setJson('b', { n: 2 });
    expect(localStorage.getItem('a')).toBe('1');
    expect(sessionStore.getJson('b')).toEqual({ n: 2 });
    expect(sessionStore.getItem('a')).toBeNull();
    localStore.removeItem('a');
    expect(localStore.getItem('a')).toBeNull();
  });

  it('answers null for a value that is not JSON', () => {
    sessionStorage.setItem('broken', '{');
    expect(sessionStore.getJson('broken')).toBeNull();
    expect(sessionStore.getJson('absent')).toBeNull();
  });

  it('carries on when the browser refuses storage or the quota is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => localStore.setItem('a', '1')).not.toThrow();
    expect(localStore.getItem('a')).toBeNull();
    expect(sessionStore.getJson('a')).toBeNull();
  });
});
