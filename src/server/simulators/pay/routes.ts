import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { PAY_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { payApiRoutes } from './api-routes.ts';
import { cashierRoutes } from './cashier-routes.ts';
import { getSimulatorKeys } from './keys.ts';
import { SimPayError } from './ledger.ts';
import { PaySimulator } from './simulator.ts';
import { testRoutes } from './test-routes.ts';
import { hideFromApiDocument } from '../hide-from-api-document.ts';

export { getSimulatorKeys } from './keys.ts';

/**
 * The local WeChat Pay v3 simulator under `/wx-sim/pay` (docs/decisions/wechat-simulators.md): the server API with real
 * signatures (the product's provider runs against it unchanged), encrypted signed notifications, a
 * cashier page standing in for the WeChat pay sheet, and test hooks. Transactions live in memory.
 * Registered only when `config.wechatSimulator` is on, which the configuration refuses in production.
 */
const paySimulatorRoutes: FastifyPluginAsync = async (app) => {
  if (!app.config.wechatSimulator) return;
  app.addHook('onRoute', hideFromApiDocument);
  if (app.config.WECHAT_PAY_PUBLIC_KEY && !app.config.WECHAT_PAY_BASE) {
    app.log.warn(
      'WECHAT_PAY_PUBLIC_KEY is set but payments go to the simulator, which signs with its own platform key: answers will not verify',
    );
  }
  // Keys are loaded (or generated) on first use, not at start: most apps and tests never pay.
  let instance: PaySimulator | undefined;
  const sim = () => (instance ??= new PaySimulator(getSimulatorKeys(app.config)));
  app.addHook('onClose', async () => instance?.dispatcher.close());

  await app.register(
    async (scope) => {
      // WeChat's error shape `{code, message}` rather than the product's envelope.
      scope.setErrorHandler((error: FastifyError | SimPayError, request, reply) => {
        if (error instanceof SimPayError)
          return reply.code(error.status).send({ code: error.code, message: error.message });
        // Any refused request is 400 PARAM_ERROR, as WeChat answers; a body the framework cannot read
        // (a multipart one, which no call reads; JSON outside the signed API's own parser) in WeChat's
        // words, not Fastify's English.
        if (error.statusCode && error.statusCode < 500) {
          const unreadable = 'code' in error && error.code.startsWith('FST_ERR_CTP_');
          return reply
            .code(400)
            .send({ code: 'PARAM_ERROR', message: unreadable ? '请求体格式不正确' : error.message });
        }
        request.log.error({ err: error }, 'pay simulator failed');
        return reply.code(500).send({ code: 'SYSTEM_ERROR', message: '系统错误' });
      });
      await scope.register(payApiRoutes(sim));
      await scope.register(cashierRoutes(sim));
      await scope.register(testRoutes(sim));
    },
    { prefix: PAY_SIMULATOR_BASE },
  );
};

export default paySimulatorRoutes;
