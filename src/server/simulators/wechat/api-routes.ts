import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { param } from './params.ts';
import { simulatedUnionid, wxError, type SimulatorState } from './state.ts';

const isError = (value: object): value is { errcode: number; errmsg: string } => 'errcode' in value;

function avatarUrl(request: FastifyRequest, prefix: string, openid: string, nickname: string): string {
  return `${request.protocol}://${request.host}${prefix}/avatar/${openid}.svg?t=${encodeURIComponent([...nickname][0] ?? '微')}`;
}

/**
 * WeChat's server APIs with their real paths, field names and errcodes. Like WeChat, errors are
 * HTTP 200 with `{errcode, errmsg}`.
 */
export function apiRoutes(state: SimulatorState): FastifyPluginAsync {
  return async (app) => {
    // Web OAuth code → per-user access token and openid (docs/domain.md#wechat-web-oauth).
    app.get('/sns/oauth2/access_token', async (request) => {
      const q = request.query;
      const appid = param(q, 'appid');
      const appError = state.checkApp(appid, param(q, 'secret'), 'oa');
      if (appError) return appError;
      if (param(q, 'grant_type') !== 'authorization_code') return wxError(40002, 'invalid grant_type');
      const code = state.redeemCode(param(q, 'code'), appid!, 'web');
      if (isError(code)) return code;
      const { token, openid } = state.issueSnsToken(code);
      return {
        access_token: token,
        expires_in: state.tokenTtlS,
        refresh_token: `r${token}`,
        openid,
        scope: code.scope,
        is_snapshotuser: 0,
        unionid: simulatedUnionid(code.user),
      };
    });

    app.get('/sns/userinfo', async (request) => {
      const q = request.query;
      const accessToken = param(q, 'access_token');
      if (!accessToken) return wxError(41001, 'access_token missing');
      const openid = param(q, 'openid');
      if (!openid) return wxError(41009, 'missing openid');
      const grant = state.snsToken(accessToken);
      if (!grant) return wxError(40001, 'invalid credential, access_token is invalid or not latest');
      if (grant.openid !== openid) return wxError(40003, 'invalid openid');
      if (grant.scope !== 'snsapi_userinfo') return wxError(48001, 'api unauthorized');
      return {
        openid,
        nickname: grant.user,
        sex: 0,
        language: '',
        city: '',
        province: '',
        country: '',
        headimgurl: avatarUrl(request, app.prefix, openid, grant.user),
        privilege: [],
        unionid: simulatedUnionid(grant.user),
      };
    });

    // Mini-program `wx.login` code → openid and session_key.
    app.get('/sns/jscode2session', async (request) => {
      const q = request.query;
      const appid = param(q, 'appid');
      const appError = state.checkApp(appid, param(q, 'secret'), 'mp');
      if (appError) return appError;
      if (param(q, 'grant_type') !== 'authorization_code') return wxError(40002, 'invalid grant_type');
      const code = state.redeemCode(param(q, 'js_code'), appid!, 'mp');
      if (isError(code)) return code;
      const { openid } = state.issueSnsToken(code);
      return { openid, session_key: createHash('sha256').update(`session:${openid}:${state.now()}`).digest('base64').slice(0, 24), unionid: simulatedUnionid(code.user) };
    });

    // The app's global access token (client_credential), for the JS-SDK ticket.
    app.get('/cgi-bin/token', async (request) => {
      const q = request.query;
      if (param(q, 'grant_type') !== 'client_credential') return wxError(40002, 'invalid grant_type');
      const appid = param(q, 'appid');
      const app = appid ? state.app(appid) : undefined;
      const appError = state.checkApp(appid, param(q, 'secret'), app?.kind ?? 'oa');
      if (appError) return appError;
      return { access_token: state.issueCgiToken(appid!), expires_in: state.tokenTtlS };
    });

    app.get('/cgi-bin/ticket/getticket', async (request) => {
      const q = request.query;
      const accessToken = param(q, 'access_token');
      if (!accessToken) return wxError(41001, 'access_token missing');
      if (!state.cgiToken(accessToken)) return wxError(40001, 'invalid credential, access_token is invalid or not latest');
      if (param(q, 'type') !== 'jsapi') return wxError(40097, 'invalid args');
      return { errcode: 0, errmsg: 'ok', ticket: state.issueTicket(), expires_in: state.tokenTtlS };
    });

    // headimgurl of simulated users: a coloured square with the nickname's first character.
    app.get<{ Params: { id: string } }>('/avatar/:id', async (request, reply) => {
      const hue = parseInt(createHash('sha256').update(request.params.id).digest('hex').slice(0, 4), 16) % 360;
      const letter = (param(request.query, 't') ?? '微').slice(0, 2).replace(/[&<>"']/g, '');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132"><rect width="132" height="132" fill="hsl(${hue},55%,55%)"/><text x="66" y="84" font-size="56" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    });
  };
}
