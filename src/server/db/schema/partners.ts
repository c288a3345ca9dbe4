import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';

/*
 * Partners (合作伙伴). The relation between two partners is members.recommenderId: the partner whose
 * recommendId link brought the other in (set once at first WeChat sign-in). Removing a relation
 * clears that column (and is written to audit_events); this table only keeps what channel staff
 * note about a partner.
 */
export const partnerNotes = pgTable('partner_notes', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  remark: text().notNull().default(''),
  updatedBy: integer().references(() => members.id),
  updatedAt: timestampNow(),
});
