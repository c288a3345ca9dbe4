import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '#shared/text.ts';
import {
  AVATAR_UPLOAD_MAX_BYTES,
  MemberProfileSchema,
  MobileChangeSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  ProfileUpdateSchema,
} from '#shared/session.ts';
import * as paths from '#shared/api-paths.ts';
import { binaryFile, documentedBody } from '../../lib/documented-body.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { requireActiveMember, type MemberRow } from '../session/current-member.ts';
import { toProfile } from '../session/present.ts';
import { hasWechatIdentity } from '../session/repository.ts';
import { removeAvatar, sendAvatar, uploadAvatar } from './avatar.ts';
import { changeMobile } from './mobile.ts';
import { OLD_PASSWORD_MAX_FAILURES, OLD_PASSWORD_WINDOW_MIN, changePassword, resetPassword } from './password.ts';
import { changeProfile } from './profile.ts';
import { fileResponse } from '../../lib/file-response.ts';
import { withMultipart } from '../../lib/multipart-bodies.ts';

/** Password resets one IP address may try in 15 minutes (each code also allows only 5 guesses). */
export const RESET_IP_LIMIT = 20;

/**
 * Busboy stops buffering one byte past 2 MiB and, with `throwFileSizeLimit` off (honoured by
 * @fastify/multipart per request, missing from its types), hands the cut file to the handler,
 * which refuses it with a message naming the limit.
 */
const AVATAR_UPLOAD_OPTIONS = {
  throwFileSizeLimit: false,
  limits: { fileSize: AVATAR_UPLOAD_MAX_BYTES + 1, files: 2, fields: 2 },
} as { limits: { fileSize: number; files: number; fields: number } };

const AvatarParams = z.object({
  memberId: z.coerce.number({ message: 'account.avatarAddress' }).int().positive().max(2_147_483_647),
  name: text().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/, { message: 'account.avatarAddress' }),
});

/** The member's own account changes (spec §7): profile, mobile, password, and the forgotten-password reset. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without a valid token gets 401 before its body is parsed.
  const auth = { onRequest: app.authenticate };
  const signedIn = (request: { member: { memberId: number } | null }) =>
    requireActiveMember(app.db, request.member!.memberId);
  const profileOf = async (member: MemberRow) => toProfile(member, await hasWechatIdentity(app.db, member.id));

  app.put(
    paths.members.me.route,
    {
      ...auth,
      schema: {
        tags: ['account'],
        description:
          'Nickname (1–20 characters), avatar (http(s) URL ≤ 500 characters, or the key `avatars/<own id>/…` of an uploaded image; empty removes it) and/or `elderMode` (长辈版, a boolean); only the fields sent change.',
        body: ProfileUpdateSchema,
        response: { 200: okSchema(MemberProfileSchema) },
      },
    },
    async (request) => {
      const member = await signedIn(request);
      return ok(await profileOf(await changeProfile(app, member, request.body)));
    },
  );

  await withMultipart(app, (uploads) => {
    uploads.put(
      paths.members.avatar.route,
      {
        ...auth,
        config: {
          multipartOptions: AVATAR_UPLOAD_OPTIONS,
          ...documentedBody(z.object({ file: binaryFile('JPEG, PNG or WebP, at most 2 MiB') }), 'multipart/form-data'),
        },
        schema: {
          tags: ['account'],
          description:
            'multipart/form-data, field `file`: a JPEG, PNG or WebP image (judged by its first bytes) of at most 2 MiB. ' +
            "The profile's `avatar` becomes the served address `avatars/<id>/<uuid>.<ext>`; the previous upload is removed. " +
            'A0410 no file, A0413 too large, A0415 not such an image.',
          consumes: ['multipart/form-data'],
          response: { 200: okSchema(MemberProfileSchema) },
        },
      },
      async (request) => {
        const member = await signedIn(request);
        return ok(
          await profileOf(await uploadAvatar(app, member, request.body)),
          textFor(request, 'account.avatarUpdated'),
        );
      },
    );
  });

  app.delete(
    paths.members.avatar.route,
    {
      ...auth,
      schema: {
        tags: ['account'],
        description: 'Removes the uploaded avatar: back to the one of the newest WeChat sign-in, or none.',
        response: { 200: okSchema(MemberProfileSchema) },
      },
    },
    async (request) => {
      const member = await signedIn(request);
      return ok(await profileOf(await removeAvatar(app, member)));
    },
  );

  // No token: an <img> sends none, and the random name is what keeps an avatar from being found.
  app.get(
    paths.members.avatarFile.route,
    {
      schema: {
        tags: ['account'],
        description: 'An uploaded avatar with its own image type.',
        params: AvatarParams,
        response: { 200: fileResponse('头像图片', 'image/jpeg', 'image/png', 'image/webp') },
      },
    },
    async (request, reply) => sendAvatar(app, reply, request.params.memberId, request.params.name),
  );

  app.put(
    paths.members.mobile.route,
    {
      ...auth,
      schema: {
        tags: ['account'],
        description:
          'New mobile with the code sent by `POST sms/mobile` to it. A0150 format, A0151 taken, A0130/A0131 code.',
        body: MobileChangeSchema,
        response: { 200: okSchema(MemberProfileSchema) },
      },
    },
    async (request) => {
      const member = await signedIn(request);
      return ok(await profileOf(await changeMobile(app, request, member, request.body)));
    },
  );

  app.put(
    paths.members.password.route,
    {
      ...auth,
      schema: {
        tags: ['account'],
        description:
          '`{oldPassword, newPassword}`, or `{newPassword, code}` (a `bind` code to the own mobile) for a member without a password. ' +
          'Ends every other session; send `x-refresh-token` to keep this one. ' +
          `A0120 rule, A0121 wrong old password, A0429 after ${OLD_PASSWORD_MAX_FAILURES} wrong ones in ${OLD_PASSWORD_WINDOW_MIN} minutes.`,
        body: PasswordChangeSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await changePassword(app, request, await signedIn(request), request.body);
      return ok(null);
    },
  );

  app.put(
    paths.members.repassword.route,
    {
      config: { rateLimit: { max: RESET_IP_LIMIT, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        description:
          'No token. `{mobile, code, newPassword}` with a `repassword` code. A mobile without an account answers A0130 like a wrong code. Ends every session.',
        body: PasswordResetSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(app, request, request.body);
      return ok(null);
    },
  );
};

export default accountRoutes;
