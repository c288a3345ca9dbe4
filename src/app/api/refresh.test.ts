import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_DIALOG_DELAY_MS } from '#shared/constants.ts';
import { watchLoginNeeded } from '../components/shell/login-needed.ts';
import { loginDialogAtom, rolesAtom, tokenAtom, userAtom } from '../session/atoms.ts';
import { readRefreshCookie, readTokenCookie, writeTokenCookies } from '../session/cookies.ts';
import { clearCookies, envelope, fakeFetch, type FakeCall } from '../test/fake-fetch.ts';
import { createApiClient, unwrap } from './client.ts';

const EXPIRED = () => envelope(null, 'A0230', '登录已过期，请重新登录', 401);
const TOKEN_PATH = '/prod-api/auth/oauth2/token';

function signedIn(access: string, refresh: string) {
  const store = createStore();
  store.set(tokenAtom, writeTokenCookies({ token_type: 'Bearer', access_token: access, refresh_token: refresh }));
  return store;
}

/** A server whose only valid access token is `valid`; a refresh with `refresh-1` issues `access-2`. */
function server(state: { valid: string; refreshOk: boolean }, gate?: Promise<void>) {
  return async (request: Request, call: FakeCall) => {
    if (call.url === TOKEN_PATH) {
      const form = await request.formData();
      if (!state.refreshOk || form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'refresh-1') {
        return envelope(null, 'A0231', '刷新令牌无效或已过期，请重新登录', 401);
      }
      await gate;
      state.valid = 'access-2';
      return envelope({ token_type: 'Bearer', access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 7200 });
    }
    if (call.authorization !== `Bearer ${state.valid}`) return EXPIRED();
    return envelope({ path: call.url, body: request.method === 'POST' ? await request.text() : null });
  };
}

beforeEach(() => clearCookies());
afterEach(() => vi.useRealTimers());

describe('refresh-and-replay on A0230 (spec §4)', () => {
  it('refreshes once for five parallel calls and replays each with the new token', async () => {
    const store = signedIn('access-1', 'refresh-1');
    const notify = vi.fn();
    // The server accepts access-2 once issued; until then every Bearer fails with A0230.
    const state = { valid: 'none', refreshOk: true };
    const live = fakeFetch(server(state));
    const client = createApiClient({ store, fetch: live.fetch, notify });
    const paths = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(
      paths.map((p, i) =>
        unwrap<{ path: string; body: string | null }>(
          i === 4 ? client.post(`app-api/v1/${p}`, { json: { n: i } }) : client.get(`app-api/v1/${p}`),
        ),
      ),
    );
    expect(results.map((r) => r.path)).toEqual(paths.map((p) => `/prod-api/app-api/v1/${p}`));
    expect(results[4].body).toBe('{"n":4}'); // the replayed POST still carries its body
    expect(live.calls.filter((c) => c.url === TOKEN_PATH)).toHaveLength(1);
    const replays = live.calls.filter((c) => c.url !== TOKEN_PATH && c.authorization === 'Bearer access-2');
    expect(replays).toHaveLength(5);
    expect(notify).not.toHaveBeenCalled();
    expect(store.get(tokenAtom)).toBe('Bearer access-2');
    expect(readTokenCookie()).toBe('Bearer access-2');
    expect(readRefreshCookie()).toBe('refresh-2');
  });

  it('sends the refresh as multipart form data with the Basic client header', async () => {
    const store = signedIn('access-1', 'refresh-1');
    const live = fakeFetch(server({ valid: 'none', refreshOk: true }));
    const client = createApiClient({ store, fetch: live.fetch, notify: vi.fn() });
    await unwrap(client.get('app-api/v1/members/me'));
    const refresh = live.calls.find((c) => c.url === TOKEN_PATH)!;
    expect(refresh.method).toBe('POST');
    expect(refresh.authorization).toBe(`Basic ${btoa('insure-h5:insure-h5-secret')}`);
    expect(refresh.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('replays a 401 that arrives after the token changed, without a second refresh', async () => {
    const store = signedIn('access-1', 'refresh-1');
    const state = { valid: 'none', refreshOk: true };
    let releaseSlow!: () => void;
    const slowAnswered = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const handle = server(state);
    const live = fakeFetch(async (request, call) => {
      // The slow call was sent with access-1 and its 401 only comes back after the refresh.
      if (call.url.endsWith('/slow') && call.authorization === 'Bearer access-1') {
        await slowAnswered;
        return EXPIRED();
      }
      return handle(request, call);
    });
    const client = createApiClient({ store, fetch: live.fetch, notify: vi.fn() });
    const slow = unwrap<{ path: string }>(client.get('app-api/v1/slow'));
    await unwrap(client.get('app-api/v1/fast'));
    expect(store.get(tokenAtom)).toBe('Bearer access-2');
    releaseSlow();
    await expect(slow).resolves.toEqual({ path: '/prod-api/app-api/v1/slow', body: null });
    expect(live.calls.filter((c) => c.url === TOKEN_PATH)).toHaveLength(1);
    expect(live.calls.filter((c) => c.url.endsWith('/slow')).map((c) => c.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('clears the session when the refresh fails and opens the login dialog after 1000 ms', async () => {
    vi.useFakeTimers();
    const store = signedIn('access-1', 'refresh-1');
    watchLoginNeeded(store);
    store.set(userAtom, { id: 1 } as never);
    store.set(rolesAtom, ['member']);
    const live = fakeFetch(server({ valid: 'none', refreshOk: false }));
    const notify = vi.fn();
    const client = createApiClient({ store, fetch: live.fetch, notify });
    const calls = Promise.allSettled([unwrap(client.get('app-api/v1/a')), unwrap(client.get('app-api/v1/b'))]);
    const results = await calls;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(live.calls.filter((c) => c.url === TOKEN_PATH)).toHaveLength(1);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(rolesAtom)).toBeNull();
    expect(store.get(userAtom)).toBeNull();
    expect(readTokenCookie()).toBeNull();
    expect(readRefreshCookie()).toBeNull();
    expect(notify).toHaveBeenCalledWith('登录已过期，请重新登录');
    await vi.advanceTimersByTimeAsync(LOGIN_DIALOG_DELAY_MS - 1);
    expect(store.get(loginDialogAtom).open).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(loginDialogAtom).open).toBe(true);
  });

  it('does not refresh for a 401 with another code', async () => {
    const store = signedIn('access-1', 'refresh-1');
    const live = fakeFetch(() => envelope(null, 'A0301', '请先登录', 401));
    const client = createApiClient({ store, fetch: live.fetch, notify: vi.fn() });
    await expect(unwrap(client.get('app-api/v1/a'))).rejects.toMatchObject({ code: 'A0301' });
    expect(live.calls).toHaveLength(1);
    expect(store.get(tokenAtom)).toBe('Bearer access-1');
  });
});
