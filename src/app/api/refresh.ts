import { tokenAtom } from '../session/atoms.ts';
import { readRefreshToken, saveTokenPair, type Store } from '../session/token.ts';
import { basicAuthHeader, TOKEN_URL } from './oauth-client.ts';
import { readTokenPair } from './token-pair.ts';

interface RefresherDeps {
  store: Store;
  fetch: typeof globalThis.fetch;
  expiredCode: string;
  onRefreshFailed: () => void;
}

async function hasCode(response: Response, code: string): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === code;
  } catch {
    return false;
  }
}

/**
 * Refresh-and-replay of spec §4, as a fetch wrapper so that it sees every request exactly as sent:
 * - a 401 with A0230 on a request sent with a Bearer token waits for the one running refresh (or
 *   starts it) and is then sent again with the new token;
 * - a 401 that arrives after the token has already changed is replayed at once, without a refresh;
 * - a failed refresh ends the session (onRefreshFailed) and hands the original 401 back to ky, so
 *   the caller sees the usual failure.
 */
export function createRefresher(deps: RefresherDeps) {
  const { store } = deps;
  let running: Promise<string | null> | null = null;

  async function refresh(): Promise<string | null> {
    try {
      const refreshToken = readRefreshToken();
      if (!refreshToken) throw new Error('no refresh token');
      const body = new FormData();
      body.set('grant_type', 'refresh_token');
      body.set('refresh_token', refreshToken);
      const request = new Request(new URL(TOKEN_URL, document.baseURI), {
        method: 'POST',
        headers: { Authorization: basicAuthHeader(), Accept: 'application/json' },
        body,
      });
      const response = await deps.fetch(request);
      const pair = response.ok ? readTokenPair(await response.json()) : null;
      if (!pair) throw new Error(`refresh failed with HTTP ${response.status}`);
      return saveTokenPair(store, pair);
    } catch {
      deps.onRefreshFailed();
      return null;
    }
  }

  function freshToken(sentWith: string): Promise<string | null> {
    if (running) return running;
    const current = store.get(tokenAtom);
    if (current && current !== sentWith) return Promise.resolve(current);
    running = refresh().finally(() => {
      running = null;
    });
    return running;
  }

  const wrappedFetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const sentWith = request.headers.get('Authorization');
    if (!sentWith || sentWith.startsWith('Basic ')) return deps.fetch(request, init);
    const spare = request.clone();
    const response = await deps.fetch(request, init);
    if (response.status !== 401 || !(await hasCode(response, deps.expiredCode))) return response;
    const token = await freshToken(sentWith);
    if (!token) return response;
    const headers = new Headers(spare.headers);
    headers.set('Authorization', token);
    return deps.fetch(new Request(spare, { headers }), init);
  };

  return { fetch: wrappedFetch };
}
