import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProductContent } from '#shared/catalogue.ts';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';

/*
 * The product catalogue. What is sold lives in `product_versions`: one immutable row per change
 * (a database trigger refuses updates), so an order can keep the version id it was quoted under
 * and show years later exactly the plans, prices and documents the buyer saw.
 */

export const productTypes = pgTable(
  'product_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    icon: text().notNull().default(''),
    createdAt: timestampNow(),
  },
  (t) => [uniqueIndex('product_types_code_uq').on(t.code)],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    typeId: integer()
      .notNull()
      .references(() => productTypes.id),
    /** 承保公司. */
    insurer: text().notNull(),
    name: text().notNull(),
    tagline: text().notNull().default(''),
    /** A key of COVER_GRADIENTS (src/shared/catalogue.ts). */
    cover: text().notNull(),
    tags: text().array().notNull().default([]),
    status: text({ enum: ['on_sale', 'off_sale'] })
      .notNull()
      .default('off_sale'),
    team: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** Null until the first version is published. */
    currentVersionId: integer().references((): AnyPgColumn => productVersions.id),
    /** Lowest premium of the current version, kept for lists ("¥x 起"). */
    minPremiumFen: integer().notNull().default(0),
    /** Paid orders; the order module increments it. */
    salesCount: integer().notNull().default(0),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [uniqueIndex('products_code_uq').on(t.code), index('products_type_sort_idx').on(t.typeId, t.status, t.sort)],
);

export const productVersions = pgTable(
  'product_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** 1, 2, 3… per product. */
    version: integer().notNull(),
    publishedAt: timestampNow(),
    /** Validated by ProductContentSchema before it is written. */
    content: jsonb().$type<ProductContent>().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [uniqueIndex('product_versions_product_version_uq').on(t.productId, t.version)],
);

export const favourites = pgTable(
  'favourites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('favourites_member_product_uq').on(t.memberId, t.productId),
    index('favourites_member_created_idx').on(t.memberId, t.createdAt),
  ],
);
