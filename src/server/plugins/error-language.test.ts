import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors.ts';
import { polishText } from '../lib/error-language.ts';
import { clientAuth } from '../test/token-call.ts';
import { setupTestApp } from '../test/helper.ts';
import { V1 } from '../test/http.ts';
import { signIn } from '../test/sign-in.ts';

/** Error envelopes in the reader's language (docs/decisions.md#errors-in-the-readers-language). */

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
        pl: /^Wskaż firmę \(companyId\)$/,
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
    expect(last).toMatchObject({ status: 429, code: 'A0429', msg: ERRORS.A0429.pl });
  });
});

describe('the Polish texts', () => {
  it('cover every code of the catalogue', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry.pl, code).toBeTruthy();
      expect(hasHan(entry.pl), code).toBe(false);
    }
  });

  it('cover every fixed message a handler refuses with', () => {
    const root = join(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('simulators'),
    );
    const messages = new Set<string>();
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      for (const m of source.matchAll(/AppError\('[A-C]\d{4}', '([^']+)'/g)) messages.add(m[1]);
    }
    expect(messages.size).toBeGreaterThan(50);
    const missing = [...messages].filter((zh) => polishText(zh) === undefined);
    expect(missing).toEqual([]);
  });

  it('render messages with numbers and names in them', () => {
    expect(polishText('短信发送过于频繁，请 42 秒后再试')).toBe('Zbyt częste wysyłanie SMS, spróbuj ponownie za 42 s');
    expect(polishText('理赔案件当前为“审核中”，不能变更为“已报案”')).toBe(
      'Szkoda ma status „W weryfikacji”, nie można go zmienić na „Zgłoszona”',
    );
    expect(polishText('请求必填参数为空：mobile、code')).toBe('Brak wymaganego parametru: numer telefonu, kod');
    expect(polishText('投保信息不完整或有误：手机号格式不正确')).toBe(
      'Dane wniosku są niepełne lub błędne: nieprawidłowy numer telefonu',
    );
    expect(polishText('一段没有译文的话')).toBeUndefined();
  });
});
