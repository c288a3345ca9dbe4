import { describe, expect, it } from 'vitest';
import { renderText } from '../lib/texts/render.ts';
import { clientAuth } from '../test/token-call.ts';
import { setupTestApp } from '../test/helper.ts';
import { V1 } from '../test/http.ts';
import { signIn } from '../test/sign-in.ts';

/** Error envelopes in the reader's language (docs/decisions/server-texts-by-key.md). */

const ctx = await setupTestApp({ RATE_LIMIT_NOT_FOUND_PER_MIN: '3' }, { listen: false });
const POLISH = { 'accept-language': 'pl-PL,pl;q=0.9' };
const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: string | object,
) {
  const res = await ctx.app.inject({
    method,
    url: url.startsWith('/') ? url : `${V1}/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return {
    status: res.statusCode,
    ...(res.json() as { code: string; msg: string; data: { issues?: { field: string; message: string }[] } | null }),
  };
}

describe('a reader asking in Polish', () => {
  it('gets every kind of refusal in Polish, with the same codes and statuses as in Chinese', async () => {
    const channel = await signIn(ctx, 'demo.channel');
    const member = await signIn(ctx, 'demo.member');
    const cases: Array<{
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      who?: Record<string, string>;
      payload?: string | object;
      type?: string;
      code: string;
      pl: RegExp;
    }> = [
      { method: 'GET', url: 'members/me', code: 'A0301', pl: /^Najpierw się zaloguj$/ },
      { method: 'GET', url: 'members/me', who: { authorization: 'Bearer forged' }, code: 'A0230', pl: /Sesja wygasła/ },
      {
        method: 'GET',
        url: 'company/bonus?period=2026-10',
        who: channel.headers,
        code: 'A0410',
        pl: /^Najpierw wybierz firmę$/,
      },
      { method: 'GET', url: 'company/bonus?period=2026-10', who: member.headers, code: 'A0303', pl: /^Brak uprawnień/ },
      {
        method: 'GET',
        url: 'prodType/listTypeProds?type=%00',
        code: 'A0400',
        pl: /^Nieprawidłowe parametry żądania: rodzaj \(nie może zawierać/,
      },
      {
        method: 'PUT',
        url: 'members/me',
        who: member.headers,
        payload: '{"nickname":',
        type: 'application/json',
        code: 'A0427',
        pl: /^Nie udało się odczytać JSON/,
      },
      {
        method: 'POST',
        url: '/prod-api/auth/oauth2/token',
        who: { authorization: clientAuth(ctx) },
        payload: 'scope=x',
        type: 'application/x-www-form-urlencoded',
        code: 'A0410',
        pl: /^Brak wymaganego parametru: typ autoryzacji$/,
      },
      { method: 'GET', url: 'no/such/route', code: 'A0404', pl: /^Żądany zasób nie istnieje$/ },
    ];
    for (const c of cases) {
      const headers = { ...c.who, ...(c.type ? { 'content-type': c.type } : {}) };
      const zh = await call(c.method, c.url, headers, c.payload);
      const pl = await call(c.method, c.url, { ...headers, ...POLISH }, c.payload);
      expect({ url: c.url, code: zh.code }).toEqual({ url: c.url, code: c.code });
      expect({ url: c.url, status: pl.status, code: pl.code }).toEqual({
        url: c.url,
        status: zh.status,
        code: zh.code,
      });
      expect(hasHan(zh.msg), `${c.url}: ${zh.msg}`).toBe(true);
      expect(pl.msg, c.url).toMatch(c.pl);
      for (const issue of pl.data?.issues ?? []) expect(hasHan(issue.message), issue.message).toBe(false);
    }
  });

  it('gets a validation problem with the field named in Polish and the rule in Polish', async () => {
    const member = await signIn(ctx, 'demo.member');
    const res = await call(
      'PUT',
      'open/user',
      { ...member.headers, ...POLISH, 'content-type': 'application/json' },
      { realName: 'x'.repeat(51), gender: 'x' },
    );
    expect(res.code).toBe('A0400');
    expect(res.msg).toBe(
      'Nieprawidłowe parametry żądania: imię i nazwisko (imię i nazwisko może mieć najwyżej 50 znaków); płeć (' +
        res.data?.issues?.[1].message +
        ')',
    );
    expect(hasHan(res.msg)).toBe(false);
    // The field keeps its technical name: the H5 puts the message under that form field.
    expect(res.data?.issues?.map((i) => i.field)).toEqual(['realName', 'gender']);
  });

  it('is rate-limited in Polish', async () => {
    let last = { status: 0, code: '', msg: '' };
    for (let i = 0; i < 5 && last.status !== 429; i += 1) last = await call('GET', 'no/such/page', POLISH);
    expect(last).toMatchObject({ status: 429, code: 'A0429', msg: renderText('pl', 'error.A0429') });
  });
});
