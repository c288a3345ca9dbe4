import type { Config } from '../../config.ts';
import { WECHAT_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { cachedValue } from './cached-value.ts';
import {
  type FetchLike,
  fetchCall,
  nodeHttpCall,
  optionalString,
  requireString,
  wechatGet,
  wechatPost,
} from './http.ts';
import type { MiniProgramSession, TemplateMessage, WebGrant, WechatProfile, WechatProvider } from './types.ts';
import { WX_ACCESS_TOKEN_EXPIRED, WX_INVALID_CREDENTIAL, WechatError } from './wechat-error.ts';

export type { WechatProfile, WechatProvider } from './types.ts';
export { WechatError } from './wechat-error.ts';

/** The real WeChat API; only used when neither WECHAT_API_BASE nor the simulator is configured. */
export const WECHAT_API_ORIGIN = 'https://api.weixin.qq.com';

/** Renew the cached access token and jsapi_ticket this long before WeChat says they expire. */
const RENEW_MARGIN_MS = 5 * 60 * 1000;

export interface WechatProviderOptions {
  oa: { appId: string; secret: string };
  mp: { appId: string; secret: string };
  /** Asked on every call: the simulator's base is only known once the server listens. */
  baseUrl: () => string;
  /** A WHATWG fetch to use instead of node:http (tests: WeChat answering what it should not). */
  fetch?: FetchLike;
}

/** Base URL: WECHAT_API_BASE, else this server's simulator when it runs, else WeChat itself. */
export function wechatBaseUrl(config: Config, selfUrl: () => string): () => string {
  if (config.WECHAT_API_BASE) {
    const base = config.WECHAT_API_BASE;
    return () => base;
  }
  if (config.wechatSimulator) return () => `${selfUrl()}${WECHAT_SIMULATOR_BASE}`;
  return () => WECHAT_API_ORIGIN;
}

export function createWechatProviderFromConfig(config: Config, selfUrl: () => string): WechatProvider {
  return createWechatProvider({
    oa: { appId: config.WECHAT_OA_APPID, secret: config.wechatOaSecret },
    mp: { appId: config.WECHAT_MP_APPID, secret: config.wechatMpSecret },
    baseUrl: wechatBaseUrl(config, selfUrl),
  });
}

/** Adapter for the WeChat HTTP APIs of docs/domain.md#wechat-web-oauth, #mini-program-codes, #js-sdk, #template-messages (node:http with keep-alive, real paths and field names). */
export function createWechatProvider(opts: WechatProviderOptions): WechatProvider {
  const call = opts.fetch ? fetchCall(opts.fetch) : nodeHttpCall;
  const get = <T>(path: string, params: Record<string, string>) => wechatGet<T>(call, opts.baseUrl(), path, params);
  const post = <T>(path: string, params: Record<string, string>, body: unknown) =>
    wechatPost<T>(call, opts.baseUrl(), path, params, body);

  async function exchangeWebCode(code: string): Promise<WebGrant> {
    const api = 'sns/oauth2/access_token';
    const body = await get<Record<string, unknown>>(api, {
      appid: opts.oa.appId,
      secret: opts.oa.secret,
      code,
      grant_type: 'authorization_code',
    });
    return {
      openid: requireString(api, body, 'openid'),
      unionid: optionalString(body, 'unionid'),
      scope: optionalString(body, 'scope') ?? '',
      accessToken: requireString(api, body, 'access_token'),
    };
  }

  async function getUserInfo(grant: WebGrant): Promise<WechatProfile> {
    const api = 'sns/userinfo';
    const body = await get<Record<string, unknown>>(api, {
      access_token: grant.accessToken,
      openid: grant.openid,
      lang: 'zh_CN',
    });
    return {
      openid: requireString(api, body, 'openid'),
      unionid: optionalString(body, 'unionid') ?? grant.unionid,
      nickname: optionalString(body, 'nickname') ?? '',
      avatar: optionalString(body, 'headimgurl') ?? '',
    };
  }

  async function code2Session(jsCode: string): Promise<MiniProgramSession> {
    const api = 'sns/jscode2session';
    const body = await get<Record<string, unknown>>(api, {
      appid: opts.mp.appId,
      secret: opts.mp.secret,
      js_code: jsCode,
      grant_type: 'authorization_code',
    });
    return { openid: requireString(api, body, 'openid'), unionid: optionalString(body, 'unionid') };
  }

  // The global access token of the official account (not the per-user sns one), for JS-SDK tickets and template messages.
  const accessToken = cachedValue(
    async () => {
      const api = 'cgi-bin/token';
      const body = await get<Record<string, unknown>>(api, {
        grant_type: 'client_credential',
        appid: opts.oa.appId,
        secret: opts.oa.secret,
      });
      return { value: requireString(api, body, 'access_token'), expiresInS: Number(body.expires_in) || 7200 };
    },
    { marginMs: RENEW_MARGIN_MS },
  );

  const fetchTicket = async (token: string) => {
    const api = 'cgi-bin/ticket/getticket';
    const body = await get<Record<string, unknown>>(api, { access_token: token, type: 'jsapi' });
    return { value: requireString(api, body, 'ticket'), expiresInS: Number(body.expires_in) || 7200 };
  };

  /**
   * A call with the access token; when WeChat calls the token invalid or expired (it may have been
   * renewed elsewhere: WeChat keeps one valid token per app) a new one is fetched and the call made once more.
   */
  async function withAccessToken<T>(call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await accessToken.get());
    } catch (error) {
      if (
        error instanceof WechatError &&
        (error.errcode === WX_INVALID_CREDENTIAL || error.errcode === WX_ACCESS_TOKEN_EXPIRED)
      ) {
        accessToken.invalidate();
        return call(await accessToken.get());
      }
      throw error;
    }
  }

  const ticket = cachedValue(() => withAccessToken(fetchTicket), { marginMs: RENEW_MARGIN_MS });

  async function sendTemplateMessage(message: TemplateMessage): Promise<{ msgid: string }> {
    const api = 'cgi-bin/message/template/send';
    const body = {
      touser: message.touser,
      template_id: message.templateId,
      url: message.url,
      data: Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }])),
    };
    const answer = await withAccessToken((token) => post<Record<string, unknown>>(api, { access_token: token }, body));
    // msgid is a number in WeChat's answers; kept as text, an identifier rather than an amount.
    const msgid = answer.msgid;
    if (typeof msgid !== 'number' && typeof msgid !== 'string') throw new WechatError(api, null, 'answer lacks msgid');
    return { msgid: String(msgid) };
  }

  return {
    oaAppId: opts.oa.appId,
    mpAppId: opts.mp.appId,
    exchangeWebCode,
    getUserInfo,
    code2Session,
    getJsapiTicket: ticket.get,
    sendTemplateMessage,
  };
}
