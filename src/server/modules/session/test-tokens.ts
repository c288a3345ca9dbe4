import { eq } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import type { TestContext } from '../../test/helper.ts';

export interface SignedIn {
  id: number;
  token: string;
  headers: { authorization: string };
}

/** A seeded member found by username (ids are not assumed), with an access token in its current roles. */
export async function signIn(ctx: TestContext, username: string): Promise<SignedIn> {
  const [row] = await ctx.app.db.select({ id: members.id, roles: members.roles }).from(members).where(eq(members.username, username));
  if (!row) throw new Error(`no seeded member ${username}`);
  const token = await ctx.app.accessTokens.sign({ memberId: row.id, roles: row.roles });
  return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
}
