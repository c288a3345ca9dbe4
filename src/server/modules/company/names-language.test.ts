import { describe, expect, it } from 'vitest';
import type { CompanyOptionList } from '#shared/company.ts';
import { members } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api, readingIn } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/** A company account with neither nickname nor user name is named by its number in the reader's language. */

const ctx = await setupTestApp();
const call = api(ctx);
const channel = await signIn(ctx, 'demo.channel');
const [unnamed] = await ctx.database.db
  .insert(members)
  .values({ username: null, nickname: '', roles: ['member', 'company'] })
  .returning({ id: members.id });

const nameIn = async (language?: string) => {
  const res = await call<CompanyOptionList>(
    'GET',
    'company/companies',
    language ? readingIn(channel, language) : channel,
  );
  expect(res.status, res.msg).toBe(200);
  return res.data.list.find((c) => c.id === unnamed.id)?.name;
};

describe("the company picker's names", () => {
  it('name an unnamed company in Polish for a Polish reader and in Chinese otherwise', async () => {
    expect(await nameIn('pl')).toBe(`Firma ${unnamed.id}`);
    expect(await nameIn()).toBe(`企业${unnamed.id}`);
    expect(await nameIn('zh-CN')).toBe(`企业${unnamed.id}`);
  });
});
