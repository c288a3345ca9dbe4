import { Button, Input, List, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { beijingMonth } from '#shared/beijing-time.ts';
import { getBonus, saveBonus } from '../../../../api/company.ts';
import { IssuesError } from '../../../../api/field-issues.ts';
import { CalendarField } from '../../../../components/ui/calendar-field.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Hint } from '../../../../components/ui/hint.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { useRemote } from '../../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';

/** Sum of typed percents in basis points (so 33.33 + 66.67 is exactly 100%). */
export function totalBp(values: string[]): number {
  return values.reduce((s, v) => s + (Number.isFinite(Number(v)) ? Math.round(Number(v) * 100) : 0), 0);
}

/** 佣金分配: each department's share of the company's commission for one month, summing to at most 100%. */
export default function BonusView() {
  const t = useT();
  const [period, setPeriod] = useState(() => beijingMonth(Date.now()));
  const bonus = useRemote(() => getBonus(period), [period]);
  const [values, setValues] = useState<Record<number, string>>({});
  const [error, setError] = useState('');

  useEffect(() => {
    if (bonus.data) setValues(Object.fromEntries(bonus.data.shares.map((s) => [s.departmentId, String(s.percent)])));
  }, [bonus.data]);

  const shares = bonus.data?.shares ?? [];
  const total = totalBp(Object.values(values));
  const save = async () => {
    setError('');
    try {
      await saveBonus({ period, shares: shares.map((s) => ({ departmentId: s.departmentId, percent: Number(values[s.departmentId] || 0) })) });
      Toast.show({ content: t('company.saved') });
      await bonus.reload();
    } catch (e) {
      if (e instanceof IssuesError) setError(e.issues.map((i) => i.message).join('；'));
    }
  };

  return (
    <ViewPage>
      <SectionCard title={t('bonus.title')} extra={<CalendarField precision="month" title={t('company.period')} value={period} onChange={setPeriod} />} flush>
        {shares.length === 0
          ? <EmptyState title={t('bonus.empty')} description={t('company.bonusEmptyHint')} />
          : (
            <List>
              {shares.map((s) => (
                <List.Item key={s.departmentId} extra="%" description={t('company.shareAmount', { amount: formatYuan(s.amountFen) })}>
                  <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                    <span style={{ flex: 1 }}>{s.departmentName}</span>
                    <Input aria-label={s.departmentName} type="number" style={{ width: 120 }} value={values[s.departmentId] ?? ''}
                      onChange={(v) => setValues((old) => ({ ...old, [s.departmentId]: v }))} />
                  </div>
                </List.Item>
              ))}
              <List.Item extra={`${(total / 100).toFixed(2)}%`} description={t('company.monthCommission', { amount: formatYuan(bonus.data?.commissionFen ?? 0) })}>{t('company.total')}</List.Item>
            </List>
          )}
        {(error || total > 10_000) && <Hint>{error || t('bonus.hint')}</Hint>}
        {shares.length > 0 && <Button block color="primary" disabled={total > 10_000} onClick={() => void save()}>{t('company.save')}</Button>}
        <Hint>{t('bonus.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
