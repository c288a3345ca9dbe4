import type {
  BonusTemplate,
  BonusTemplateInput,
  BonusTemplateList,
  FinanceSummary,
  LedgerPage,
  Withdrawal,
  WithdrawalList,
} from '#shared/finance.ts';
import { apiClient, unwrap } from './client.ts';

/* Partner finance (src/shared/finance.ts): summary, ledger by month, withdrawals, bonus templates. */

const FINANCE = 'app-api/v1/finance';

export const getFinanceSummary = () => unwrap<FinanceSummary>(apiClient.get(`${FINANCE}/summary`));

export function getLedger(q: { month?: string; pageNum?: number; pageSize?: number } = {}): Promise<LedgerPage> {
  const searchParams: Record<string, string | number> = { pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 50 };
  if (q.month) searchParams.month = q.month;
  return unwrap<LedgerPage>(apiClient.get(`${FINANCE}/ledger`, { searchParams }));
}

export const listWithdrawals = () =>
  unwrap<WithdrawalList>(apiClient.get(`${FINANCE}/withdrawals`, { searchParams: { pageSize: 50 } }));
export const requestWithdrawal = (amountFen: number) =>
  unwrap<Withdrawal>(apiClient.post(`${FINANCE}/withdrawals`, { json: { amountFen } }));
export const listBonusTemplates = () => unwrap<BonusTemplateList>(apiClient.get(`${FINANCE}/bonusTemplates`));
export const saveBonusTemplate = (input: BonusTemplateInput) =>
  unwrap<BonusTemplate>(apiClient.post(`${FINANCE}/bonusTemplates`, { json: input }));

/* Channel staff: partners' withdrawals by status, and the one-time review. */
export const listStaffWithdrawals = (status: Withdrawal['status']) =>
  unwrap<WithdrawalList>(apiClient.get(`${FINANCE}/staff/withdrawals`, { searchParams: { status, pageSize: 50 } }));
export const reviewWithdrawal = (id: number, action: 'approve' | 'reject', note: string) =>
  unwrap<Withdrawal>(apiClient.post(`${FINANCE}/staff/withdrawals/${id}/review`, { json: { action, note } }));
