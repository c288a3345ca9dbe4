import { boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

/* The H5's route items, sent as a tree filtered by the caller's roles. */

export const menuItems = pgTable(
  'menu_items',
  {
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
  },
  (t) => [
    index('menu_items_parent_idx').on(t.parentId),
    // One item per path under a parent (top-level items share the null parent): seeding twice fails
    // instead of doubling the menu. NULLS NOT DISTINCT needs PostgreSQL 15 or later.
    unique('menu_items_parent_path_key').on(t.parentId, t.path).nullsNotDistinct(),
  ],
);
