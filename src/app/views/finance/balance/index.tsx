import { Button } from 'antd-mobile';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { formatFen } from '../../../components/ui/money.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import styles from '../../help/help.module.css';
import { useLedger } from '../ledger.ts';

/** The smallest withdrawal the product accepts, in fen. */
const MIN_WITHDRAW_FEN = 100;

/** 佣金余额: what can be withdrawn now, and past withdrawals. */
export default function BalanceView() {
  const t = useT();
  const { balanceFen } = useLedger();
  const canWithdraw = balanceFen >= MIN_WITHDRAW_FEN;
  return (
    <ViewPage>
      <SectionCard>
        <div className={styles.bigAmount}>
          <div className={styles.bigAmountLabel}>{t('finance.balance')}</div>
          <div className={styles.bigAmountValue}>{formatFen(balanceFen)}</div>
        </div>
        <div className={styles.actions}>
          <Button color="primary" disabled={!canWithdraw}>{t('finance.withdraw')}</Button>
        </div>
        {!canWithdraw && <Hint>{t('finance.withdrawMin', { min: formatFen(MIN_WITHDRAW_FEN) })}</Hint>}
      </SectionCard>
      <SectionCard title={t('finance.withdrawals')} flush>
        <EmptyState title={t('finance.noWithdrawals')} description={t('finance.noWithdrawalsHint')} />
      </SectionCard>
    </ViewPage>
  );
}
