import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../test/fake-fetch.ts';
import {
  readRefreshCookie,
  readTokenCookie,
  removeTokenCookies,
  resetCookieJar,
  writeTokenCookies,
} from './cookies.ts';

/** Records the raw strings assigned to document.cookie, attributes included. */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

beforeEach(() => {
  clearCookies();
  resetCookieJar();
});
afterEach(() => vi.restoreAllMocks());

describe('session cookies (spec §3, §9)', () => {
  it('writes tokenUser as "<type> <access token>" and tokenResh as the refresh token, path /', () => {
    const writes = recordCookieWrites();
    const header = writeTokenCookies({ token_type: 'Bearer', access_token: 'eyJ.abc', refresh_token: 'r-123' });
    expect(header).toBe('Bearer eyJ.abc');
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^tokenUser=Bearer%20eyJ\.abc; /);
    expect(writes[1]).toMatch(/^tokenResh=r-123; /);
    for (const raw of writes) expect(raw.split('; ')).toContain('Path=/');
    expect(readTokenCookie()).toBe('Bearer eyJ.abc');
    expect(readRefreshCookie()).toBe('r-123');
  });

  it('reads the refresh token from the fallback name refreshToken', () => {
    document.cookie = 'refreshToken=legacy-9; path=/';
    expect(readRefreshCookie()).toBe('legacy-9');
  });

  it('removes both cookies (and the fallback) on reset', () => {
    writeTokenCookies({ token_type: 'Bearer', access_token: 'a', refresh_token: 'b' });
    document.cookie = 'refreshToken=legacy; path=/';
    removeTokenCookies();
    expect(readTokenCookie()).toBeNull();
    expect(readRefreshCookie()).toBeNull();
    expect(document.cookie).toBe('');
  });
});
