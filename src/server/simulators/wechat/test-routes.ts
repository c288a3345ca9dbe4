import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomSimUser, simulatedOpenid, simulatedUnionid, type SimulatorState } from './state.ts';

const User = z.string().trim().min(1).max(32).optional();

/**
 * Shortcuts for tests and Playwright stories (never in production: the whole simulator is off there).
 * - `POST /wx-sim/test/mp-login {user?}` → `{code}`: what `wx.login` yields in the mini-program.
 * - `POST /wx-sim/test/oauth-code {appid?, user?, scope?}` → `{code}`: the consent page skipped.
 * - `POST /wx-sim/test/clock {advanceSeconds}` → `{now}`: moves the simulator's clock (code expiry).
 * - `GET /wx-sim/test/identity?appid&user` → `{openid, unionid}`: what WeChat would report for the user.
 * - `GET /wx-sim/test/template-messages?touser` → `{messages}`: the template messages accepted, oldest first.
 */
export function testRoutes(
  state: SimulatorState,
  defaults: { oaAppId: string; mpAppId: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test/mp-login',
      {
        schema: { hide: true, body: z.object({ user: User, appid: z.string().max(64).optional() }).optional() },
      },
      async (request) => {
        const appid = request.body?.appid ?? defaults.mpAppId;
        const user = request.body?.user ?? randomSimUser();
        return { code: state.issueCode(appid, user, 'snsapi_base', 'mp'), user, openid: simulatedOpenid(appid, user) };
      },
    );

    app.post(
      '/test/oauth-code',
      {
        schema: {
          hide: true,
          body: z
            .object({
              appid: z.string().max(64).optional(),
              user: User,
              scope: z.enum(['snsapi_base', 'snsapi_userinfo']).optional(),
            })
            .optional(),
        },
      },
      async (request) => {
        const appid = request.body?.appid ?? defaults.oaAppId;
        const user = request.body?.user ?? randomSimUser();
        return {
          code: state.issueCode(appid, user, request.body?.scope ?? 'snsapi_userinfo', 'web'),
          user,
          openid: simulatedOpenid(appid, user),
        };
      },
    );

    app.post(
      '/test/clock',
      {
        schema: {
          hide: true,
          body: z.object({
            advanceSeconds: z
              .number()
              .int()
              .min(0)
              .max(365 * 24 * 3600),
          }),
        },
      },
      async (request) => {
        state.advance(request.body.advanceSeconds);
        return { now: new Date(state.now()).toISOString() };
      },
    );

    app.get(
      '/test/identity',
      {
        schema: {
          hide: true,
          querystring: z.object({ appid: z.string().max(64).optional(), user: z.string().min(1).max(32) }),
        },
      },
      async (request) => {
        const appid = request.query.appid ?? defaults.oaAppId;
        return { openid: simulatedOpenid(appid, request.query.user), unionid: simulatedUnionid(request.query.user) };
      },
    );

    app.get(
      '/test/template-messages',
      {
        schema: { hide: true, querystring: z.object({ touser: z.string().min(1).max(64).optional() }) },
      },
      async (request) => ({ messages: state.sentTemplateMessages(request.query.touser) }),
    );
  };
}
