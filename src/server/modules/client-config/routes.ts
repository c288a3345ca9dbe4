import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientConfigSchema } from '#shared/client-config.ts';
import * as paths from '#shared/api-paths.ts';
import { WECHAT_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';

const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/**
 * `GET /prod-api/app-api/v1/open/client-config` (no token): what the H5 needs before sign-in to
 * start WeChat web OAuth: the official-account app id, the authorize page (WeChat's, or the local
 * simulator's) and whether the simulator stands in for WeChat outside the WeChat browser.
 */
const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    paths.open.clientConfig.route,
    {
      schema: { tags: ['open'], response: { 200: okSchema(ClientConfigSchema) } },
    },
    async (request) => {
      const { config } = app;
      const base =
        config.WECHAT_OPEN_BASE ??
        (config.wechatSimulator ? `${request.protocol}://${request.host}${WECHAT_SIMULATOR_BASE}` : undefined);
      return ok({
        wechatAppId: config.WECHAT_OA_APPID,
        wechatMpAppId: config.WECHAT_MP_APPID,
        authorizeUrl: base ? `${base}/connect/oauth2/authorize` : WECHAT_AUTHORIZE_URL,
        simulator: config.wechatSimulator,
        scope: 'snsapi_userinfo' as const,
      });
    },
  );
};

export default clientConfigRoutes;
