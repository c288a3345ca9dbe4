import { WITHDRAWAL_STATUS_KEYS, type Withdrawal } from '#shared/finance.ts';
import type { Language } from '#shared/constants.ts';
import { formatYuan } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  balanceOf,
  decideWithdrawal,
  hasPendingWithdrawal,
  insertWithdrawal,
  listWithdrawalRows,
  lockMember,
  refundWithdrawal,
  withdrawalExists,
  type WithdrawalRow,
} from './repository.ts';
import { phrase, renderText } from '../../lib/texts/render.ts';

/** Partners take their balance out by withdrawal requests, which channel staff pay or reject. */

/** `statusText` in the reader's language. */
const presentWithdrawal = (w: WithdrawalRow, language: Language): Withdrawal => ({
  id: w.id,
  memberId: w.memberId,
  amountFen: w.amountFen,
  status: w.status,
  statusText: renderText(language, WITHDRAWAL_STATUS_KEYS[w.status]),
  payeeMasked: w.payeeMasked,
  reviewNote: w.reviewNote,
  requestedAt: w.requestedAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
});

export async function listWithdrawals(
  db: Db,
  filter: { memberId?: number; status?: Withdrawal['status'] },
  page: { pageNum: number; pageSize: number },
  language: Language,
) {
  const { rows, total } = await listWithdrawalRows(db, filter, page.pageNum, page.pageSize);
  return { list: rows.map((w) => presentWithdrawal(w, language)), total };
}

function maskPayee(nickname: string, mobile: string | null): string {
  if (mobile && mobile.length >= 7) return `微信零钱（${mobile.slice(0, 3)}****${mobile.slice(-4)}）`;
  const name = nickname.trim();
  return name ? `微信零钱（${name.slice(0, 1)}**）` : '微信零钱';
}

/**
 * A withdrawal request: the member row is locked for the step, so two parallel requests are
 * serialised; the amount must not exceed the balance, and only one request may wait at a time (also
 * a partial unique index). The amount leaves the balance at once (ledger −amount); a rejection
 * gives it back.
 */
export async function requestWithdrawal(
  db: Db,
  memberId: number,
  amountFen: number,
  language: Language,
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const me = await lockMember(tx, memberId);
    if (!me) throw new AppError('A0404', 'finance.accountNotFound');
    if (await hasPendingWithdrawal(tx, memberId)) throw new AppError('A0409', 'finance.withdrawalPending');
    const balance = await balanceOf(tx, memberId);
    if (amountFen > balance)
      throw new AppError('A0400', phrase('finance.overBalance', { balance: formatYuan(balance) }));
    return presentWithdrawal(
      await insertWithdrawal(tx, memberId, amountFen, maskPayee(me.nickname, me.mobile)),
      language,
    );
  });
}

/** Channel staff: 已打款 or 已驳回, once; a rejection puts the amount back on the balance. */
export async function reviewWithdrawal(
  db: Db,
  reviewerId: number,
  id: number,
  action: 'approve' | 'reject',
  note: string,
  language: Language,
): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const w = await decideWithdrawal(tx, id, {
      status: action === 'approve' ? 'paid' : 'rejected',
      reviewedBy: reviewerId,
      reviewNote: note,
      reviewedAt: now,
    });
    if (!w)
      throw (await withdrawalExists(tx, id))
        ? new AppError('A0409', 'finance.withdrawalReviewed')
        : new AppError('A0404', 'finance.withdrawalNotFound');
    if (action === 'reject') await refundWithdrawal(tx, w, note ? `提现驳回：${note}` : '提现驳回', now);
    return presentWithdrawal(w, language);
  });
}
