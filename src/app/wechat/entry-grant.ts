import type { SignInGrant } from '../api/grant-fields.ts';
import { addressWithoutCallback } from './authorize.ts';
import { captureEntryUrl } from './env.ts';
import { isUsedCode, markCodeUsed, markOAuthFailed, takeAgreement, takeState } from './oauth-storage.ts';
import { DIRECT_CHANNEL, rememberShareParams, sessionChannel, sessionRecommendId } from './share-context.ts';

/*
 * The grant a page was opened with (a WeChat callback or a mini-program hand-over), taken out of
 * the address once. No client here: index.html's script (boot/early-start.ts) takes it first when
 * it can, to send the token call while the app's code is still on its way; oauth.ts
 * `signInOnEntry` then uses what it took.
 */

declare global {
  interface Window {
    /** The grant index.html's script took, and its token call's answer (null when none was sent). */
    __entryGrant?: { grant: SignInGrant | null; response: Promise<Response> | null };
  }
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

/**
 * The grant to exchange on entry, or null: a mini-program code → wx_cgi; a web OAuth callback whose
 * `state` this tab created → wx_web, once per code (codes are single-use,
 * docs/domain.md#wechat-web-oauth). A reload or the back button finds the code gone from the
 * address or listed as used, so it is never sent twice. A refused consent is remembered.
 */
export function takeEntryGrant(): SignInGrant | null {
  captureEntryUrl();
  rememberShareParams();
  const { code, state, mpcode } = takeCallbackParams();
  if (mpcode) {
    if (isUsedCode(mpcode)) return null;
    markCodeUsed(mpcode);
    const recommendId = sessionRecommendId();
    return { grant_type: 'wx_cgi', code: mpcode, ...(recommendId ? { recommendId } : {}) };
  }
  if (code === null && state === null) return null;
  // A code in a copied link belongs to someone else's visit: ignore it quietly.
  if (!takeState(state)) return null;
  if (!code) {
    markOAuthFailed(); // the visitor refused the consent page
    return null;
  }
  if (isUsedCode(code)) return null;
  markCodeUsed(code);
  const recommendId = sessionRecommendId();
  // The consent ticked in the sign-in form before "微信登录" (docs/decisions/consent-at-sign-in.md).
  const agreement = takeAgreement();
  return {
    grant_type: 'wx_web',
    code,
    channel: sessionChannel() ?? DIRECT_CHANNEL,
    ...(recommendId ? { recommendId } : {}),
    ...(agreement ? { agreement } : {}),
  };
}
