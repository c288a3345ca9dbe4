import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { wechatIdentities } from '../db/schema.ts';
import type { TestContext } from './helper.ts';
import { api } from './http.ts';
import type { Caller } from './sign-in.ts';
import { signInWithWechat } from './token-call.ts';

/** WeChat notifications in API tests: members signed in through the official account, what WeChat got. */

export interface SimMessage {
  msgid: number;
  touser: string;
  template_id: string;
  url: string;
  data: Record<string, { value: string }>;
}

/** What the simulated official account accepted for one openid. */
export async function sentTemplateMessages(ctx: TestContext, openid: string): Promise<SimMessage[]> {
  const res = await fetch(`${ctx.url}/wx-sim/test/template-messages?touser=${encodeURIComponent(openid)}`);
  return ((await res.json()) as { messages: SimMessage[] }).messages;
}

/** A member who signed in through the official account (web OAuth), with their openid. */
export async function wechatMember(ctx: TestContext, user: string): Promise<Caller & { openid: string }> {
  const token = await signInWithWechat(ctx, user);
  const headers = { authorization: `Bearer ${token.access_token}` };
  const me = await api(ctx)<{ id: number }>('GET', 'members/me', { memberId: 0, token: token.access_token, headers });
  const [identity] = await ctx.database.db
    .select()
    .from(wechatIdentities)
    .where(eq(wechatIdentities.memberId, me.data.id));
  return { memberId: me.data.id, token: token.access_token, headers, openid: identity.openid };
}

/** Another instance of the product on the same database, talking to the same WeChat (this app's simulator). */
export async function secondInstance(ctx: TestContext, env: Record<string, string> = {}): Promise<TestContext['app']> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://test',
    WECHAT_SIMULATOR: 'true',
    WECHAT_API_BASE: `${ctx.url}/wx-sim`,
    NOTIFICATION_SEND_INTERVAL_S: '3600',
    // As deployed, every instance names the same public address in its links (this one does not listen).
    PUBLIC_URL: ctx.url,
    ...env,
  });
  const app = await buildApp({ config, database: ctx.database, logger: false });
  await app.ready();
  return app;
}
