import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { line, text } from '#shared/text.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { WechatError } from '../../providers/wechat/index.ts';
import { jssdkSignature, newNonceStr, signableUrl } from './signature.ts';

/** What `wx.config` needs besides `jsApiList` (timestamp in seconds). */
export const JssdkConfigSchema = z.object({
  appId: text(),
  timestamp: z.number().int(),
  nonceStr: text(),
  signature: text(),
});

/**
 * `GET /prod-api/app-api/v1/wechat/jssdk-config?url=<page url>` (no token): a JS-SDK signature for
 * the page. The H5 sends `location.href.split('#')[0]` (on iOS the entry URL, docs/domain.md#js-sdk).
 */
const wechatJssdkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    paths.wechat.jssdkConfig.route,
    {
      schema: {
        tags: ['wechat'],
        querystring: z.object({ url: line().min(1).max(2048) }),
        response: { 200: okSchema(JssdkConfigSchema) },
      },
    },
    async (request, reply) => {
      const url = signableUrl(request.query.url);
      if (!url) throw new AppError('A0400', 'wechat.pageUrl', [{ field: 'url', message: 'wechat.pageUrlField' }]);
      let ticket: string;
      try {
        ticket = await app.providers.wechat.getJsapiTicket();
      } catch (error) {
        if (error instanceof WechatError)
          request.log.warn(
            { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
            'jsapi_ticket unavailable',
          );
        throw error instanceof AppError ? error : new AppError('C0110');
      }
      const timestamp = Math.floor(Date.now() / 1000);
      const nonceStr = newNonceStr();
      reply.header('cache-control', 'no-store');
      return ok({
        appId: app.providers.wechat.oaAppId,
        timestamp,
        nonceStr,
        signature: jssdkSignature({ ticket, nonceStr, timestamp, url }),
      });
    },
  );
};

export default wechatJssdkRoutes;
