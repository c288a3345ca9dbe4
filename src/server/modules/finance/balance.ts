import { LEDGER_KIND_KEYS, WITHDRAWAL_MIN_FEN, type FinanceSummary, type LedgerPage } from '#shared/finance.ts';
import type { Language } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { renderText } from '../../lib/texts/render.ts';
import { beijingMonth, monthRange } from '#shared/beijing-time.ts';
import { balanceOf, commissionTotals, ledgerRows, withdrawalTotals } from './repository.ts';

/** The partner's own figures: the summary card and the ledger. */

export async function summary(db: Db, memberId: number, now = new Date()): Promise<FinanceSummary> {
  const month = beijingMonth(now);
  const { from, to } = monthRange(month);
  const c = await commissionTotals(db, memberId, from, to);
  const w = await withdrawalTotals(db, memberId);
  return {
    balanceFen: await balanceOf(db, memberId),
    pendingWithdrawalFen: w.pendingFen,
    monthIncomeFen: c.rangeFen,
    totalIncomeFen: c.totalFen,
    reversedFen: c.reversedFen,
    withdrawnFen: w.paidFen,
    paidOrders: c.orders,
    month,
    minWithdrawalFen: WITHDRAWAL_MIN_FEN,
  };
}

export async function ledgerPage(
  db: Db,
  memberId: number,
  q: { month?: string; pageNum: number; pageSize: number },
  language: Language,
): Promise<LedgerPage> {
  const page = await ledgerRows(db, memberId, q.month ? monthRange(q.month) : null, q.pageNum, q.pageSize);
  // Products named in the reader's language, from the version sold (docs/decisions/catalogue-translations.md).
  const locales = await versionLocales(
    db,
    page.rows.flatMap((r) => (r.versionId === null ? [] : [r.versionId])),
    language,
  );
  return {
    list: page.rows.map(({ e, c, versionId }) => ({
      id: e.id,
      kind: e.kind,
      kindText: renderText(language, LEDGER_KIND_KEYS[e.kind]),
      amountFen: e.amountFen,
      note: e.note,
      orderNo: c?.orderNo ?? null,
      productName: c ? (versionId !== null && locales.get(versionId)?.name) || c.productName : null,
      premiumFen: c?.basePremiumFen ?? null,
      rateBp: c?.rateBp ?? null,
      templateVersion: c?.templateVersion ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    total: page.total,
    month: q.month ?? null,
    incomeFen: page.incomeFen,
    outFen: page.outFen,
  };
}
