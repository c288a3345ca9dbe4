import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/*
 * Column names are snake_case in the database (drizzle `casing: 'snake_case'`). Money, when later
 * tables add it, is integer fen; times are timestamptz. Later issues add products, orders,
 * policies and claims in their own files next to this one, referencing members.id.
 */
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const members = pgTable('members', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  username: text(),
  passwordHash: text(),
  mobile: text(),
  nickname: text().notNull().default(''),
  avatar: text().notNull().default(''),
  roles: text().array().notNull().default(sql`'{member}'::text[]`),
  perms: text().array().notNull().default(sql`'{}'::text[]`),
  status: text({ enum: ['active', 'disabled'] }).notNull().default('active'),
  channelId: integer().references(() => channels.id),
  /** The partner whose recommendId link brought this member in; set once, on first sign-in. */
  recommenderId: integer(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
}, (t) => [
  uniqueIndex('members_username_uq').on(t.username),
  uniqueIndex('members_mobile_uq').on(t.mobile),
]);

/** The open-user record: the member's personal details beyond sign-in (spec §7 `open/user`). */
export const openUsers = pgTable('open_users', {
  memberId: integer().primaryKey().references(() => members.id, { onDelete: 'cascade' }),
  realName: text().notNull().default(''),
  gender: text({ enum: ['male', 'female', 'unknown'] }).notNull().default('unknown'),
  birthday: text(),
  email: text(),
  region: text().notNull().default(''),
  address: text().notNull().default(''),
  updatedAt: createdAt(),
});

export const channels = pgTable('channels', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull(),
  name: text().notNull(),
  status: text({ enum: ['active', 'disabled'] }).notNull().default('active'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('channels_code_uq').on(t.code)]);

/** One row per WeChat app the member signed in through: web (official account) or cgi (mini-program). */
export const wechatIdentities = pgTable('wechat_identities', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer().notNull().references(() => members.id, { onDelete: 'cascade' }),
  appId: text().notNull(),
  kind: text({ enum: ['web', 'cgi'] }).notNull(),
  openid: text().notNull(),
  unionid: text(),
  nickname: text().notNull().default(''),
  avatar: text().notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('wechat_identities_app_openid_uq').on(t.appId, t.openid),
  index('wechat_identities_unionid_idx').on(t.unionid),
  index('wechat_identities_member_idx').on(t.memberId),
]);

/** Opaque refresh tokens, stored as SHA-256; rotated on every use, revoked as a family on re-use. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer().notNull().references(() => members.id, { onDelete: 'cascade' }),
  familyId: uuid().notNull(),
  tokenHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
  index('refresh_tokens_family_idx').on(t.familyId),
]);

export const smsCodes = pgTable('sms_codes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  phone: text().notNull(),
  type: text().notNull(),
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('sms_codes_phone_type_idx').on(t.phone, t.type, t.createdAt)]);

export const menuItems = pgTable('menu_items', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  parentId: integer(),
  sort: integer().notNull().default(0),
  path: text().notNull(),
  name: text(),
  component: text().notNull(),
  redirect: text(),
  title: text().notNull(),
  hidden: boolean().notNull().default(false),
  noTransition: boolean().notNull().default(false),
  /** Null means the item is never sent (spec §6: routes without meta.roles are excluded). */
  roles: text().array(),
}, (t) => [index('menu_items_parent_idx').on(t.parentId)]);

/** Audit trail of security events: sign-ins, failures, refresh re-use, logouts. */
export const auditEvents = pgTable('audit_events', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer(),
  type: text().notNull(),
  subject: text().notNull().default(''),
  ip: text().notNull().default(''),
  userAgent: text().notNull().default(''),
  detail: jsonb().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index('audit_events_member_idx').on(t.memberId, t.createdAt), index('audit_events_type_idx').on(t.type, t.createdAt)]);

export * from './schema/catalogue.ts';
export * from './schema/orders.ts';
export * from './schema/claims.ts';
export * from './schema/persons.ts';
export * from './schema/company.ts';
export * from './schema/finance.ts';
export * from './schema/partners.ts';
export * from './schema/feedback.ts';
export * from './schema/invoices.ts';
export * from './schema/promo.ts';
