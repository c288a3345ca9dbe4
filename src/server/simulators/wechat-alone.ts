import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import wechatSimulatorRoutes from './wechat/routes.ts';

/**
 * The WeChat simulator as a server of its own, without the product (docs/decisions/wechat-simulators.md):
 * what a deployment's WeChat is, a remote service the product only waits for. The same routes as the
 * in-process simulator under `/wx-sim`; the product reaches it through WECHAT_API_BASE.
 */
export async function buildWechatSimulator(config: Config, logLevel = config.LOG_LEVEL) {
  const app = Fastify({ logger: { level: logLevel } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // The authorize page's form posts back urlencoded.
  await app.register(formbody);
  await app.register(wechatSimulatorRoutes);
  return app;
}
