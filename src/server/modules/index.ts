import type { FastifyPluginAsync } from 'fastify';
import type { ModuleName } from './error-codes.ts';
import accountRoutes from './account/routes.ts';
import addedPolicyRoutes from './added-policies/routes.ts';
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
}

/** Every module of the product, registered in this order by app.ts; each route's path is one of #shared/api-paths.ts. */
export const modules: Module[] = [
  { plugin: systemRoutes, module: 'system' },
  { plugin: clientConfigRoutes, module: 'client-config' },
  { plugin: sessionRoutes, module: 'session' },
  { plugin: accountRoutes, module: 'account' },
  { plugin: menuRoutes, module: 'menu' },
  { plugin: smsRoutes, module: 'sms' },
  { plugin: devSmsOutboxRoutes, module: 'sms' },
  { plugin: authRoutes, module: 'auth' },
  { plugin: logoutRoutes, module: 'auth' },
  { plugin: wechatJssdkRoutes, module: 'wechat-jssdk' },
  { plugin: catalogueRoutes, module: 'catalogue' },
  { plugin: ordersModule, module: 'orders' },
  { plugin: policyRoutes, module: 'policies' },
  { plugin: claimRoutes, module: 'claims' },
  { plugin: feedbackRoutes, module: 'feedback' },
  { plugin: devBackdateRoutes, module: 'dev-backdate' },
  { plugin: personRoutes, module: 'persons' },
  { plugin: addedPolicyRoutes, module: 'added-policies' },
  { plugin: checkupRoutes, module: 'checkup' },
  { plugin: companyRoutes, module: 'company' },
  { plugin: financeRoutes, module: 'finance' },
  { plugin: invoiceRoutes, module: 'invoices' },
  { plugin: devMailOutboxRoutes, module: 'invoices' },
  { plugin: promoRoutes, module: 'promo' },
  { plugin: partnerRoutes, module: 'partners' },
  { plugin: devPartnerRoutes, module: 'partners' },
  { plugin: messageRoutes, module: 'messages' },
  { plugin: notificationRoutes, module: 'notifications' },
  // The built H5 at the root.
  { plugin: webRoutes, module: 'web' },
];
