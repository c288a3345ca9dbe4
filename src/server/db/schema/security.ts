import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';

/* Sign-in secrets (refresh tokens and SMS codes, both stored hashed) and the audit trail. */

/** Opaque refresh tokens, stored as SHA-256; rotated on every use, revoked as a family on re-use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    type: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [index('sms_codes_phone_type_idx').on(t.phone, t.type, t.createdAt)],
);

/** Audit trail of security events: sign-ins, failures, refresh re-use, logouts. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer(),
    type: text().notNull(),
    subject: text().notNull().default(''),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    detail: jsonb().notNull().default({}),
    createdAt: timestampNow(),
  },
  (t) => [
    index('audit_events_member_idx').on(t.memberId, t.createdAt),
    index('audit_events_type_idx').on(t.type, t.createdAt),
  ],
);

/**
 * Rate-limit counters shared by every instance (@fastify/rate-limit's store, db/rate-limit-store.ts):
 * one row per limited key, counting hits until `resetAt`. UNLOGGED (hand-written in the migration):
 * counters need no crash safety, and skipping the write-ahead log keeps the per-request upsert cheap.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
