import type { FastifyPluginAsync } from 'fastify';
import { WECHAT_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { apiRoutes } from './api-routes.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { createSimulatorState } from './state.ts';
import { testRoutes } from './test-routes.ts';
import { hideFromApiDocument } from '../hide-from-api-document.ts';

/**
 * The local WeChat simulator under `/wx-sim` (docs/decisions/wechat-simulators.md): the authorize page and the server
 * APIs with WeChat's protocol, so the product's real adapters run against it. Registered only when
 * `config.wechatSimulator` is on (WECHAT_SIMULATOR=true), which the configuration refuses in production;
 * the start log says so (app.ts).
 */
const wechatSimulatorRoutes: FastifyPluginAsync = async (app) => {
  if (!app.config.wechatSimulator) return;
  app.addHook('onRoute', hideFromApiDocument);
  const state = createSimulatorState(app.config);
  const defaults = { oaAppId: app.config.WECHAT_OA_APPID, mpAppId: app.config.WECHAT_MP_APPID };
  await app.register(
    async (sim) => {
      await sim.register(oauthRoutes(state));
      await sim.register(apiRoutes(state));
      await sim.register(testRoutes(state, defaults));
    },
    { prefix: WECHAT_SIMULATOR_BASE },
  );
};

export default wechatSimulatorRoutes;
