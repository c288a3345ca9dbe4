import { describe, expect, it } from 'vitest';
import type { LedgerPage, Withdrawal, WithdrawalList } from '#shared/finance.ts';
import { ledgerEntries, members } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api, readingIn } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/** The ledger's `kindText` and a withdrawal's `statusText` in the reader's language (docs/decisions/server-texts-by-key.md). */

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
await db.insert(members).values({ username: 'lang.partner', nickname: '语言伙伴', roles: ['member', 'partner'] });
const partner = await signIn(ctx, 'lang.partner');
const channel = await signIn(ctx, 'demo.channel');
// Funded as earned commission would be.
await db
  .insert(ledgerEntries)
  .values({ memberId: partner.memberId, kind: 'commission', amountFen: 30_000, note: 'test' });

const kindTexts = async (language?: string) => {
  const who = language ? readingIn(partner, language) : partner;
  const page = (await call<LedgerPage>('GET', 'finance/ledger', who)).data;
  return Object.fromEntries(page.list.map((e) => [e.kind, e.kindText]));
};

describe("a withdrawal's statusText and the ledger's kindText", () => {
  it('are Polish for a Polish reader and Chinese without the header or in zh-CN', async () => {
    const requested = await call<Withdrawal>('POST', 'finance/withdrawals', readingIn(partner, 'pl'), {
      amountFen: 10_000,
    });
    expect(requested.status, requested.msg).toBe(200);
    expect(requested.data).toMatchObject({ status: 'pending', statusText: 'Do weryfikacji' });
    const mine = async (language?: string) =>
      (await call<WithdrawalList>('GET', 'finance/withdrawals', language ? readingIn(partner, language) : partner)).data
        .list[0];
    expect((await mine()).statusText).toBe('待审核');
    expect((await mine('zh-CN')).statusText).toBe('待审核');
    const staffList = await call<WithdrawalList>(
      'GET',
      'finance/staff/withdrawals?status=pending',
      readingIn(channel, 'pl'),
    );
    expect(staffList.data.list.find((w) => w.id === requested.data.id)?.statusText).toBe('Do weryfikacji');

    const rejected = await call<Withdrawal>(
      'POST',
      `finance/staff/withdrawals/${requested.data.id}/review`,
      readingIn(channel, 'pl'),
      { action: 'reject', note: '信息不符' },
    );
    expect(rejected.status, rejected.msg).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected', statusText: 'Odrzucone' });
    expect((await mine()).statusText).toBe('已驳回');

    expect(await kindTexts('pl')).toEqual({
      commission: 'Prowizja',
      withdrawal: 'Wypłata środków',
      withdrawal_rejected: 'Zwrot odrzuconej wypłaty',
    });
    expect(await kindTexts()).toEqual({ commission: '佣金收入', withdrawal: '提现', withdrawal_rejected: '提现退回' });
    expect(await kindTexts('zh-CN')).toEqual(await kindTexts());
  });
});
