import { Input, List, Space, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useRef } from 'react';
import type { Withdrawal } from '#shared/finance.ts';
import { listStaffWithdrawals, reviewWithdrawal } from '../../../api/finance.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { useT } from '../../../i18n/index.ts';
import { beijingDay } from '#shared/beijing-time.ts';
import '../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../components/ui/dialog.ts';

/**
 * 提现审核 (channel staff): the partners' pending withdrawals, paid out or rejected once each. A
 * rejection needs a reason, which the partner sees on the request and in the ledger.
 */
export function WithdrawalReview() {
  const t = useT();
  const pending = useRemote(() => listStaffWithdrawals('pending'), []);
  const note = useRef('');

  async function review(w: Withdrawal, action: 'approve' | 'reject') {
    note.current = '';
    const confirmed = await confirmDialog({
      title: t(action === 'approve' ? 'review.approveTitle' : 'review.rejectTitle', {
        amount: formatYuan(w.amountFen),
      }),
      content:
        action === 'approve' ? (
          t('review.approveText', { payee: w.payeeMasked })
        ) : (
          <Input
            aria-label={t('review.reason')}
            placeholder={t('review.reason')}
            maxLength={100}
            onChange={(v) => {
              note.current = v;
            }}
          />
        ),
    });
    if (!confirmed) return;
    if (action === 'reject' && !note.current.trim()) {
      Toast.show({ content: t('review.reasonRequired') });
      return;
    }
    try {
      await reviewWithdrawal(w.id, action, note.current.trim());
      Toast.show({ icon: 'success', content: t(action === 'approve' ? 'review.approved' : 'review.rejected') });
    } catch {
      // The client has shown the server's message (e.g. already reviewed by a colleague).
    }
    await pending.reload();
  }

  const list = pending.data?.list ?? [];
  return (
    <SectionCard title={t('review.title')} flush aria-label={t('review.title')}>
      {list.length === 0 ? (
        <EmptyState title={t('review.empty')} description={t('review.emptyHint')} />
      ) : (
        <List>
          {list.map((w) => (
            <List.Item
              key={w.id}
              description={`${beijingDay(w.requestedAt)} ${w.payeeMasked}`}
              extra={
                <Space>
                  <Button size="mini" color="primary" onClick={() => void review(w, 'approve')}>
                    {t('review.approve')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void review(w, 'reject')}>
                    {t('review.reject')}
                  </Button>
                </Space>
              }
            >
              {formatYuan(w.amountFen)}
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
