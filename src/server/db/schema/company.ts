import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IdType } from '#shared/orders.ts';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';

/*
 * Company members (部门管理). A company is the company-role member account that owns the rows
 * (companyId = members.id). ID numbers are stored whole for team insurance and answered masked in
 * every list. A join invitation is a single-use, 10-minute QR token; only its SHA-256 is stored.
 */

export const departments = pgTable(
  'departments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [uniqueIndex('departments_company_name_uq').on(t.companyId, t.name)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    mobile: text(),
    idType: text().$type<IdType>(),
    idNumber: text(),
    /** The member account that joined by scanning the department's QR code. */
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    status: text({ enum: ['active', 'disabled', 'left'] })
      .notNull()
      .default('active'),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId, t.departmentId),
    uniqueIndex('company_members_company_member_uq').on(t.companyId, t.memberId),
    uniqueIndex('company_members_company_id_number_uq').on(t.companyId, t.idNumber),
  ],
);

export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    usedBy: integer().references(() => members.id, { onDelete: 'set null' }),
    companyMemberId: integer().references(() => companyMembers.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_uq').on(t.tokenHash),
    index('company_invitations_company_idx').on(t.companyId),
  ],
);

/** A department's share of the company's commission for one month (period 'YYYY-MM'), in basis points. */
export const departmentBonuses = pgTable(
  'department_bonuses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    period: text().notNull(),
    shareBp: integer().notNull(),
    updatedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('department_bonuses_dept_period_uq').on(t.departmentId, t.period),
    index('department_bonuses_company_idx').on(t.companyId, t.period),
  ],
);
