import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IdType, Relation } from '#shared/orders.ts';
import type { PersonKind } from '#shared/persons.ts';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';

/*
 * Saved persons (常用投保人 / 常用被保人). The ID number is stored whole because it fills the owner's
 * buy-now form; every list answer masks it. Birth date and sex come from the ID number; consentAt is
 * when the member agreed to keep these sensitive details.
 */

export const savedPersons = pgTable(
  'saved_persons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().$type<PersonKind>().notNull(),
    name: text().notNull(),
    idType: text().$type<IdType>().notNull(),
    idNumber: text().notNull(),
    birthDate: text().notNull(),
    sex: text({ enum: ['male', 'female'] }).notNull(),
    mobile: text(),
    email: text(),
    relation: text().$type<Relation>(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('saved_persons_member_kind_id_uq').on(t.memberId, t.kind, t.idNumber),
    index('saved_persons_member_idx').on(t.memberId, t.kind, t.updatedAt),
  ],
);
