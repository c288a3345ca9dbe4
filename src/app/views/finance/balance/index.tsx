import { Input, List, Tag, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { rolesAllow, SUPER_ROLE } from '#shared/roles.ts';
import { listWithdrawals, requestWithdrawal } from '../../../api/finance.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { formatYuan, yuanToFen } from '#shared/money.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { rolesAtom } from '../../../session/atoms.ts';
import styles from './balance.module.css';
import { beijingDay } from '#shared/beijing-time.ts';
import { useLedger } from '../ledger.ts';
import { WithdrawalReview } from './withdrawal-review.tsx';
import { WITHDRAWAL_STATUS_KEYS, codeName } from '../../../i18n/enum-names.ts';
import '../../../lib/antd-react19.ts';

/** 佣金余额: what can be withdrawn now, a withdrawal request, and past withdrawals with their status. */
export default function BalanceView() {
  const t = useT();
  const isStaff = rolesAllow([SUPER_ROLE], useAtomValue(rolesAtom) ?? []);
  const ledger = useLedger();
  const withdrawals = useRemote(listWithdrawals, []);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const pending = (withdrawals.data?.list ?? []).some((w) => w.status === 'pending');
  const canWithdraw = ledger.balanceFen >= ledger.minWithdrawalFen && !pending;
  const amountFen = yuanToFen(amount);

  async function submit() {
    if (amountFen === null || amountFen < ledger.minWithdrawalFen || amountFen > ledger.balanceFen) {
      Toast.show({
        content: t('finance.amountInvalid', {
          min: formatYuan(ledger.minWithdrawalFen),
          max: formatYuan(ledger.balanceFen),
        }),
      });
      return;
    }
    setBusy(true);
    try {
      await requestWithdrawal(amountFen);
      Toast.show({ icon: 'success', content: t('finance.requested') });
      setAmount('');
      await Promise.all([ledger.reload(), withdrawals.reload()]);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <ViewPage>
      <SectionCard>
        <div className={styles.bigAmount}>
          <div className={styles.bigAmountLabel}>{t('finance.balance')}</div>
          <div className={styles.bigAmountValue} data-testid="finance-balance">
            {formatYuan(ledger.balanceFen)}
          </div>
        </div>
        {ledger.pendingFen > 0 && <Hint>{t('finance.pendingAmount', { amount: formatYuan(ledger.pendingFen) })}</Hint>}
        {canWithdraw && (
          <List>
            <List.Item title={t('finance.amountYuan')}>
              <Input
                value={amount}
                onChange={setAmount}
                inputMode="decimal"
                placeholder={formatYuan(ledger.balanceFen)}
                aria-label={t('finance.amountYuan')}
              />
            </List.Item>
          </List>
        )}
        <div className={styles.actions}>
          <Button color="primary" disabled={!canWithdraw} loading={busy} onClick={() => void submit()}>
            {t('finance.withdraw')}
          </Button>
        </div>
        {pending ? (
          <Hint>{t('finance.onePending')}</Hint>
        ) : (
          ledger.balanceFen < ledger.minWithdrawalFen && (
            <Hint>{t('finance.withdrawMin', { min: formatYuan(ledger.minWithdrawalFen) })}</Hint>
          )
        )}
      </SectionCard>
      <SectionCard title={t('finance.withdrawals')} flush>
        {(withdrawals.data?.list.length ?? 0) === 0 ? (
          <EmptyState title={t('finance.noWithdrawals')} description={t('finance.noWithdrawalsHint')} />
        ) : (
          <List>
            {withdrawals.data!.list.map((w) => (
              <List.Item
                key={w.id}
                description={`${beijingDay(w.requestedAt)} ${w.payeeMasked}${w.reviewNote ? ` · ${w.reviewNote}` : ''}`}
                extra={
                  <Tag
                    color={w.status === 'paid' ? 'success' : w.status === 'rejected' ? 'danger' : 'warning'}
                    fill="outline"
                  >
                    {codeName(t, WITHDRAWAL_STATUS_KEYS, w.status, w.statusText)}
                  </Tag>
                }
              >
                {formatYuan(w.amountFen)}
              </List.Item>
            ))}
          </List>
        )}
      </SectionCard>
      {isStaff && <WithdrawalReview />}
    </ViewPage>
  );
}
