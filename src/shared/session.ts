import { z } from 'zod';
import { SMS_CODE_TTL_S, SMS_RESEND_COOLDOWN_S } from './constants.ts';

/**
 * Contracts of the session calls (spec §7): `members/me`, `open/user`, `members/me/wechat`, `sms/{type}`.
 * The H5 parses answers with these; the server validates requests and serialises answers with them.
 */

/** `GET members/me`. `roles` is one comma-separated string (spec §3); the mobile is masked. */
export const MemberProfileSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string(),
  roles: z.string(),
  perms: z.array(z.string()),
  status: z.enum(['active', 'disabled']),
  channelId: z.number().int().nullable(),
  recommenderId: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  hasPassword: z.boolean(),
  wechatBound: z.boolean(),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

export const GENDERS = ['male', 'female', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

/** The open-user record: personal details beyond sign-in. */
export const OpenUserSchema = z.object({
  realName: z.string(),
  gender: z.enum(GENDERS),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  region: z.string(),
  address: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type OpenUser = z.infer<typeof OpenUserSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in China (UTC+8, no daylight saving), where the users are. */
export function chinaToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const BirthdaySchema = z
  .string()
  .refine(isCalendarDate, { message: '日期格式应为 YYYY-MM-DD' })
  .refine((v) => v >= '1900-01-01', { message: '出生日期不能早于 1900-01-01' })
  // Compared as strings: both sides are YYYY-MM-DD, so the order is the calendar order.
  .refine((v) => v <= chinaToday(), { message: '出生日期不能晚于今天' });

/**
 * `PUT open/user`. Every field is optional: only the fields sent change. `null` or `''` clears
 * birthday or email. Unknown keys (such as a member id) are dropped, so the call can only touch
 * the caller's record.
 */
export const OpenUserUpdateSchema = z.object({
  realName: z.string().trim().max(50, { message: '姓名最多 50 个字符' }).optional(),
  gender: z.enum(GENDERS).optional(),
  birthday: z.union([z.literal(''), BirthdaySchema]).nullable().optional(),
  email: z.union([z.literal(''), z.email({ message: '邮箱格式不正确' }).max(254, { message: '邮箱最多 254 个字符' })]).nullable().optional(),
  region: z.string().trim().max(100, { message: '地区最多 100 个字符' }).optional(),
  address: z.string().trim().max(200, { message: '地址最多 200 个字符' }).optional(),
});
export type OpenUserUpdate = z.infer<typeof OpenUserUpdateSchema>;

export const WECHAT_KINDS = ['web', 'cgi'] as const;
export type WechatKind = (typeof WECHAT_KINDS)[number];

/** One WeChat identity of the caller: official account (web) or mini-program (cgi); openid masked. */
export const WechatBindingSchema = z.object({
  appId: z.string(),
  kind: z.enum(WECHAT_KINDS),
  openid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
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
