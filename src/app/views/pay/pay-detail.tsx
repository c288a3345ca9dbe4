import { List, Radio } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, type ReactNode } from 'react';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { BottomBar } from '../../components/ui/bottom-bar.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { formatCountdown, useSecondsLeft, type PayOrder } from './pay-order.ts';
import styles from './pay.module.css';

interface PayDetailProps {
  order: PayOrder;
  paying: boolean;
  onPay: () => void;
  /** Called once when the countdown reaches zero: the server closes the order then. */
  onTimeUp?: () => void;
  /** A status panel (支付结果确认中) between the countdown and the summary. */
  children?: ReactNode;
}

/**
 * An order awaiting payment: the time left before it closes, what is being bought, the amount and
 * WeChat Pay. Payment counts only once the server has the verified notification (docs/decisions/payment-confirmation.md).
 */
export function PayDetail({ order, paying, onPay, onTimeUp, children }: PayDetailProps) {
  const t = useT();
  const left = useSecondsLeft(order.expiresAt);
  const closed = left === 0;
  useEffect(() => {
    if (closed) onTimeUp?.();
  }, [closed]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the time is up
  return (
    <>
      <div className={styles.countdown} role="timer" aria-live="off">
        <span className={styles.countdownLabel}>{t(closed ? 'pay.closed' : 'pay.timeLeft')}</span>
        {!closed && <span className={styles.countdownValue}>{formatCountdown(left)}</span>}
        <AmountText fen={order.premiumFen} />
      </div>
      {children}
      <SectionCard title={t('pay.summary')}>
        <FieldRow label={t('pay.product')}>{order.productName}</FieldRow>
        <FieldRow label={t('pay.plan')}>{order.planName}</FieldRow>
        <FieldRow label={t('pay.period')}>
          {t('insure.periodRange', { from: order.startDate, to: order.endDate })}
        </FieldRow>
        <FieldRow label={t('pay.insuredCount')}>{t('pay.persons', { n: order.insuredCount })}</FieldRow>
        <FieldRow label={t('pay.orderNo')}>{order.orderNo}</FieldRow>
      </SectionCard>
      <SectionCard title={t('pay.method')} flush>
        <List>
          <List.Item extra={<Radio checked />}>{t('pay.wechat')}</List.Item>
        </List>
      </SectionCard>
      <BottomBar main={<AmountText fen={order.premiumFen} strong />}>
        <Button
          color="primary"
          shape="rounded"
          className={styles.pay}
          loading={paying}
          disabled={closed}
          onClick={onPay}
        >
          {t('pay.confirm')}
        </Button>
      </BottomBar>
    </>
  );
}
