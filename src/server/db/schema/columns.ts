import { date, timestamp } from 'drizzle-orm/pg-core';

/** A moment stamped when the row is written: `timestamptz not null default now()`. */
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A calendar day, read and written as `YYYY-MM-DD` text. */
export const day = () => date({ mode: 'string' });
