import { eq } from 'drizzle-orm';
import { members, products } from '../../db/schema.ts';
import type { TestContext } from '../../test/helper.ts';

/** Helpers of the catalogue tests: written out here, not borrowed from the code under test. */

export const V1 = '/prod-api/app-api/v1';

const DAY_MS = 86_400_000;

/** Today's date in Beijing (UTC+8). */
export function beijingToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Same month and day, `years` earlier: someone born then turns exactly `years` on `date`. */
export function yearsBefore(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`;
}

/** A start date a few days ahead whose day and next day are not 29 February, so birthdays exist every year. */
export function safeStartDate(): string {
  for (let offset = 2; ; offset += 1) {
    const d = plusDays(beijingToday(), offset);
    if (!d.endsWith('-02-29') && !plusDays(d, 1).endsWith('-02-29')) return d;
  }
}

export async function productId(ctx: TestContext, code: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row.id;
}

export async function bearer(ctx: TestContext, username: string): Promise<{ memberId: number; headers: { authorization: string } }> {
  const [row] = await ctx.database.db.select({ id: members.id, roles: members.roles }).from(members).where(eq(members.username, username));
  const token = await ctx.app.accessTokens.sign({ memberId: row.id, roles: row.roles });
  return { memberId: row.id, headers: { authorization: `Bearer ${token}` } };
}
