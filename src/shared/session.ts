import { z } from 'zod';
import { AVATAR_URL_BASE } from './api-paths.ts';
import { text } from './text.ts';
import { beijingToday, isCalendarDay } from './beijing-time.ts';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_S, SMS_RESEND_COOLDOWN_S } from './constants.ts';

/**
 * Contracts of the session calls (spec §7): `members/me`, `open/user`, `members/me/wechat`, `sms/{type}`.
 * The H5 parses answers with these; the server validates requests and serialises answers with them.
 */

/** `GET members/me`. `roles` is one comma-separated string (spec §3); the mobile is masked. */
export const MemberProfileSchema = z.object({
  id: z.number().int(),
  username: text().nullable(),
  nickname: text(),
  avatar: text(),
  mobile: text(),
  roles: text(),
  perms: z.array(text()),
  status: z.enum(['active', 'disabled']),
  channelId: z.number().int().nullable(),
  recommenderId: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  hasPassword: z.boolean(),
  wechatBound: z.boolean(),
  /** 长辈版: larger text and tap targets (docs/accessibility.md#elder-mode), kept for the member. */
  elderMode: z.boolean(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

export const GENDERS = ['male', 'female', 'unknown'] as const;

/** The open-user record: personal details beyond sign-in. */
export const OpenUserSchema = z.object({
  realName: text(),
  gender: z.enum(GENDERS),
  birthday: text().nullable(),
  email: text().nullable(),
  region: text(),
  address: text(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type OpenUser = z.infer<typeof OpenUserSchema>;

export const BirthdaySchema = z
  .string()
  .refine(isCalendarDay, { message: 'field.dateFormat' })
  .refine((v) => v >= '1900-01-01', { message: 'profile.birthdayTooEarly' })
  // Compared as strings: both sides are YYYY-MM-DD, so the order is the calendar order.
  .refine((v) => v <= beijingToday(), { message: 'profile.birthdayFuture' });

/**
 * `PUT open/user`. Every field is optional: only the fields sent change. `null` or `''` clears
 * birthday or email. Unknown keys (such as a member id) are dropped, so the call can only touch
 * the caller's record.
 */
export const OpenUserUpdateSchema = z.object({
  realName: text().trim().max(50, { message: 'profile.nameMax' }).optional(),
  gender: z.enum(GENDERS).optional(),
  birthday: z
    .union([z.literal(''), BirthdaySchema])
    .nullable()
    .optional(),
  email: z
    .union([z.literal(''), z.email({ message: 'field.emailFormat' }).max(254, { message: 'profile.emailMax' })])
    .nullable()
    .optional(),
  region: text().trim().max(100, { message: 'profile.regionMax' }).optional(),
  address: text().trim().max(200, { message: 'profile.addressMax' }).optional(),
});
export type OpenUserUpdate = z.infer<typeof OpenUserUpdateSchema>;

export const WECHAT_KINDS = ['web', 'cgi'] as const;
export type WechatKind = (typeof WECHAT_KINDS)[number];

/** One WeChat identity of the caller: official account (web) or mini-program (cgi); openid masked. */
export const WechatBindingSchema = z.object({
  appId: text(),
  kind: z.enum(WECHAT_KINDS),
  openid: text(),
  nickname: text(),
  avatar: text(),
  boundAt: z.iso.datetime({ offset: true }),
});
export type WechatBinding = z.infer<typeof WechatBindingSchema>;

/** `POST sms/{type}`: what the H5 needs for its countdown. */
export const SmsSentSchema = z.object({
  cooldownSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SmsSent = z.infer<typeof SmsSentSchema>;
export const SMS_SENT: SmsSent = { cooldownSeconds: SMS_RESEND_COOLDOWN_S, expiresInSeconds: SMS_CODE_TTL_S };

/*
 * Account changes (spec §7 `PUT members/me`, `members/me/mobile`, `members/me/password`,
 * `members/repassword`). The server re-checks what only it can: the password rule (A0120), the
 * mobile format (A0150) and whether an avatar key is the caller's own upload.
 */

export const NICKNAME_MAX = 20;
export const AVATAR_MAX = 500;

// C0 and C1 controls, line and paragraph separators, and bidi overrides (they can make a name read
// backwards in someone else's list). Zero-width joiners stay allowed: emoji sequences use them.
const UNSAFE_CHARS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** An image uploaded as the member's avatar: `avatars/<memberId>/<name>`, a storage key. */
export const AVATAR_KEY_PATTERN = /^avatars\/(\d+)\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isAvatarKey(value: string): boolean {
  return AVATAR_KEY_PATTERN.test(value) && !value.includes('..');
}

/** An absolute http(s) address with a host and no user name or password in it. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export const NicknameSchema = z
  .string()
  .trim()
  .min(1, { message: 'profile.nicknameRequired' })
  // Counted in characters as people see them (an emoji is one), not UTF-16 units.
  .refine((v) => [...v].length <= NICKNAME_MAX, { message: 'profile.nicknameMax', params: { maximum: NICKNAME_MAX } })
  .refine((v) => !UNSAFE_CHARS.test(v), { message: 'profile.nicknameControl' });

/** An http(s) image address or the key of an uploaded avatar; `''` removes the avatar. */
export const AvatarSchema = z
  .string()
  .trim()
  .max(AVATAR_MAX, { message: 'profile.avatarMax' })
  .refine((v) => v === '' || isHttpUrl(v) || isAvatarKey(v), { message: 'profile.avatarFormat' });

/** 长辈版 on or off: a JSON boolean, nothing else. */
export const ElderModeSchema = z.boolean({ message: 'profile.elderModeBoolean' });

/** `PUT members/me`: the fields sent change; answers the profile as `GET members/me` does. */
export const ProfileUpdateSchema = z
  .object({
    nickname: NicknameSchema.optional(),
    avatar: AvatarSchema.optional(),
    elderMode: ElderModeSchema.optional(),
  })
  .refine((v) => v.nickname !== undefined || v.avatar !== undefined || v.elderMode !== undefined, {
    message: 'profile.nothingGiven',
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/*
 * Avatar upload (`PUT members/me/avatar`, multipart field `file`; `DELETE` the same path). The
 * image is judged by its first bytes, stored under `avatars/<memberId>/<uuid>.<ext>` and served
 * publicly at `AVATAR_URL_BASE<memberId>/<uuid>.<ext>` (api-paths.ts), which becomes the profile's `avatar`.
 */
export const AVATAR_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarMime = (typeof AVATAR_MIMES)[number];
/** The served address of an uploaded avatar: `AVATAR_URL_BASE<memberId>/<name>`. */
export const AVATAR_URL_PATTERN = new RegExp(
  `^${AVATAR_URL_BASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)/([A-Za-z0-9_-][A-Za-z0-9._-]{0,127})$`,
);

export const SmsCodeSchema = text()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { message: 'profile.smsCodeFormat' });

// Long enough that the server, not the schema, answers an over-long password with the rule (A0120).
const PasswordField = text().max(1024, { message: 'profile.passwordTooLong' });
const MobileField = text().trim().max(32, { message: 'field.mobileFormat' });

/** `PUT members/me/mobile`: the code sent with type `mobile` to the new number. Answers the profile. */
export const MobileChangeSchema = z.object({ mobile: MobileField, code: SmsCodeSchema });
export type MobileChange = z.infer<typeof MobileChangeSchema>;

/**
 * `PUT members/me/password`. A member with a password proves it with `oldPassword`; one without
 * (WeChat only) sends `code`, a `bind` code sent to their own mobile. Other sessions end.
 */
export const PasswordChangeSchema = z.object({
  oldPassword: PasswordField.optional(),
  newPassword: PasswordField,
  code: SmsCodeSchema.optional(),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** `PUT members/repassword` (no token): a `repassword` code sent to the account's mobile. Every session ends. */
export const PasswordResetSchema = z.object({ mobile: MobileField, code: SmsCodeSchema, newPassword: PasswordField });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;
