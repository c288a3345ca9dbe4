import { DotLoading } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error.ts';
import { getOrder, orderStatus, payOrder } from '../../api/orders.ts';
import { showErrorToast } from '../../components/shell/toast.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { canUsePaySheet, choosePay, payReturnUrl, takePayReturn } from '../../wechat/pay.ts';
import { PayDetail } from './pay-detail.tsx';
import { usePayPoller } from './pay-poller.ts';
import { ClosedResult, PaidResult, PayChecking } from './pay-result.tsx';
import styles from './pay.module.css';
import { ORDER_STATUS_KEYS, codeName } from '../../i18n/enum-names.ts';

function NoOrder({ missing }: { missing: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <SectionCard>
      <EmptyState
        title={t(missing ? 'pay.notFound' : 'pay.noOrder')}
        description={t(missing ? 'pay.notFoundHint' : 'pay.noOrderHint')}
      >
        <Button size="small" onClick={() => navigate('/help/order')}>
          {t('pay.myOrders')}
        </Button>
        <Button size="small" color="primary" onClick={() => navigate('/product/index')}>
          {t('pay.browse')}
        </Button>
      </EmptyState>
    </SectionCard>
  );
}

async function findOrder(id: number) {
  try {
    return await getOrder(id, true);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'A0404' || error.code === 'A0400')) return null;
    throw error;
  }
}

/**
 * Paying one order: WeChat's pay sheet inside WeChat, the simulator's cashier elsewhere; then the
 * server's status decides (pay-poller.ts). Coming back from the cashier (`?wxpay_result=` before
 * the `#`) starts the same polling.
 */
function PayOrderPage({ orderId }: { orderId: number }) {
  const t = useT();
  const order = useRemote(() => findOrder(orderId), [orderId]);
  const fetchStatus = useCallback(() => orderStatus(orderId), [orderId]);
  const poll = usePayPoller(fetchStatus);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    const back = takePayReturn();
    if (back === 'ok') poll.start();
    if (back === 'cancel') {
      showErrorToast(t('pay.cancelled'));
      void poll.checkOnce();
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  const pay = async () => {
    setPaying(true);
    try {
      const answer = await payOrder(orderId, payReturnUrl(orderId));
      if (canUsePaySheet()) {
        const result = await choosePay(answer.chooseWXPay);
        if (result === 'ok') {
          poll.start();
        } else {
          showErrorToast(t(result === 'cancel' ? 'pay.cancelled' : 'pay.failed'));
          void poll.checkOnce();
        }
      } else if (answer.cashierUrl) {
        window.location.assign(answer.cashierUrl);
        return;
      } else {
        showErrorToast(t('pay.openInWeChat'));
      }
    } catch {
      // The client showed why (e.g. already closed); the status tells the page what to draw.
      void poll.checkOnce();
    }
    setPaying(false);
  };

  if (order.data === undefined) {
    return order.error === undefined ? (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    ) : (
      <NoOrder missing />
    );
  }
  if (order.data === null) return <NoOrder missing />;
  const current = poll.status?.status ?? order.data.status;
  if (current === 'paid') return <PaidResult order={order.data} poll={poll} />;
  if (current === 'cancelled' || current === 'expired') {
    return (
      <ClosedResult
        order={order.data}
        statusText={codeName(t, ORDER_STATUS_KEYS, current, poll.status?.statusText ?? order.data.statusText)}
      />
    );
  }
  return (
    <PayDetail
      order={order.data}
      paying={paying || poll.phase === 'checking'}
      onPay={() => void pay()}
      onTimeUp={() => void poll.checkOnce()}
    >
      {(poll.phase === 'checking' || poll.phase === 'timeout') && (
        <PayChecking phase={poll.phase} onRefresh={poll.start} />
      )}
    </PayDetail>
  );
}

/** 订单支付 by `?orderId=`; without one it says there is nothing to pay and offers the ways on. */
export default function PayView() {
  const [params] = useSearchParams();
  const text = params.get('orderId') ?? '';
  const orderId = /^\d{1,10}$/.test(text) ? Number(text) : null;
  return (
    <ViewPage>
      {orderId === null ? <NoOrder missing={text !== ''} /> : <PayOrderPage key={orderId} orderId={orderId} />}
    </ViewPage>
  );
}
