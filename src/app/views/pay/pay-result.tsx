import { DotLoading, Result } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useNavigate } from 'react-router-dom';
import type { OrderDetail } from '#shared/orders.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { SavePersonsOffer } from '../../components/person/save-offer.tsx';
import { beijingMinute } from '#shared/beijing-time.ts';
import type { PayPollState } from './pay-poller.ts';
import styles from './pay.module.css';

/** 支付结果确认中 while polling, or "not yet" after the window; 刷新 asks the server again. */
export function PayChecking({ phase, onRefresh }: { phase: 'checking' | 'timeout'; onRefresh: () => void }) {
  const t = useT();
  return (
    <SectionCard aria-label={t(phase === 'checking' ? 'pay.checking' : 'pay.slow')}>
      <div className={styles.checking} role="status">
        {phase === 'checking' && <DotLoading color="primary" />}
        <p className={styles.checkingTitle}>{t(phase === 'checking' ? 'pay.checking' : 'pay.slow')}</p>
        <p className={styles.checkingText}>{t(phase === 'checking' ? 'pay.checkingHint' : 'pay.slowHint')}</p>
        <Button size="small" color="primary" fill="outline" onClick={onRefresh}>
          {t('pay.refresh')}
        </Button>
      </div>
    </SectionCard>
  );
}

/** Paid: the policy number(s) the server issued, the offer to save the persons, and the way to the policies. */
export function PaidResult({ order, poll }: { order: OrderDetail; poll: PayPollState }) {
  const t = useT();
  const navigate = useNavigate();
  const policyNo = poll.status?.policyNo ?? order.policyNo;
  const paidAt = poll.status?.paidAt ?? order.paidAt;
  return (
    <>
      <SectionCard>
        <Result status="success" title={t('pay.success')} description={t('pay.successHint')} />
      </SectionCard>
      <SectionCard title={t('pay.summary')}>
        <FieldRow label={t('pay.product')}>{`${order.productName} ${order.planName}`}</FieldRow>
        <FieldRow label={t('pay.policyNo')}>
          <span data-testid="policy-no">{policyNo ?? t('pay.policyPending')}</span>
        </FieldRow>
        <FieldRow label={t('pay.period')}>
          {t('insure.periodRange', { from: order.startDate, to: order.endDate })}
        </FieldRow>
        <FieldRow label={t('pay.insuredCount')}>{t('pay.persons', { n: order.insuredCount })}</FieldRow>
        <FieldRow label={t('pay.amount')}>
          <AmountText fen={order.premiumFen} />
        </FieldRow>
        {paidAt && <FieldRow label={t('pay.paidAt')}>{beijingMinute(paidAt)}</FieldRow>}
        <FieldRow label={t('pay.orderNo')}>{order.orderNo}</FieldRow>
      </SectionCard>
      <SavePersonsOffer orderId={order.id} />
      <div className={styles.actions}>
        <Button block color="primary" size="large" onClick={() => navigate('/policy/index')}>
          {t('pay.viewPolicy')}
        </Button>
        <Button block size="large" onClick={() => navigate('/index')}>
          {t('pay.home')}
        </Button>
      </div>
    </>
  );
}

/** Cancelled or timed out: it can no longer be paid; buying again starts from the product. */
export function ClosedResult({ order, statusText }: { order: OrderDetail; statusText: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <SectionCard>
        <Result
          status="warning"
          title={t('pay.closedTitle')}
          description={t('pay.closedHint', { status: statusText })}
        />
        <FieldRow label={t('pay.orderNo')}>{order.orderNo}</FieldRow>
      </SectionCard>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(`/productDetails/index?id=${order.productId}`)}
        >
          {t('pay.rebuy')}
        </Button>
        <Button block size="large" onClick={() => navigate('/help/order')}>
          {t('pay.myOrders')}
        </Button>
      </div>
    </>
  );
}
