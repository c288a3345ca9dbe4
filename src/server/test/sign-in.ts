import { eq } from 'drizzle-orm';
import { members } from '../db/schema.ts';
import type { TestContext } from './helper.ts';

/** Someone calling the API: the member and the Bearer header of an access token. */
export interface Caller {
  memberId: number;
  token: string;
  headers: { authorization: string };
}

/**
 * An access token minted for a member in the given roles, as if they had signed in. Tests that need
 * a real session (refresh tokens, logout) sign in through the token service: token-call.ts.
 */
export async function callerFor(ctx: TestContext, memberId: number, roles: string[]): Promise<Caller> {
  const token = await ctx.app.accessTokens.sign({ memberId, roles });
  return { memberId, token, headers: { authorization: `Bearer ${token}` } };
}

/** A seeded member found by username (ids are not assumed), signed in with their current roles. */
export async function signIn(ctx: TestContext, username: string): Promise<Caller> {
  const [row] = await ctx.database.db
    .select({ id: members.id, roles: members.roles })
    .from(members)
    .where(eq(members.username, username));
  if (!row) throw new Error(`no seeded member ${username}`);
  return callerFor(ctx, row.id, row.roles);
}
