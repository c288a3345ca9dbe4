import type { FastifyPluginAsync } from 'fastify';
import clientConfigRoutes from './client-config/routes.ts';
import menuRoutes from './menu/routes.ts';
import sessionRoutes from './session/routes.ts';
import smsRoutes from './sms/routes.ts';
import systemRoutes from './system/routes.ts';
import webRoutes from './web/routes.ts';

/** Every module of the product, registered in this order by app.ts. */
export const modules: FastifyPluginAsync[] = [
  systemRoutes,
  clientConfigRoutes,
  sessionRoutes,
  menuRoutes,
  smsRoutes,
  webRoutes,
];
