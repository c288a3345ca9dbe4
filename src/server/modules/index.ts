import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account/routes.ts';
import authRoutes from './auth/routes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import claimRoutes from './claims/routes.ts';
import clientConfigRoutes from './client-config/routes.ts';
import companyRoutes from './company/routes.ts';
import devBackdateRoutes from './dev-backdate/routes.ts';
import feedbackRoutes from './feedback/routes.ts';
import financeRoutes from './finance/routes.ts';
import invoiceRoutes from './invoices/routes.ts';
import menuRoutes from './menu/routes.ts';
import messageRoutes from './messages/routes.ts';
import ordersModule from './orders/routes.ts';
import partnerRoutes from './partners/routes.ts';
import paySimulatorRoutes from './pay-simulator/routes.ts';
import personRoutes from './persons/routes.ts';
import policyRoutes from './policies/routes.ts';
import promoRoutes from './promo/routes.ts';
import sessionRoutes from './session/routes.ts';
import smsRoutes from './sms/routes.ts';
import systemRoutes from './system/routes.ts';
import webRoutes from './web/routes.ts';
import wechatJssdkRoutes from './wechat-jssdk/routes.ts';
import wechatSimulatorRoutes from './wechat-simulator/routes.ts';

/** Every module of the product, registered in this order by app.ts. */
export const modules: FastifyPluginAsync[] = [
  systemRoutes,
  clientConfigRoutes,
  sessionRoutes,
  accountRoutes,
  menuRoutes,
  smsRoutes,
  authRoutes,
  wechatSimulatorRoutes,
  paySimulatorRoutes,
  wechatJssdkRoutes,
  catalogueRoutes,
  ordersModule,
  policyRoutes,
  claimRoutes,
  feedbackRoutes,
  devBackdateRoutes,
  personRoutes,
  companyRoutes,
  financeRoutes,
  invoiceRoutes,
  promoRoutes,
  partnerRoutes,
  messageRoutes,
  webRoutes,
];
