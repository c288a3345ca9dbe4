import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import wechatSimulatorRoutes from '../../simulators/wechat/routes.ts';
import { cachedValue } from './cached-value.ts';
import { createWechatProvider, wechatBaseUrl, WECHAT_API_ORIGIN, WechatError } from './index.ts';

/** Just the simulator module on a bare Fastify: the adapter is tested over real HTTP without a database. */
async function simulatorServer(env: Record<string, string> = {}) {
  const config = loadConfig({ LOG_LEVEL: 'silent', WECHAT_SIMULATOR: 'true', ...env });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(wechatSimulatorRoutes);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  afterAll(() => app.close());
  return { app, config, url };
}

const sim = await simulatorServer();
const provider = (overrides: { oaSecret?: string; base?: string; fetch?: typeof fetch } = {}) =>
  createWechatProvider({
    oa: { appId: sim.config.WECHAT_OA_APPID, secret: overrides.oaSecret ?? sim.config.wechatOaSecret },
    mp: { appId: sim.config.WECHAT_MP_APPID, secret: sim.config.wechatMpSecret },
    baseUrl: () => overrides.base ?? `${sim.url}/wx-sim`,
    fetch: overrides.fetch,
  });
const simCode = async (path: 'oauth-code' | 'mp-login', user: string) => {
  const res = await fetch(`${sim.url}/wx-sim/test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  return ((await res.json()) as { code: string }).code;
};
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WechatError);
  const { code, errcode, status } = error as WechatError;
  return { code, errcode, status };
};

describe('WeChat adapter against the simulator', () => {
  it('exchanges a web code and reads the profile', async () => {
    const wechat = provider();
    const grant = await wechat.exchangeWebCode(await simCode('oauth-code', '王五'));
    expect(grant).toMatchObject({
      openid: expect.stringMatching(/^o/),
      unionid: expect.stringMatching(/^u/),
      scope: 'snsapi_userinfo',
    });
    expect(await wechat.getUserInfo(grant)).toMatchObject({
      openid: grant.openid,
      unionid: grant.unionid,
      nickname: '王五',
      avatar: expect.stringContaining('/avatar/'),
    });
  });

  it('exchanges a mini-program code without keeping session_key', async () => {
    const session = await provider().code2Session(await simCode('mp-login', 'mini'));
    expect(Object.keys(session).sort()).toEqual(['openid', 'unionid']);
  });

  it('maps 40029 → A0220 and 40163 → A0221', async () => {
    const wechat = provider();
    expect(await failure(wechat.exchangeWebCode('unknown'))).toEqual({ code: 'A0220', errcode: 40029, status: 400 });
    const code = await simCode('oauth-code', 'twice');
    await wechat.exchangeWebCode(code);
    expect(await failure(wechat.exchangeWebCode(code))).toEqual({ code: 'A0221', errcode: 40163, status: 400 });
    expect(await failure(wechat.code2Session('unknown'))).toMatchObject({ code: 'A0220', errcode: 40029 });
  });

  it('maps a wrong secret (40125), an unreachable server and a non-JSON answer to C0110', async () => {
    expect(await failure(provider({ oaSecret: 'wrong' }).exchangeWebCode('x'))).toEqual({
      code: 'C0110',
      errcode: 40125,
      status: 502,
    });
    expect(await failure(provider({ base: 'http://127.0.0.1:1' }).exchangeWebCode('x'))).toEqual({
      code: 'C0110',
      errcode: null,
      status: 502,
    });
    expect(await failure(provider({ base: `${sim.url}/wx-sim/connect/oauth2` }).exchangeWebCode('x'))).toMatchObject({
      code: 'C0110',
      errcode: null,
    });
    const html = provider({ fetch: async () => new Response('<html>502 Bad Gateway</html>', { status: 200 }) });
    expect(await failure(html.getJsapiTicket())).toMatchObject({ code: 'C0110', errcode: null });
  });

  it('caches the access token and the jsapi ticket, sharing one fetch among concurrent callers', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const wechat = provider({ fetch: counting });
    const tickets = await Promise.all([wechat.getJsapiTicket(), wechat.getJsapiTicket(), wechat.getJsapiTicket()]);
    expect(new Set(tickets).size).toBe(1);
    expect(await wechat.getJsapiTicket()).toBe(tickets[0]);
    expect(calls).toEqual(['/wx-sim/cgi-bin/token', '/wx-sim/cgi-bin/ticket/getticket']);
  });

  it('fetches a new access token once when WeChat says the cached one is no longer valid (40001)', async () => {
    let tokenCalls = 0;
    let ticketCalls = 0;
    const fake: typeof fetch = async (input) => {
      const url = new URL(String(input));
      if (url.pathname.endsWith('/cgi-bin/token'))
        return Response.json({ access_token: `t${++tokenCalls}`, expires_in: 7200 });
      ticketCalls++;
      return url.searchParams.get('access_token') === 't1'
        ? Response.json({ errcode: 40001, errmsg: 'invalid credential' })
        : Response.json({ errcode: 0, errmsg: 'ok', ticket: 'fresh-ticket', expires_in: 7200 });
    };
    expect(await provider({ fetch: fake }).getJsapiTicket()).toBe('fresh-ticket');
    expect([tokenCalls, ticketCalls]).toEqual([2, 2]);
  });
});

describe('template messages (cgi-bin/message/template/send)', () => {
  const templateId = sim.config.wechatTemplateIds.payment!;
  const openidOf = async (user: string) => (await provider().exchangeWebCode(await simCode('oauth-code', user))).openid;
  const sentTo = async (openid: string) =>
    (
      (await (await fetch(`${sim.url}/wx-sim/test/template-messages?touser=${openid}`)).json()) as {
        messages: Record<string, unknown>[];
      }
    ).messages;

  it('sends with the cached access token; the simulator logs what WeChat would show', async () => {
    const openid = await openidOf('模板用户');
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    };
    const wechat = provider({ fetch: counting });
    const message = {
      touser: openid,
      templateId,
      url: 'http://h5.test/#/policy/index?id=7',
      data: { keyword1: '支付成功', keyword2: '¥100.00' },
    };
    const first = await wechat.sendTemplateMessage(message);
    const second = await wechat.sendTemplateMessage(message);
    expect(first.msgid).toMatch(/^\d+$/);
    expect(second.msgid).not.toBe(first.msgid);
    expect(calls).toEqual([
      'GET /wx-sim/cgi-bin/token',
      'POST /wx-sim/cgi-bin/message/template/send',
      'POST /wx-sim/cgi-bin/message/template/send',
    ]);
    expect(await sentTo(openid)).toEqual(
      [first, second].map(({ msgid }) => ({
        msgid: Number(msgid),
        appid: sim.config.WECHAT_OA_APPID,
        touser: openid,
        template_id: templateId,
        url: message.url,
        data: { keyword1: { value: '支付成功' }, keyword2: { value: '¥100.00' } },
        sentAt: expect.any(String),
      })),
    );
  });

  it('renews an access token WeChat calls expired (40001) once, and sends', async () => {
    const openid = await openidOf('过期令牌');
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(new URL(String(input)).pathname.replace('/wx-sim/', ''));
      return fetch(input, init);
    };
    const wechat = provider({ fetch: counting });
    await wechat.sendTemplateMessage({
      touser: openid,
      templateId,
      url: 'http://h5.test/#/index',
      data: { keyword1: 'a' },
    });
    await fetch(`${sim.url}/wx-sim/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 7201 }),
    });
    await wechat.sendTemplateMessage({
      touser: openid,
      templateId,
      url: 'http://h5.test/#/index',
      data: { keyword1: 'b' },
    });
    expect(calls).toEqual([
      'cgi-bin/token',
      'cgi-bin/message/template/send',
      'cgi-bin/message/template/send',
      'cgi-bin/token',
      'cgi-bin/message/template/send',
    ]);
    expect((await sentTo(openid)).map((m) => (m.data as Record<string, { value: string }>).keyword1.value)).toEqual([
      'a',
      'b',
    ]);
  });

  it("answers WeChat's errcodes: 41001, 40001, 48001, 40003, 40037, 47001", async () => {
    const openid = await openidOf('错误码');
    const token = async (app: { appid: string; secret: string }) =>
      (
        (await (
          await fetch(
            `${sim.url}/wx-sim/cgi-bin/token?grant_type=client_credential&appid=${app.appid}&secret=${app.secret}`,
          )
        ).json()) as { access_token: string }
      ).access_token;
    const oaToken = await token({ appid: sim.config.WECHAT_OA_APPID, secret: sim.config.wechatOaSecret });
    const mpToken = await token({ appid: sim.config.WECHAT_MP_APPID, secret: sim.config.wechatMpSecret });
    const send = async (accessToken: string | null, body: Record<string, unknown>) => {
      const query = accessToken === null ? '' : `?access_token=${accessToken}`;
      const res = await fetch(`${sim.url}/wx-sim/cgi-bin/message/template/send${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { errcode: number; errmsg: string; msgid?: number };
    };
    const good = {
      touser: openid,
      template_id: templateId,
      url: 'http://h5.test/#/index',
      data: { keyword1: { value: 'x', color: '#173177' } },
    };
    expect((await send(null, good)).errcode).toBe(41001);
    expect((await send('not-a-token', good)).errcode).toBe(40001);
    expect((await send(mpToken, good)).errcode).toBe(48001);
    expect((await send(oaToken, { ...good, touser: 'o-someone-wechat-never-issued' })).errcode).toBe(40003);
    expect((await send(oaToken, { ...good, template_id: 'unknown-template' })).errcode).toBe(40037);
    expect((await send(oaToken, { ...good, data: { keyword1: 'plain' } })).errcode).toBe(47001);
    expect(await send(oaToken, good)).toEqual({ errcode: 0, errmsg: 'ok', msgid: expect.any(Number) });
    expect(await sentTo(openid)).toHaveLength(1);
    // Through the adapter, an errcode stays readable for the caller's decision (final or retry).
    expect(
      await failure(
        provider().sendTemplateMessage({
          touser: openid,
          templateId: 'unknown-template',
          url: 'http://h5.test/#/index',
          data: {},
        }),
      ),
    ).toEqual({ code: 'C0110', errcode: 40037, status: 502 });
  });
});

describe('cachedValue', () => {
  it('keeps a value until the margin before expiry, and never keeps a failure', async () => {
    let t = 0;
    let loads = 0;
    let fail = true;
    const value = cachedValue(
      async () => {
        loads++;
        if (fail) throw new Error('down');
        return { value: `v${loads}`, expiresInS: 7200 };
      },
      { marginMs: 300_000, now: () => t },
    );
    await expect(value.get()).rejects.toThrow('down');
    fail = false;
    expect(await value.get()).toBe('v2');
    t = (7200 - 301) * 1000;
    expect(await value.get()).toBe('v2');
    t = (7200 - 299) * 1000;
    expect(await value.get()).toBe('v3');
  });
});

describe('base URL', () => {
  const self = () => 'http://127.0.0.1:9999';
  it('is WECHAT_API_BASE when set, else the own simulator when switched on, else WeChat itself', () => {
    expect(wechatBaseUrl(loadConfig({ WECHAT_API_BASE: 'https://wx-proxy.example.com' }), self)()).toBe(
      'https://wx-proxy.example.com',
    );
    expect(wechatBaseUrl(loadConfig({ WECHAT_SIMULATOR: 'true' }), self)()).toBe('http://127.0.0.1:9999/wx-sim');
    expect(wechatBaseUrl(loadConfig({}), self)()).toBe(WECHAT_API_ORIGIN);
    expect(wechatBaseUrl(loadConfig({ WECHAT_SIMULATOR: 'false' }), self)()).toBe(WECHAT_API_ORIGIN);
  });
});

describe('simulator switch', () => {
  it('registers no /wx-sim route when the simulator is off', async () => {
    const off = await simulatorServer({ WECHAT_SIMULATOR: 'false' });
    expect((await fetch(`${off.url}/wx-sim/connect/oauth2/authorize`)).status).toBe(404);
    expect((await fetch(`${off.url}/wx-sim/test/mp-login`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sim.url}/wx-sim/connect/oauth2/authorize`)).status).toBe(400);
  });
});
