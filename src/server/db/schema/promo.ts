import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { day, timestampNow } from './columns.ts';
import { members } from './members.ts';
import { products } from './catalogue.ts';

/*
 * Promotion link visits (推广中心). One row per recommender, visitor key, link and Beijing day: a
 * visitor opening the same link again that day adds nothing. `productId` is null for the home page
 * and every other page. `memberId` is the visitor once signed in (a later report of the same visit
 * fills it), which attributes their sign-up to the link they came through. Sign-ups themselves are
 * members.recommenderId, paid orders orders.recommendId, commission the finance tables.
 */
export const promoVisits = pgTable(
  'promo_visits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recommenderId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    path: text().notNull().default('/'),
    visitorKey: text().notNull(),
    day: day().notNull(),
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestampNow(),
  },
  (t) => [
    unique('promo_visits_once_uq').on(t.recommenderId, t.visitorKey, t.productId, t.day).nullsNotDistinct(),
    index('promo_visits_recommender_idx').on(t.recommenderId, t.productId),
    index('promo_visits_member_idx').on(t.memberId),
  ],
);
