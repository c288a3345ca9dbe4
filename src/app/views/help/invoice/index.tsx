import { Checkbox, DotLoading, Input, List, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { INVOICE_TITLE_TYPES, type InvoiceTitleType } from '#shared/invoices.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { listInvoiceableOrders, requestInvoices } from '../../../api/invoices.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT, type MessageKey } from '../../../i18n/index.ts';
import { beijingDay } from '#shared/beijing-time.ts';
import { formProblems, requestBody, type InvoiceFormValues } from './invoice-form.ts';
import styles from './invoice.module.css';
import ui from '../../../components/ui/ui.module.css';
import { SingleSelector } from '../../../components/ui/single-selector.tsx';
import '../../../lib/antd-react19.ts';

const TITLE_LABELS: Record<InvoiceTitleType, MessageKey> = {
  personal: 'invoice.titlePersonal',
  company: 'invoice.titleCompany',
};

/**
 * 发票管理: the member's paid orders that have no invoice yet (tick one or more), one title
 * (个人, or 单位 with its 统一社会信用代码) and an email. The server issues one invoice per order
 * with the order's amount and mails the PDFs; then the screen moves to the history.
 */
export default function InvoiceView() {
  const t = useT();
  const navigate = useNavigate();
  const orders = useRemote(listInvoiceableOrders, []);
  const [chosen, setChosen] = useState<number[]>([]);
  const [values, setValues] = useState<InvoiceFormValues>({ titleType: 'personal', title: '', taxNo: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof InvoiceFormValues, string>>>({});
  const [sending, setSending] = useState(false);

  const list = orders.data?.list ?? [];
  const total = list.filter((o) => chosen.includes(o.orderId)).reduce((s, o) => s + o.amountFen, 0);
  const allChosen = list.length > 0 && chosen.length === list.length;
  const set = (patch: Partial<InvoiceFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key as keyof InvoiceFormValues];
      return next;
    });
  };

  const submit = async () => {
    if (chosen.length === 0) {
      Toast.show({ content: t('invoice.pickOrders') });
      return;
    }
    const problems = formProblems(values);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])));
      return;
    }
    setSending(true);
    try {
      const issued = await requestInvoices(requestBody(chosen, values));
      Toast.show({
        content: issued.mailed
          ? t('invoice.issued', { n: issued.list.length, email: values.email.trim() })
          : t('invoice.issuedNoMail', { n: issued.list.length }),
      });
      navigate('/help/invoice/history');
    } catch (e) {
      if (e instanceof IssuesError) {
        const fields = new Set(['title', 'taxNo', 'email']);
        setErrors(Object.fromEntries(e.issues.filter((i) => fields.has(i.field)).map((i) => [i.field, i.message])));
      }
      void orders.reload();
      setChosen([]);
    } finally {
      setSending(false);
    }
  };

  return (
    <ViewPage>
      <SectionCard flush>
        <List>
          <List.Item description={t('invoice.historyHint')} onClick={() => navigate('/help/invoice/history')}>
            {t('invoice.history')}
          </List.Item>
        </List>
      </SectionCard>

      <SectionCard
        title={t('invoice.orders')}
        extra={
          list.length > 1 && (
            <Checkbox checked={allChosen} onChange={(on) => setChosen(on ? list.map((o) => o.orderId) : [])}>
              {t('invoice.selectAll')}
            </Checkbox>
          )
        }
        flush
      >
        {orders.loading && !orders.data && (
          <div className={styles.loading}>
            <DotLoading />
          </div>
        )}
        {orders.data && list.length === 0 && (
          <EmptyState title={t('invoice.empty')} description={t('invoice.emptyHint')}>
            <Button size="small" onClick={() => navigate('/help/order?status=paid')}>
              {t('invoice.toOrders')}
            </Button>
          </EmptyState>
        )}
        {list.length > 0 && (
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
            <List>
              {list.map((o) => (
                <List.Item
                  key={o.orderId}
                  prefix={
                    <span onClick={(e) => e.stopPropagation()}>
                      <Checkbox value={o.orderId}>
                        <span className={ui.unseen}>{o.orderNo}</span>
                      </Checkbox>
                    </span>
                  }
                  description={`${t('invoice.orderNo', { no: o.orderNo })} · ${t('invoice.paidAt', { date: beijingDay(o.paidAt) })}`}
                  extra={<span className={styles.amount}>{formatYuan(o.amountFen)}</span>}
                  onClick={() =>
                    setChosen((c) => (c.includes(o.orderId) ? c.filter((id) => id !== o.orderId) : [...c, o.orderId]))
                  }
                  arrow={false}
                >
                  {o.productName}
                </List.Item>
              ))}
            </List>
          </Checkbox.Group>
        )}
      </SectionCard>

      {list.length > 0 && (
        <SectionCard title={t('invoice.form')}>
          <p className={styles.label}>{t('invoice.titleType')}</p>
          <SingleSelector
            columns={2}
            value={[values.titleType]}
            onChange={(v) => {
              if (v[0]) set({ titleType: v[0] });
            }}
            options={INVOICE_TITLE_TYPES.map((type) => ({ value: type, label: t(TITLE_LABELS[type]) }))}
          />
          <label className={styles.field}>
            <span className={styles.label}>{t('invoice.title')}</span>
            <Input
              value={values.title}
              onChange={(title) => set({ title })}
              maxLength={100}
              placeholder={t(
                values.titleType === 'company' ? 'invoice.titlePlaceholderCompany' : 'invoice.titlePlaceholderPersonal',
              )}
            />
            {errors.title && (
              <span className={styles.error} role="alert">
                {errors.title}
              </span>
            )}
          </label>
          {values.titleType === 'company' && (
            <label className={styles.field}>
              <span className={styles.label}>{t('invoice.taxNo')}</span>
              <Input
                value={values.taxNo}
                onChange={(taxNo) => set({ taxNo })}
                maxLength={20}
                placeholder={t('invoice.taxNoPlaceholder')}
              />
              {errors.taxNo && (
                <span className={styles.error} role="alert">
                  {errors.taxNo}
                </span>
              )}
            </label>
          )}
          <label className={styles.field}>
            <span className={styles.label}>{t('invoice.email')}</span>
            <Input
              type="email"
              value={values.email}
              onChange={(email) => set({ email })}
              maxLength={100}
              placeholder={t('invoice.emailPlaceholder')}
            />
            {errors.email && (
              <span className={styles.error} role="alert">
                {errors.email}
              </span>
            )}
          </label>
          <p className={styles.total}>{t('invoice.selectedTotal', { n: chosen.length, amount: formatYuan(total) })}</p>
          <Button
            block
            color="primary"
            size="large"
            loading={sending}
            disabled={chosen.length === 0}
            onClick={() => void submit()}
          >
            {t('invoice.submit')}
          </Button>
        </SectionCard>
      )}

      <SectionCard title={t('invoice.rules')}>
        <Hint>{t('invoice.rulesText')}</Hint>
        <Hint>{t('invoice.onePerOrder')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
