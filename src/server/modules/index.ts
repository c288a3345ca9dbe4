import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX } from '#shared/constants.ts';
import { APP_API_V1, AUTH_API, DEV_API } from '../lib/api-paths.ts';
import type { ModuleName } from './error-codes.ts';
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
import notificationRoutes from './messages/notification-routes.ts';
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
  /** The module's folder: the domain error codes its operations list (error-codes.ts). */
  module: ModuleName;
  /** The base of the module's routes (Fastify prefix); none for modules that place their own. */
  prefix?: string;
}

/** Every module of the product, registered in this order by app.ts. */
export const modules: Module[] = [
  { plugin: systemRoutes, module: 'system', prefix: API_PREFIX },
  { plugin: clientConfigRoutes, module: 'client-config', prefix: APP_API_V1 },
  { plugin: sessionRoutes, module: 'session', prefix: APP_API_V1 },
  { plugin: accountRoutes, module: 'account', prefix: APP_API_V1 },
  { plugin: menuRoutes, module: 'menu', prefix: APP_API_V1 },
  { plugin: smsRoutes, module: 'sms', prefix: APP_API_V1 },
  { plugin: devSmsOutboxRoutes, module: 'sms', prefix: DEV_API },
  { plugin: authRoutes, module: 'auth', prefix: AUTH_API },
  { plugin: logoutRoutes, module: 'auth', prefix: APP_API_V1 },
  { plugin: wechatJssdkRoutes, module: 'wechat-jssdk', prefix: APP_API_V1 },
  { plugin: catalogueRoutes, module: 'catalogue', prefix: APP_API_V1 },
  { plugin: ordersModule, module: 'orders', prefix: APP_API_V1 },
  { plugin: policyRoutes, module: 'policies', prefix: APP_API_V1 },
  { plugin: claimRoutes, module: 'claims', prefix: APP_API_V1 },
  { plugin: feedbackRoutes, module: 'feedback', prefix: APP_API_V1 },
  { plugin: devBackdateRoutes, module: 'dev-backdate', prefix: DEV_API },
  { plugin: personRoutes, module: 'persons', prefix: APP_API_V1 },
  { plugin: checkupRoutes, module: 'checkup', prefix: APP_API_V1 },
  { plugin: companyRoutes, module: 'company', prefix: APP_API_V1 },
  { plugin: financeRoutes, module: 'finance', prefix: APP_API_V1 },
  { plugin: invoiceRoutes, module: 'invoices', prefix: APP_API_V1 },
  { plugin: devMailOutboxRoutes, module: 'invoices', prefix: DEV_API },
  { plugin: promoRoutes, module: 'promo', prefix: APP_API_V1 },
  { plugin: partnerRoutes, module: 'partners', prefix: APP_API_V1 },
  { plugin: devPartnerRoutes, module: 'partners', prefix: DEV_API },
  { plugin: messageRoutes, module: 'messages', prefix: APP_API_V1 },
  { plugin: notificationRoutes, module: 'messages', prefix: APP_API_V1 },
  // The built H5 at the root.
  { plugin: webRoutes, module: 'web' },
];
