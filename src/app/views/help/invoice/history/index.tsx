import { DotLoading, Input, List, Tag, Toast } from 'antd-mobile';
import { Button } from '../../../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Invoice } from '#shared/invoices.ts';
import { downloadInvoice, listInvoices, resendInvoice } from '../../../../api/invoices.ts';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Hint } from '../../../../components/ui/hint.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { Unbroken } from '../../../../components/ui/unbroken.tsx';
import { useRemote } from '../../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';
import { beijingDay } from '#shared/beijing-time.ts';
import { pairRedLetters } from '../invoice-form.ts';
import styles from '../invoice.module.css';
import '../../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../../components/ui/dialog.ts';

/**
 * 开票记录: the member's issued e-invoices, newest first, each with its PDF download and a resend
 * by mail (to the invoice's email or a corrected one). Inside WeChat, where a page cannot save a
 * file, the mail is the way to get the PDF. An invoice whose policy was surrendered shows 已红冲,
 * with its red-letter invoice (negative amount, 对应蓝字发票号码) right below it.
 */
export default function InvoiceHistoryView() {
  const t = useT();
  const navigate = useNavigate();
  const invoices = useRemote(listInvoices, []);
  const [busy, setBusy] = useState<number | null>(null);

  const download = async (inv: Invoice) => {
    setBusy(inv.id);
    try {
      const outcome = await downloadInvoice(inv.id, inv.invoiceNo, inv.kind);
      Toast.show({
        content: t(outcome === 'saved' ? 'invoice.downloaded' : 'invoice.wechatDownload'),
        duration: outcome === 'saved' ? 1500 : 4000,
      });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const resend = async (inv: Invoice) => {
    let email = inv.email;
    const confirmed = await confirmDialog({
      title: t('invoice.resendTitle'),
      confirmText: t('invoice.resendConfirm'),
      cancelText: t('common.cancel'),
      content: (
        <div>
          <p className={styles.meta}>{t('invoice.resendHint')}</p>
          <Input
            defaultValue={inv.email}
            type="email"
            aria-label={t('invoice.email')}
            onChange={(v) => {
              email = v;
            }}
          />
        </div>
      ),
    });
    if (!confirmed) return;
    setBusy(inv.id);
    try {
      const sent = await resendInvoice(inv.id, email.trim() && email.trim() !== inv.email ? email.trim() : undefined);
      Toast.show({ content: t('invoice.resent', { email: sent.to }) });
      void invoices.reload();
    } catch {
      // The client has shown the server's message (too often, bad email, mail service down).
    } finally {
      setBusy(null);
    }
  };

  const list = pairRedLetters(invoices.data?.list ?? []);
  return (
    <ViewPage>
      <SectionCard
        title={t('invoice.history')}
        extra={invoices.data ? t('invoice.count', { n: invoices.data.total }) : undefined}
        flush
      >
        {invoices.loading && !invoices.data && (
          <div className={styles.loading}>
            <DotLoading />
          </div>
        )}
        {invoices.data && list.length === 0 && (
          <EmptyState title={t('invoice.historyEmpty')} description={t('invoice.historyEmptyHint')}>
            <Button size="small" color="primary" onClick={() => navigate('/help/invoice')}>
              {t('invoice.request')}
            </Button>
          </EmptyState>
        )}
        {list.length > 0 && (
          <List>
            {list.map((inv) => (
              <List.Item
                key={inv.id}
                className={inv.kind === 'red' ? styles.red : undefined}
                extra={
                  <span className={inv.kind === 'red' ? styles.redAmount : styles.amount}>
                    {formatYuan(inv.amountFen)}
                  </span>
                }
              >
                <div>
                  {inv.kind === 'red' && (
                    <Tag color="danger" fill="outline" className={styles.tag}>
                      {t('invoice.redTag')}
                    </Tag>
                  )}
                  {inv.status === 'reversed' && (
                    <Tag color="default" className={styles.tag}>
                      {t('invoice.reversed')}
                    </Tag>
                  )}
                  {inv.title}
                </div>
                <div className={styles.meta}>
                  <div>{t(inv.kind === 'red' ? 'invoice.redNo' : 'invoice.no', { no: inv.invoiceNo })}</div>
                  {inv.kind === 'red' && inv.originalInvoiceNo && (
                    <div>{t('invoice.originalNo', { no: inv.originalInvoiceNo })}</div>
                  )}
                  {inv.status === 'reversed' && (
                    <div>
                      {t('invoice.reversedHint')}
                      {inv.redInvoiceNo ? ` · ${t('invoice.redNo', { no: inv.redInvoiceNo })}` : ''}
                    </div>
                  )}
                  <div>
                    {inv.productName} · {t('invoice.orderNo', { no: inv.orderNo })}
                  </div>
                  <div>
                    <Unbroken text={t('invoice.issuedAt', { date: beijingDay(inv.issuedAt) })} /> · {inv.email}
                  </div>
                </div>
                <div className={styles.actions}>
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    loading={busy === inv.id}
                    onClick={() => void download(inv)}
                  >
                    {t('invoice.download')}
                  </Button>
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    disabled={busy === inv.id}
                    onClick={() => void resend(inv)}
                  >
                    {t('invoice.resend')}
                  </Button>
                </div>
              </List.Item>
            ))}
          </List>
        )}
      </SectionCard>
      {list.length > 0 && (
        <SectionCard>
          <Hint>{t('invoice.historyRules')}</Hint>
          <Button block color="primary" fill="outline" onClick={() => navigate('/help/invoice')}>
            {t('invoice.request')}
          </Button>
        </SectionCard>
      )}
    </ViewPage>
  );
}
