import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { line } from '#shared/text.ts';
import { MOBILE_PATTERN, SMS_RESEND_COOLDOWN_S, SMS_TYPES, type SmsType } from '#shared/constants.ts';
import { SMS_SENT, SmsSentSchema } from '#shared/session.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireActiveMember } from '../session/current-member.ts';
import { registerSmsKey } from './code-hash.ts';
import { issueSmsCode, SMS_PHONE_LIMIT_PER_DAY } from './issue.ts';
import { memberByMobile } from './repository.ts';

/**
 * Types that need a signed-in member: `mobile` (change my mobile) and `bind` (add a mobile to my
 * account). `login` and `repassword` are for visitors, e.g. one who forgot the password.
 */
const SIGNED_IN_TYPES: ReadonlySet<string> = new Set<SmsType>(['mobile', 'bind']);

/** `POST sms/{type}?phoneNumber=` (spec §7): sends a 6-digit code. */
const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSmsKey(app.db, app.config.jwtKeys[0].secret);

  app.post(
    paths.sms.send.route,
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_SMS_PER_HOUR, timeWindow: '1 hour' } },
      onRequest: async (request, reply) => {
        const { type } = request.params as { type?: string };
        if (type && SIGNED_IN_TYPES.has(type)) await app.authenticate(request, reply);
      },
      schema: {
        tags: ['sms'],
        description:
          'Sends a 6-digit code. `login` and `repassword` need no token; `mobile` and `bind` need a Bearer token. ' +
          '`repassword` answers alike whether or not the phone has an account and only sends when it has. ' +
          `Limits: ${SMS_RESEND_COOLDOWN_S} s per phone and type (A0132), ${SMS_PHONE_LIMIT_PER_DAY} a day per phone (A0132), ` +
          `${app.config.RATE_LIMIT_SMS_PER_HOUR} an hour per IP address (A0429).`,
        params: z.object({ type: z.enum(SMS_TYPES) }),
        querystring: z.object({ phoneNumber: line() }),
        response: { 200: okSchema(SmsSentSchema) },
      },
    },
    async (request) => {
      const { type } = request.params;
      const phone = request.query.phoneNumber;
      if (!MOBILE_PATTERN.test(phone)) throw new AppError('A0150');
      let deliver = true;
      if (SIGNED_IN_TYPES.has(type)) {
        const member = await requireActiveMember(app.db, request.member!.memberId);
        const holder = type === 'mobile' ? await memberByMobile(app.db, phone) : null;
        if (holder && holder.id !== member.id) throw new AppError('A0151');
      } else if (type === 'repassword') {
        // Same answer whether or not the phone has an account: only the sending differs.
        const holder = await memberByMobile(app.db, phone);
        deliver = holder?.status === 'active';
      }
      await issueSmsCode(app.db, app.providers.sms, { phone, type, deliver });
      return ok(SMS_SENT);
    },
  );
};

export default smsRoutes;
