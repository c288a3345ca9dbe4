import { describe, expect, it } from 'vitest';
import type { PartnerList } from '#shared/partners.ts';
import { members } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api, readingIn } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/**
 * A partner's `statusText` and `relationText`, and the name of a partner who has none, in the reader's
 * language (docs/decisions/server-texts-by-key.md).
 */

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
await db.insert(members).values({ username: 'lang.up', nickname: '上线伙伴', roles: ['member', 'partner'] });
const up = await signIn(ctx, 'lang.up');
const [unnamed] = await db
  .insert(members)
  .values({ username: null, nickname: '', roles: ['member', 'partner'], recommenderId: up.memberId })
  .returning({ id: members.id });
const channel = await signIn(ctx, 'demo.channel');

const rowOf = async (who: Parameters<typeof call>[2], language?: string) => {
  const res = await call<PartnerList>('GET', 'partner?pageSize=50', language && who ? readingIn(who, language) : who);
  expect(res.status, res.msg).toBe(200);
  return res.data.list.find((p) => p.id === unnamed.id)!;
};

describe("a partner's display fields", () => {
  it('are Polish for a Polish reader and Chinese without the header or in zh-CN', async () => {
    expect(await rowOf(up, 'pl')).toMatchObject({
      name: `Użytkownik ${unnamed.id}`,
      statusText: 'Aktywny',
      relation: 'downline',
      relationText: 'Polecony przeze mnie',
    });
    for (const language of [undefined, 'zh-CN'])
      expect(await rowOf(up, language)).toMatchObject({
        name: `用户${unnamed.id}`,
        statusText: '正常',
        relationText: '我推荐的伙伴',
      });
  });

  it("answers channel staff's edit in their language", async () => {
    const res = await call('PUT', `partner/${unnamed.id}`, readingIn(channel, 'pl'), { status: 'disabled' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 'disabled', statusText: 'Wyłączony', relationText: null });
    expect((await rowOf(channel)).statusText).toBe('已停用');
  });
});
