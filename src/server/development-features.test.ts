import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { collectedLog } from './test/collected-log.ts';
import { setupTestApp } from './test/helper.ts';
import { signIn } from './test/sign-in.ts';

/**
 * The development routes (/prod-api/dev/*) and the WeChat simulators (/wx-sim) exist only when
 * switched on (DEV_ROUTES, WECHAT_SIMULATOR), whatever PRODUCTION says, and production refuses them.
 */
const offLog = collectedLog();
const off = await setupTestApp({ DEV_ROUTES: 'false', WECHAT_SIMULATOR: 'false' }, { logger: offLog.logger });
const onLog = collectedLog();
const on = await setupTestApp({ DEV_ROUTES: 'true', WECHAT_SIMULATOR: 'true' }, { logger: onLog.logger });

/** A call of each development route and simulator page: status only. */
async function statuses(ctx: typeof off) {
  const member = await signIn(ctx, 'demo.member');
  const partner = await signIn(ctx, 'demo.partner');
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    (await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
  return {
    smsOutbox: await call('GET', '/prod-api/dev/sms-outbox?phoneNumber=13800000001'),
    mailOutbox: await call('GET', '/prod-api/dev/mail-outbox?to=a@example.com'),
    sweep: await call('POST', '/prod-api/dev/sweep', member.headers, {}),
    // Days out of range: 400 where the route exists, before any policy is looked for.
    backdate: await call('POST', '/prod-api/dev/policies/1/backdate', member.headers, { days: 0 }),
    partners: await call('POST', '/prod-api/dev/partners', partner.headers, { mobile: '13912345678', nickname: 'x' }),
    authorize: await call('GET', '/wx-sim/connect/oauth2/authorize?appid=x'),
    oauthCode: await call('POST', '/wx-sim/test/oauth-code', {}, { user: 'someone' }),
    // A return address off the site: 400 where the cashier exists.
    payCashier: await call('GET', '/wx-sim/pay/cashier?prepay_id=x&return=ftp%3A%2F%2Fx'),
  };
}

describe('development routes and WeChat simulators', () => {
  it('are off unless switched on, in and outside production', () => {
    for (const env of [{}, { PRODUCTION: 'false' }, { NODE_ENV: 'development' }]) {
      const config = loadConfig(env);
      expect(config.devRoutes, JSON.stringify(env)).toBe(false);
      expect(config.wechatSimulator, JSON.stringify(env)).toBe(false);
    }
    const switched = loadConfig({ DEV_ROUTES: 'true', WECHAT_SIMULATOR: 'true' });
    expect([switched.devRoutes, switched.wechatSimulator]).toEqual([true, true]);
  });

  it('answer 404 on a server started without them', async () => {
    const answered = await statuses(off);
    for (const [name, status] of Object.entries(answered)) expect(status, name).toBe(404);
  });

  it('exist on a server started with them', async () => {
    const answered = await statuses(on);
    for (const [name, status] of Object.entries(answered)) expect(status, name).not.toBe(404);
  });

  it('are refused in production, naming the key', () => {
    expect(() => loadConfig({ PRODUCTION: 'true', DEV_ROUTES: 'true' })).toThrow(/DEV_ROUTES: .*refused in production/);
    expect(() => loadConfig({ PRODUCTION: 'true', WECHAT_SIMULATOR: 'true' })).toThrow(
      /WECHAT_SIMULATOR: .*refused in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(/DEV_ROUTES/);
  });

  it('are named in the start log', () => {
    const started = (lines: typeof onLog.lines) => lines.find((l) => l.msg.startsWith('development features'));
    expect(started(onLog.lines)?.msg).toBe(
      'development features on: development routes at /prod-api/dev, WeChat simulators at /wx-sim',
    );
    expect(started(offLog.lines)?.msg).toBe('development features off');
  });
});
