import type {
  BonusTemplate,
  BonusTemplateInput,
  BonusTemplateList,
  FinanceSummary,
  LedgerPage,
  Withdrawal,
  WithdrawalList,
} from '#shared/finance.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/* Partner finance (src/shared/finance.ts): summary, ledger by month, withdrawals, bonus templates. */

export const getFinanceSummary = () => unwrap<FinanceSummary>(apiClient.get(paths.finance.summary()));

export function getLedger(q: { month?: string; pageNum?: number; pageSize?: number } = {}): Promise<LedgerPage> {
  const searchParams: Record<string, string | number> = { pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 50 };
  if (q.month) searchParams.month = q.month;
  return unwrap<LedgerPage>(apiClient.get(paths.finance.ledger(), { searchParams }));
}

export const listWithdrawals = () =>
  unwrap<WithdrawalList>(apiClient.get(paths.finance.withdrawals(), { searchParams: { pageSize: 50 } }));
export const requestWithdrawal = (amountFen: number) =>
  unwrap<Withdrawal>(apiClient.post(paths.finance.withdrawals(), { json: { amountFen } }));
export const listBonusTemplates = () => unwrap<BonusTemplateList>(apiClient.get(paths.finance.bonusTemplates()));
export const saveBonusTemplate = (input: BonusTemplateInput) =>
  unwrap<BonusTemplate>(apiClient.post(paths.finance.bonusTemplates(), { json: input }));

/* Channel staff: partners' withdrawals by status, and the one-time review. */
export const listStaffWithdrawals = (status: Withdrawal['status']) =>
  unwrap<WithdrawalList>(apiClient.get(paths.finance.staffWithdrawals(), { searchParams: { status, pageSize: 50 } }));
export const reviewWithdrawal = (id: number, action: 'approve' | 'reject', note: string) =>
  unwrap<Withdrawal>(apiClient.post(paths.finance.review({ id }), { json: { action, note } }));
