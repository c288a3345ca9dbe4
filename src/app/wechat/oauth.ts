import type { SignInGrant } from '../api/auth.ts';
import { getClientConfig } from '../api/auth.ts';
import { ApiError } from '../api/api-error.ts';
import { reportCallFailure } from '../api/call-failures.ts';
import { signInWith } from '../sign-in/sign-in.ts';
import { authorizeUrl } from './authorize.ts';
import { takeEntryGrant } from './entry-grant.ts';
import {
  clearOAuthFailed,
  consentTicket,
  forgetConsentTicket,
  markOAuthFailed,
  rememberAgreement,
  rememberConsentTicket,
} from './oauth-storage.ts';
import { DIRECT_CHANNEL, sessionChannel, sessionRecommendId } from './share-context.ts';
import { reportVisitSignedIn } from './visit-beacon.ts';

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

/** The ticket of an A0140 answer (docs/decisions/wechat-consent-ticket.md), if it carries one. */
function ticketOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'A0140') return null;
  const data = error.data as { consentTicket?: unknown } | null;
  return typeof data?.consentTicket === 'string' ? data.consentTicket : null;
}

/**
 * 微信登录 with the consent ticked (docs/decisions/consent-at-sign-in.md): a new user whose entry
 * sign-in was refused for want of it finishes that sign-in with the server's ticket, so one trip
 * through WeChat signs them in; otherwise (or once the ticket is spent) round WeChat's authorize
 * page. Resolves true when signed in here, false when the page is leaving for WeChat.
 */
export async function signInThroughWechat(target: string | undefined, agreement: string): Promise<boolean> {
  const ticket = consentTicket();
  forgetConsentTicket();
  if (ticket) {
    const recommendId = sessionRecommendId();
    const grant: SignInGrant = {
      grant_type: 'wx_web',
      consent_ticket: ticket,
      channel: sessionChannel() ?? DIRECT_CHANNEL,
      agreement,
      ...(recommendId ? { recommendId } : {}),
    };
    try {
      await signInWith(grant, undefined, undefined, true);
      clearOAuthFailed();
      reportVisitSignedIn();
      return true;
    } catch (error) {
      // Expired or spent: a fresh code instead, silent for a user who allowed the app already.
      if (!(error instanceof ApiError && error.code === 'A0221')) {
        if (error instanceof Error) reportCallFailure(error.message);
        throw error;
      }
    }
  }
  await startWebOAuth(target, agreement);
  return false;
}

export type Exchange = (grant: SignInGrant, early?: Promise<Response>) => Promise<void>;

/**
 * Sign-in on entry (docs/specification.md#product-shape): a mini-program code → wx_cgi; a web OAuth callback whose `state`
 * this tab created → wx_web, once per code (codes are single-use, docs/domain.md#wechat-web-oauth). A reload or the back
 * button finds the code gone from the address or listed as used, so it is never sent twice.
 */
export async function signInOnEntry(
  exchange: Exchange = (grant, early) => signInWith(grant, undefined, early, true),
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
  } catch (error) {
    markOAuthFailed();
    // A new user: the sign-in dialog is the consent step, and the ticket finishes this sign-in
    // once it is ticked. Any other refusal is told as the client would have.
    const ticket = ticketOf(error);
    if (ticket) rememberConsentTicket(ticket);
    else if (error instanceof Error) reportCallFailure(error.message);
  }
}
