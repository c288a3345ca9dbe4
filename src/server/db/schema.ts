/*
 * The database schema, one file per area under schema/; drizzle-kit reads this list. Column names
 * are snake_case in the database (drizzle `casing: 'snake_case'`). Money is integer fen; moments
 * are timestamptz.
 */
export * from './schema/members.ts';
export * from './schema/security.ts';
export * from './schema/menu.ts';
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
export * from './schema/notifications.ts';
export * from './schema/added-policies.ts';
