import type { FastifyPluginAsync } from 'fastify';
import draftRoutes from './draft-routes.ts';
import { notifyRoute } from './notify.ts';
import orderRoutes from './order-routes.ts';
import teamRoutes from './team-routes.ts';

/**
 * Buying (docs/decisions/views.md, docs/decisions/insurance-rules.md; contracts in src/shared/orders.ts): drafts with the purchase trail
 * and team lists, submission into orders, WeChat Pay JSAPI payment with its notification, policy
 * issuance on payment, and the job that closes unpaid orders when their time is up.
 */
const ordersModule: FastifyPluginAsync = async (app) => {
  await app.register(draftRoutes);
  await app.register(teamRoutes);
  await app.register(orderRoutes);
  await app.register(notifyRoute);
};

export default ordersModule;
