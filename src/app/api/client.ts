import ky, { isHTTPError, type KyInstance, type ResponsePromise } from 'ky';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from '#shared/constants.ts';
import type { Envelope } from '#shared/envelope.ts';
import { SUCCESS_CODE, type ErrorCode } from '#shared/errors.ts';
import { languageAtom, translate } from '../i18n/index.ts';
import { loginNeededAtom, tokenAtom } from '../session/atoms.ts';
import { store as appStore } from '../store.ts';
import { clearSession, type Store } from '../session/token.ts';
import { ApiError } from './api-error.ts';
import { reportCallFailure } from './call-failures.ts';
import { withEarlyResponses } from './early-responses.ts';
import { createRefresher } from './refresh.ts';
import { ACCEPT_LANGUAGE } from './accept-language.ts';

export { ApiError } from './api-error.ts';

/** Per-call switches, passed as ky's `context`. */
export type CallContext = {
  /** No Bearer header: the token and version calls (spec §7). */
  auth?: false;
  /** No toast on failure: the caller shows its own message. */
  silent?: true;
  /** The token call: a bare OAuth-style token pair counts as a success too (the server wraps it). */
  bare?: true;
};

export interface ClientDeps {
  store: Store;
  /** The real fetch (serving the page's early answers first) by default; tests pass a fake one. */
  fetch?: typeof globalThis.fetch;
  /** Shows a failure message; by default it is reported to the shell (call-failures.ts), which toasts it. */
  notify?: (message: string) => void;
}

/** Token expired (spec §8): refresh and replay. */
const EXPIRED_CODE: ErrorCode = 'A0230';

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json');
}

/** The message of B0001 (系统错误 in zh-cn), the shared catalogue's, through the shell dictionary. */
function fallbackMessage(store: Store): string {
  return translate(store.get(languageAtom), 'error.B0001');
}

/** The envelope rule of spec §5: only code 00000, or a binary answer, is a success. */
async function envelopeFailure(
  response: Response,
  bare: boolean,
): Promise<{ code: string; msg: string; data?: unknown } | null> {
  if (!isJson(response)) return response.ok ? null : { code: String(response.status), msg: '' };
  const body = (await response.json().catch(() => null)) as Partial<Envelope> | null;
  if (bare && response.ok && body && !('code' in body)) return null;
  if (body?.code === SUCCESS_CODE && response.ok) return null;
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  return { code: body?.code ?? String(response.status), msg, data: body?.data };
}

/**
 * The one ky instance of the H5 (spec §4, §5, §7, §8): prefix /prod-api, 50 s timeout, Bearer header
 * from the store, envelope check with a toast, and refresh-and-replay on A0230 (see refresh.ts).
 */
export function createApiClient(deps: ClientDeps): KyInstance {
  const { store } = deps;
  const notify = deps.notify ?? reportCallFailure;
  const baseFetch = deps.fetch ?? withEarlyResponses((input, init) => globalThis.fetch(input, init));

  const refresher = createRefresher({
    store,
    fetch: baseFetch,
    expiredCode: EXPIRED_CODE,
    onRefreshFailed: () => {
      clearSession(store);
      store.set(loginNeededAtom, (count) => count + 1);
    },
  });

  return ky.create({
    prefix: API_PREFIX,
    // An absolute base: fetch outside a browser (tests) cannot resolve a bare path.
    baseUrl: window.location.origin,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    fetch: refresher.fetch,
    hooks: {
      beforeRequest: [
        ({ request, options }) => {
          const context = options.context as CallContext;
          const token = store.get(tokenAtom);
          if (context.auth !== false && token) request.headers.set('Authorization', token);
          // The server answers catalogue texts and messages in it (docs/decisions/request-language.md).
          request.headers.set('Accept-Language', ACCEPT_LANGUAGE[store.get(languageAtom)]);
        },
      ],
      afterResponse: [
        async ({ response, options }) => {
          const context = options.context as CallContext;
          const failure = await envelopeFailure(response, context.bare === true);
          if (!failure) return;
          const message = failure.msg || fallbackMessage(store);
          if (!context.silent) notify(message);
          throw new ApiError(failure.code, message, response.status, failure.data ?? null);
        },
      ],
      beforeError: [
        ({ error, options }) => {
          // Network failures and timeouts: no envelope, so the fallback message (spec §8).
          if (isHTTPError(error) || error instanceof ApiError) return error;
          const message = fallbackMessage(store);
          if (!(options.context as CallContext).silent) notify(message);
          return new ApiError('NETWORK', message);
        },
      ],
    },
  });
}

/** The client every part of the H5 uses. */
export const apiClient: KyInstance = createApiClient({ store: appStore });

/** The envelope's data of a successful call; a failure has already been shown and is thrown. */
export async function unwrap<T>(call: ResponsePromise): Promise<T> {
  const body = await call.json<Envelope<T>>();
  return body.data as T;
}
