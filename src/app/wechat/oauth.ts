import type { SignInGrant } from '../api/auth.ts';
import { getClientConfig } from '../api/auth.ts';
import { signInWith } from '../session/sign-in.ts';
import { addressWithoutCallback, authorizeUrl } from './authorize.ts';
import { captureEntryUrl } from './env.ts';
import { clearOAuthFailed, isUsedCode, markCodeUsed, markOAuthFailed, takeState } from './oauth-storage.ts';
import { DIRECT_CHANNEL, rememberShareParams, sessionChannel, sessionRecommendId } from './share-context.ts';

export { addressWithoutCallback, authorizeUrl, autoWebOAuth } from './authorize.ts';

/** Leaves for WeChat's (or the simulator's) authorize page; `target` defaults to the current route. */
export async function startWebOAuth(target?: string): Promise<void> {
  const config = await getClientConfig();
  window.location.assign(authorizeUrl(config, target));
}

interface CallbackParams {
  code: string | null;
  state: string | null;
  mpcode: string | null;
}

/** Reads the one-time parameters and removes them from the address at once (before any exchange). */
export function takeCallbackParams(): CallbackParams {
  const params = new URLSearchParams(window.location.search);
  const taken = { code: params.get('code'), state: params.get('state'), mpcode: params.get('mpcode') };
  if (taken.code !== null || taken.state !== null || taken.mpcode !== null) {
    window.history.replaceState(window.history.state, '', addressWithoutCallback(window.location.href));
  }
  return taken;
}

export type Exchange = (grant: SignInGrant) => Promise<void>;

/**
 * Sign-in on entry (docs/specification.md#product-shape): a mini-program code → wx_cgi; a web OAuth callback whose `state`
 * this tab created → wx_web, once per code (codes are single-use, docs/domain.md#wechat-web-oauth). A reload or the back
 * button finds the code gone from the address or listed as used, so it is never sent twice.
 */
export async function signInOnEntry(exchange: Exchange = (grant) => signInWith(grant)): Promise<void> {
  captureEntryUrl();
  rememberShareParams();
  const { code, state, mpcode } = takeCallbackParams();
  if (mpcode) {
    if (isUsedCode(mpcode)) return;
    markCodeUsed(mpcode);
    await exchange({ grant_type: 'wx_cgi', code: mpcode }).catch(() => undefined);
    return;
  }
  if (code === null && state === null) return;
  // A code in a copied link belongs to someone else's visit: ignore it quietly.
  if (!takeState(state)) return;
  if (!code) {
    markOAuthFailed(); // the visitor refused the consent page
    return;
  }
  if (isUsedCode(code)) return;
  markCodeUsed(code);
  const recommendId = sessionRecommendId();
  try {
    await exchange({ grant_type: 'wx_web', code, channel: sessionChannel() ?? DIRECT_CHANNEL, ...(recommendId ? { recommendId } : {}) });
    clearOAuthFailed();
  } catch {
    markOAuthFailed();
  }
}
