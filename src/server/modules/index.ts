import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX } from '#shared/constants.ts';
import { APP_API_V1, AUTH_API, DEV_API } from '../lib/api-paths.ts';
import accountRoutes from './account/routes.ts';
import authRoutes, { logoutRoutes } from './auth/routes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import checkupRoutes from './checkup/routes.ts';
import claimRoutes from './claims/routes.ts';
import clientConfigRoutes from './client-config/routes.ts';
import companyRoutes from './company/routes.ts';
import devBackdateRoutes from './dev-backdate/routes.ts';
import feedbackRoutes from './feedback/routes.ts';
import financeRoutes from './finance/routes.ts';
import devMailOutboxRoutes from './invoices/dev-outbox-routes.ts';
import invoiceRoutes from './invoices/routes.ts';
import menuRoutes from './menu/routes.ts';
import messageRoutes from './messages/routes.ts';
import notificationRoutes from './notifications/routes.ts';
import ordersModule from './orders/routes.ts';
import partnerRoutes from './partners/routes.ts';
import devPartnerRoutes from './partners/dev-routes.ts';
import personRoutes from './persons/routes.ts';
import policyRoutes from './policies/routes.ts';
import promoRoutes from './promo/routes.ts';
import sessionRoutes from './session/routes.ts';
import devSmsOutboxRoutes from './sms/dev-outbox-routes.ts';
import smsRoutes from './sms/routes.ts';
import systemRoutes from './system/routes.ts';
import webRoutes from './web/routes.ts';
import wechatJssdkRoutes from './wechat-jssdk/routes.ts';

export interface Module {
  plugin: FastifyPluginAsync;
  /** The base of the module's routes (Fastify prefix); none for modules that place their own. */
  prefix?: string;
}

/** Every module of the product, registered in this order by app.ts. */
export const modules: Module[] = [
  { plugin: systemRoutes, prefix: API_PREFIX },
  { plugin: clientConfigRoutes, prefix: APP_API_V1 },
  { plugin: sessionRoutes, prefix: APP_API_V1 },
  { plugin: accountRoutes, prefix: APP_API_V1 },
  { plugin: menuRoutes, prefix: APP_API_V1 },
  { plugin: smsRoutes, prefix: APP_API_V1 },
  { plugin: devSmsOutboxRoutes, prefix: DEV_API },
  { plugin: authRoutes, prefix: AUTH_API },
  { plugin: logoutRoutes, prefix: APP_API_V1 },
  { plugin: wechatJssdkRoutes, prefix: APP_API_V1 },
  { plugin: catalogueRoutes, prefix: APP_API_V1 },
  { plugin: ordersModule, prefix: APP_API_V1 },
  { plugin: policyRoutes, prefix: APP_API_V1 },
  { plugin: claimRoutes, prefix: APP_API_V1 },
  { plugin: feedbackRoutes, prefix: APP_API_V1 },
  { plugin: devBackdateRoutes, prefix: DEV_API },
  { plugin: personRoutes, prefix: APP_API_V1 },
  { plugin: checkupRoutes, prefix: APP_API_V1 },
  { plugin: companyRoutes, prefix: APP_API_V1 },
  { plugin: financeRoutes, prefix: APP_API_V1 },
  { plugin: invoiceRoutes, prefix: APP_API_V1 },
  { plugin: devMailOutboxRoutes, prefix: DEV_API },
  { plugin: promoRoutes, prefix: APP_API_V1 },
  { plugin: partnerRoutes, prefix: APP_API_V1 },
  { plugin: devPartnerRoutes, prefix: DEV_API },
  { plugin: messageRoutes, prefix: APP_API_V1 },
  { plugin: notificationRoutes, prefix: APP_API_V1 },
  // The built H5 at the root.
  { plugin: webRoutes },
];
