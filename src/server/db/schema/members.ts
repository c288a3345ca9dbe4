import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';

/*
 * Members: the accounts of the H5 (customers, companies, partners, channel staff), their open-user
 * details, the channels they belong to and the WeChat apps they signed in through.
 */

export const members = pgTable(
  'members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text(),
    passwordHash: text(),
    mobile: text(),
    nickname: text().notNull().default(''),
    avatar: text().notNull().default(''),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{member}'::text[]`),
    perms: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    channelId: integer().references(() => channels.id),
    /** The partner whose recommendId link brought this member in; set once, on first sign-in. */
    recommenderId: integer(),
    /** When the member last agreed to the legal documents at sign-in, and to which versions (src/shared/consent.ts). */
    consentAt: timestamp({ withTimezone: true }),
    termsVersion: text(),
    privacyVersion: text(),
    /** 长辈版 (docs/accessibility.md#elder-mode): the H5's larger layout, followed on every device. */
    elderMode: boolean().notNull().default(false),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [uniqueIndex('members_username_uq').on(t.username), uniqueIndex('members_mobile_uq').on(t.mobile)],
);

/** The open-user record: the member's personal details beyond sign-in (spec §7 `open/user`). */
export const openUsers = pgTable('open_users', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  realName: text().notNull().default(''),
  gender: text({ enum: ['male', 'female', 'unknown'] })
    .notNull()
    .default('unknown'),
  birthday: text(),
  email: text(),
  region: text().notNull().default(''),
  address: text().notNull().default(''),
  updatedAt: timestampNow(),
});

export const channels = pgTable(
  'channels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    createdAt: timestampNow(),
  },
  (t) => [uniqueIndex('channels_code_uq').on(t.code)],
);

/** One row per WeChat app the member signed in through: web (official account) or cgi (mini-program). */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    appId: text().notNull(),
    kind: text({ enum: ['web', 'cgi'] }).notNull(),
    openid: text().notNull(),
    unionid: text(),
    nickname: text().notNull().default(''),
    avatar: text().notNull().default(''),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('wechat_identities_app_openid_uq').on(t.appId, t.openid),
    index('wechat_identities_unionid_idx').on(t.unionid),
    index('wechat_identities_member_idx').on(t.memberId),
  ],
);
