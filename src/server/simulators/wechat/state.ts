import { createHash, randomBytes, randomInt } from 'node:crypto';
import { WECHAT_CODE_TTL_S } from '#shared/constants.ts';
import type { Config } from '../../config.ts';

/** WeChat's lifetimes: access tokens and tickets 7200 s, sns refresh tokens 30 days. */
const TOKEN_TTL_S = 7200;

export type SimAppKind = 'oa' | 'mp';
export type SimScope = 'snsapi_base' | 'snsapi_userinfo';

interface SimApp {
  appid: string;
  secret: string;
  kind: SimAppKind;
  name: string;
}
interface SimCode {
  appid: string;
  user: string;
  scope: SimScope;
  kind: 'web' | 'mp';
  issuedAt: number;
  usedAt?: number;
}
interface SimSnsToken {
  appid: string;
  user: string;
  openid: string;
  scope: SimScope;
  expiresAt: number;
}
interface SimCgiToken {
  appid: string;
  expiresAt: number;
}

/** A template message the simulated official account accepted, as the test route shows it. */
export interface SimTemplateMessage {
  msgid: number;
  appid: string;
  touser: string;
  template_id: string;
  url: string | null;
  data: Record<string, { value: string }>;
  sentAt: string;
}

/** Template messages kept for the test route: the newest ones, so a long-running dev server does not grow. */
const SENT_LOG_LIMIT = 1000;

/** WeChat answers: `{errcode, errmsg}` with a request id, like the real service. */
export interface WxError {
  errcode: number;
  errmsg: string;
}
export const wxError = (errcode: number, text: string): WxError => ({
  errcode,
  errmsg: `${text} rid: ${randomBytes(6).toString('hex')}`,
});

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Openids are per app (28 characters starting with o, like WeChat's); the unionid is per person. */
export function simulatedOpenid(appid: string, user: string): string {
  return `o${digest(`openid:${appid}:${user}`).slice(0, 27)}`;
}
export function simulatedUnionid(user: string): string {
  return `u${digest(`unionid:${user}`).slice(0, 27)}`;
}

export function randomSimUser(): string {
  return `微信用户${randomInt(100000, 999999)}`;
}

/**
 * The simulator's memory: its apps (the configured official account and mini-program with their
 * secrets), issued codes, tokens and tickets, and a clock tests can move forward.
 */
export function createSimulatorState(config: Config) {
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;
  const apps = new Map<string, SimApp>([
    [
      config.WECHAT_OA_APPID,
      { appid: config.WECHAT_OA_APPID, secret: config.wechatOaSecret, kind: 'oa', name: '保险服务号（模拟）' },
    ],
    [
      config.WECHAT_MP_APPID,
      { appid: config.WECHAT_MP_APPID, secret: config.wechatMpSecret, kind: 'mp', name: '保险小程序（模拟）' },
    ],
  ]);
  const codes = new Map<string, SimCode>();
  const snsTokens = new Map<string, SimSnsToken>();
  const cgiTokens = new Map<string, SimCgiToken>();
  const tickets = new Map<string, number>();
  /** Openids handed out per app: WeChat sends template messages only to its own users (40003 otherwise). */
  const issuedOpenids = new Map<string, Set<string>>();
  /** Template ids the simulated official account has added (the configured ones). */
  const templateIds = new Set(Object.values(config.wechatTemplateIds));
  const sentMessages: SimTemplateMessage[] = [];
  let nextMsgid = 2_000_000_000 + randomInt(0, 1_000_000) * 1000;

  // Forget what can no longer be used, so a long-running dev server does not grow; at most once a
  // second, so that issuing many codes does not walk all of them each time.
  let sweptAt = Number.NEGATIVE_INFINITY;
  function sweep() {
    const t = now();
    if (t - sweptAt < 1000) return;
    sweptAt = t;
    for (const [k, c] of codes) if (t - c.issuedAt > 2 * WECHAT_CODE_TTL_S * 1000) codes.delete(k);
    for (const [k, v] of snsTokens) if (v.expiresAt <= t) snsTokens.delete(k);
    for (const [k, v] of cgiTokens) if (v.expiresAt <= t) cgiTokens.delete(k);
    for (const [k, exp] of tickets) if (exp <= t) tickets.delete(k);
  }

  function issueCode(appid: string, user: string, scope: SimScope, kind: SimCode['kind']): string {
    sweep();
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { appid, user, scope, kind, issuedAt: now() });
    return code;
  }

  /** Checks appid and secret the way WeChat does; null when both are right. */
  function checkApp(appid: string | undefined, secret: string | undefined, kind: SimAppKind): WxError | null {
    if (!appid) return wxError(41002, 'appid missing');
    const app = apps.get(appid);
    if (!app || app.kind !== kind) return wxError(40013, 'invalid appid');
    if (!secret) return wxError(41004, 'appsecret missing');
    if (secret !== app.secret) return wxError(40125, 'invalid appsecret');
    return null;
  }

  /** Single use, 5 minutes, only for the app (and the kind of login) it was issued to. */
  function redeemCode(code: string | undefined, appid: string, kind: SimCode['kind']): SimCode | WxError {
    if (!code) return wxError(41008, 'missing code');
    const entry = codes.get(code);
    if (!entry || entry.appid !== appid || entry.kind !== kind || now() - entry.issuedAt > WECHAT_CODE_TTL_S * 1000) {
      return wxError(40029, 'invalid code');
    }
    if (entry.usedAt !== undefined) return wxError(40163, 'code been used');
    entry.usedAt = now();
    return entry;
  }

  function issueSnsToken(code: SimCode): { token: string; openid: string } {
    const token = randomBytes(32).toString('base64url');
    const openid = simulatedOpenid(code.appid, code.user);
    if (!issuedOpenids.has(code.appid)) issuedOpenids.set(code.appid, new Set());
    issuedOpenids.get(code.appid)!.add(openid);
    snsTokens.set(token, {
      appid: code.appid,
      user: code.user,
      openid,
      scope: code.scope,
      expiresAt: now() + TOKEN_TTL_S * 1000,
    });
    return { token, openid };
  }

  function snsToken(token: string): SimSnsToken | undefined {
    const entry = snsTokens.get(token);
    return entry && entry.expiresAt > now() ? entry : undefined;
  }

  function issueCgiToken(appid: string): string {
    sweep();
    const token = randomBytes(32).toString('base64url');
    cgiTokens.set(token, { appid, expiresAt: now() + TOKEN_TTL_S * 1000 });
    return token;
  }

  function cgiToken(token: string): SimCgiToken | undefined {
    const entry = cgiTokens.get(token);
    return entry && entry.expiresAt > now() ? entry : undefined;
  }

  function issueTicket(): string {
    const ticket = randomBytes(40).toString('base64url');
    tickets.set(ticket, now() + TOKEN_TTL_S * 1000);
    return ticket;
  }

  function recordTemplateMessage(message: Omit<SimTemplateMessage, 'msgid' | 'sentAt'>): number {
    nextMsgid += 1;
    sentMessages.push({ msgid: nextMsgid, sentAt: new Date(now()).toISOString(), ...message });
    if (sentMessages.length > SENT_LOG_LIMIT) sentMessages.splice(0, sentMessages.length - SENT_LOG_LIMIT);
    return nextMsgid;
  }

  return {
    now,
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
    app: (appid: string) => apps.get(appid),
    tokenTtlS: TOKEN_TTL_S,
    issueCode,
    checkApp,
    redeemCode,
    issueSnsToken,
    snsToken,
    issueCgiToken,
    cgiToken,
    issueTicket,
    isIssuedOpenid: (appid: string, openid: string) => issuedOpenids.get(appid)?.has(openid) === true,
    isKnownTemplate: (templateId: string) => templateIds.has(templateId),
    recordTemplateMessage,
    /** The accepted template messages, oldest first (optionally for one openid). */
    sentTemplateMessages: (touser?: string) => sentMessages.filter((m) => touser === undefined || m.touser === touser),
    /** For JS-SDK signature checks: whether a ticket was issued and is still valid. */
    isValidTicket: (ticket: string) => (tickets.get(ticket) ?? 0) > now(),
  };
}

export type SimulatorState = ReturnType<typeof createSimulatorState>;
