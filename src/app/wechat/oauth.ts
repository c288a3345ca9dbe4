import type { SignInGrant } from '../api/auth.ts';
import { getClientConfig } from '../api/auth.ts';
import { signInWith } from '../sign-in/sign-in.ts';
import { authorizeUrl } from './authorize.ts';
import { takeEntryGrant } from './entry-grant.ts';
import { clearOAuthFailed, markOAuthFailed, rememberAgreement } from './oauth-storage.ts';

export { authorizeUrl, autoWebOAuth } from './authorize.ts';

/**
 * Leaves for WeChat's (or the simulator's) authorize page; `target` defaults to the current route.
 * `agreement`: the consent ticked in the sign-in form, sent with the code on return.
 */
export async function startWebOAuth(target?: string, agreement?: string): Promise<void> {
  const config = await getClientConfig();
  if (agreement) rememberAgreement(agreement);
  window.location.assign(authorizeUrl(config, target));
}

export type Exchange = (grant: SignInGrant, early?: Promise<Response>) => Promise<void>;

/**
 * Sign-in on entry (docs/specification.md#product-shape): a mini-program code → wx_cgi; a web OAuth callback whose `state`
 * this tab created → wx_web, once per code (codes are single-use, docs/domain.md#wechat-web-oauth). A reload or the back
 * button finds the code gone from the address or listed as used, so it is never sent twice.
 */
export async function signInOnEntry(
  exchange: Exchange = (grant, early) => signInWith(grant, undefined, early),
): Promise<void> {
  // index.html's script may have taken the grant and sent the token call already (boot/early-start.ts).
  const early = window.__entryGrant;
  window.__entryGrant = undefined;
  const grant = early ? early.grant : takeEntryGrant();
  if (!grant) return;
  const response = early?.response;
  const send = () => (response ? exchange(grant, response) : exchange(grant));
  if (grant.grant_type === 'wx_cgi') {
    await send().catch(() => undefined);
    return;
  }
  try {
    await send();
    clearOAuthFailed();
  } catch {
    markOAuthFailed();
  }
}
