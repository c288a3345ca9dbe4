import { WECHAT_CODE_TTL_S } from '#shared/constants.ts';
import { sessionStore } from '../lib/web-storage.ts';

/** sessionStorage bookkeeping of web OAuth: the expected `state`, used codes, a recent failure. */
const STATE_KEY = 'wx.oauth.state';
const USED_KEY = 'wx.oauth.usedCodes';
const FAILED_KEY = 'wx.oauth.failedAt';
const USED_KEEP = 20;
/** After a refused or failed sign-in, do not send the visitor straight back to WeChat for a while. */
const RETRY_PAUSE_MS = 60_000;

export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStore.setItem(STATE_KEY, state);
  return state;
}

/** True once for the state this tab created; a foreign or replayed state fails. */
export function takeState(state: string | null): boolean {
  const expected = sessionStore.getItem(STATE_KEY);
  sessionStore.removeItem(STATE_KEY);
  return Boolean(state && expected && state === expected);
}

function usedCodes(): string[] {
  const parsed = sessionStore.getJson(USED_KEY);
  return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
}

export function isUsedCode(code: string): boolean {
  return usedCodes().includes(code);
}

export function markCodeUsed(code: string): void {
  sessionStore.setJson(USED_KEY, [...usedCodes(), code].slice(-USED_KEEP));
}

export function markOAuthFailed(now = Date.now()): void {
  sessionStore.setItem(FAILED_KEY, String(now));
}

export function clearOAuthFailed(): void {
  sessionStore.removeItem(FAILED_KEY);
}

export function oauthRecentlyFailed(now = Date.now()): boolean {
  const at = Number(sessionStore.getItem(FAILED_KEY) ?? 0);
  return at > 0 && now - at < RETRY_PAUSE_MS;
}

const TICKET_KEY = 'wx.oauth.consentTicket';
/** The server's consent ticket lives as long as a WeChat code (WECHAT_CODE_TTL_S). */
const TICKET_KEEP_MS = WECHAT_CODE_TTL_S * 1000;

/**
 * The consent ticket of a refused entry sign-in (A0140, docs/decisions/wechat-consent-ticket.md):
 * what the WeChat code told the server, kept for the consent step of this tab.
 */
export function rememberConsentTicket(ticket: string, now = Date.now()): void {
  sessionStore.setJson(TICKET_KEY, { ticket, until: now + TICKET_KEEP_MS });
}

/** The ticket while it is still good, else null. */
export function consentTicket(now = Date.now()): string | null {
  const kept = sessionStore.getJson(TICKET_KEY) as { ticket?: unknown; until?: unknown } | null;
  if (kept && typeof kept.ticket === 'string' && typeof kept.until === 'number' && kept.until > now) return kept.ticket;
  return null;
}

export function forgetConsentTicket(): void {
  sessionStore.removeItem(TICKET_KEY);
}

const AGREEMENT_KEY = 'wx.oauth.agreement';

/**
 * The consent ticked in the sign-in form before "微信登录" (docs/decisions/consent-at-sign-in.md):
 * kept across the round trip through WeChat's authorize page and sent with that code once.
 */
export function rememberAgreement(agreement: string): void {
  sessionStore.setItem(AGREEMENT_KEY, agreement);
}

export function takeAgreement(): string | null {
  const agreement = sessionStore.getItem(AGREEMENT_KEY);
  sessionStore.removeItem(AGREEMENT_KEY);
  return agreement;
}
