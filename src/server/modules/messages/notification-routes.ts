import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationSettingsSchema, NotificationSettingsUpdateSchema } from '#shared/notifications.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { requireActiveMember } from '../session/current-member.ts';
import { notificationSettings, saveNotificationSettings } from './notification-preferences.ts';

/** The member's own choice of WeChat notifications (docs/decisions/wechat-notification-choice.md). */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without a valid token gets 401 before its body is parsed.
  const auth = { onRequest: app.authenticate };

  app.get(
    paths.members.notifications.route,
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        description:
          'The kinds of WeChat notification the member receives, and whether they signed in through the official account (without it nothing can be sent).',
        response: { 200: okSchema(NotificationSettingsSchema) },
      },
    },
    async (request) => {
      const member = await requireActiveMember(app.db, request.member!.memberId);
      return ok(await notificationSettings(app.db, member.id, app.config.WECHAT_OA_APPID));
    },
  );

  app.put(
    paths.members.notifications.route,
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        description:
          'Replaces the chosen kinds (an empty list: nothing is sent). Notifications are written in the language of this request (Accept-Language).',
        body: NotificationSettingsUpdateSchema,
        response: { 200: okSchema(NotificationSettingsSchema) },
      },
    },
    async (request, reply) => {
      const member = await requireActiveMember(app.db, request.member!.memberId);
      await saveNotificationSettings(app.db, member.id, request.body.kinds, requestLanguage(request, reply));
      return ok(await notificationSettings(app.db, member.id, app.config.WECHAT_OA_APPID));
    },
  );
};

export default notificationRoutes;
