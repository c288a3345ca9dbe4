import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { consentPage, errorPage } from './consent-page.ts';
import { param } from './params.ts';
import { callbackUrl, isHttpUrl } from './redirect.ts';
import { randomSimUser, type SimScope, type SimulatorState } from './state.ts';

const USER_COOKIE = 'wxsim_user';
const AUTHORIZE_PATH = '/connect/oauth2/authorize';

interface AuthorizeRequest {
  appid: string;
  appName: string;
  redirectUri: string;
  scope: SimScope;
  state: string;
}

/** Validates like WeChat's authorize page, with its errcodes (10003 bad redirect_uri, 10005 scope, …). */
function parseAuthorize(
  state: SimulatorState,
  source: unknown,
): AuthorizeRequest | { errcode: number; message: string } {
  const appid = param(source, 'appid');
  if (!appid) return { errcode: 10012, message: 'appid 不能为空' };
  const app = state.app(appid);
  if (!app || app.kind !== 'oa') return { errcode: 10016, message: 'appid 参数错误：不是本模拟器配置的公众号 AppID' };
  const redirectUri = param(source, 'redirect_uri');
  if (!redirectUri) return { errcode: 10011, message: 'redirect_uri 不能为空' };
  if (!isHttpUrl(redirectUri)) return { errcode: 10003, message: 'redirect_uri 参数错误：必须是完整的 http(s) 地址' };
  if (param(source, 'response_type') !== 'code')
    return { errcode: 10005, message: 'response_type 参数错误：只能为 code' };
  const scope = param(source, 'scope');
  if (!scope) return { errcode: 10010, message: 'scope 不能为空' };
  if (scope !== 'snsapi_base' && scope !== 'snsapi_userinfo')
    return { errcode: 10005, message: 'scope 参数错误：只能为 snsapi_base 或 snsapi_userinfo' };
  const stateParam = param(source, 'state') ?? '';
  if (Buffer.byteLength(stateParam) > 128) return { errcode: 10014, message: 'state 参数过长（最多 128 字节）' };
  return { appid, appName: app.name, redirectUri, scope, state: stateParam };
}

function readUserCookie(header: string | undefined): string | undefined {
  const match = header?.split(/;\s*/).find((c) => c.startsWith(`${USER_COOKIE}=`));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match.slice(USER_COOKIE.length + 1)) || undefined;
  } catch {
    return undefined;
  }
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * `GET /wx-sim/connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state`: the
 * consent page; its form POSTs back here. 允许 → 302 to redirect_uri with code and state,
 * 拒绝 → 302 with state only (what WeChat does when the user refuses).
 */
export function oauthRoutes(state: SimulatorState): FastifyPluginAsync {
  return async (app) => {
    app.get(AUTHORIZE_PATH, async (request, reply) => {
      const parsed = parseAuthorize(state, request.query);
      if ('errcode' in parsed) return html(reply, 400, errorPage(parsed.errcode, parsed.message));
      const user = readUserCookie(request.headers.cookie) ?? randomSimUser();
      return html(reply, 200, consentPage({ ...parsed, user, action: `${app.prefix}${AUTHORIZE_PATH}` }));
    });

    app.post(AUTHORIZE_PATH, async (request, reply) => {
      const parsed = parseAuthorize(state, request.body);
      if ('errcode' in parsed) return html(reply, 400, errorPage(parsed.errcode, parsed.message));
      if (param(request.body, 'decision') !== 'allow') {
        return reply.redirect(callbackUrl(parsed.redirectUri, { state: parsed.state }), 302);
      }
      const user = (param(request.body, 'user') ?? '').trim().slice(0, 32) || randomSimUser();
      const code = state.issueCode(parsed.appid, user, parsed.scope, 'web');
      reply.header(
        'set-cookie',
        `${USER_COOKIE}=${encodeURIComponent(user)}; Path=${app.prefix || '/'}; HttpOnly; SameSite=Lax`,
      );
      return reply.redirect(callbackUrl(parsed.redirectUri, { code, state: parsed.state }), 302);
    });
  };
}
