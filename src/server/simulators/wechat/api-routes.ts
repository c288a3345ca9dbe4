import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { param } from './params.ts';
import { simulatedUnionid, wxError, type SimulatorState } from './state.ts';

const isError = (value: object): value is { errcode: number; errmsg: string } => 'errcode' in value;

function avatarUrl(request: FastifyRequest, prefix: string, openid: string, nickname: string): string {
  return `${request.protocol}://${request.host}${prefix}/avatar/${openid}.svg?t=${encodeURIComponent([...nickname][0] ?? '微')}`;
}

/** `data` as WeChat wants it: an object of fields, each `{value: string}` (a colour may come along). */
function templateData(data: unknown): Record<string, { value: string }> | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const fields: Record<string, { value: string }> = {};
  for (const [key, field] of Object.entries(data)) {
    if (!field || typeof field !== 'object' || typeof (field as { value?: unknown }).value !== 'string') return null;
    fields[key] = { value: (field as { value: string }).value };
  }
  return fields;
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
      return {
        openid,
        session_key: createHash('sha256').update(`session:${openid}:${state.now()}`).digest('base64').slice(0, 24),
        unionid: simulatedUnionid(code.user),
      };
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
      if (!state.cgiToken(accessToken))
        return wxError(40001, 'invalid credential, access_token is invalid or not latest');
      if (param(q, 'type') !== 'jsapi') return wxError(40097, 'invalid args');
      return { errcode: 0, errmsg: 'ok', ticket: state.issueTicket(), expires_in: state.tokenTtlS };
    });

    // Official-account template messages (docs/domain.md#template-messages): checked in WeChat's
    // order (token, recipient, template, data) and logged for the test route.
    app.post('/cgi-bin/message/template/send', async (request) => {
      const accessToken = param(request.query, 'access_token');
      if (!accessToken) return wxError(41001, 'access_token missing');
      const token = state.cgiToken(accessToken);
      if (!token) return wxError(40001, 'invalid credential, access_token is invalid or not latest');
      if (state.app(token.appid)?.kind !== 'oa') return wxError(48001, 'api unauthorized');
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const { touser, template_id: templateId, url, data } = body;
      if (typeof touser !== 'string' || !state.isIssuedOpenid(token.appid, touser))
        return wxError(40003, 'invalid openid');
      if (typeof templateId !== 'string' || !state.isKnownTemplate(templateId))
        return wxError(40037, 'invalid template_id');
      if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url)))
        return wxError(40039, 'invalid url size');
      const fields = templateData(data);
      if (!fields) return wxError(47001, 'data format error');
      const msgid = state.recordTemplateMessage({
        appid: token.appid,
        touser,
        template_id: templateId,
        url: url ?? null,
        data: fields,
      });
      return { errcode: 0, errmsg: 'ok', msgid };
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
