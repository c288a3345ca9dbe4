import type { FastifyPluginAsync } from 'fastify';
import paySimulatorRoutes from './pay/routes.ts';
import wechatSimulatorRoutes from './wechat/routes.ts';

/**
 * Stand-ins for WeChat that speak its real protocols, so the product's real adapters run against
 * them in development and tests. Each registers itself only when `config.wechatSimulator` is on
 * (WECHAT_SIMULATOR=true), which the configuration refuses in production.
 */
export const simulators: FastifyPluginAsync[] = [wechatSimulatorRoutes, paySimulatorRoutes];
