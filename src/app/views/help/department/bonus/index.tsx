import { Input, List, Toast } from 'antd-mobile';
import { Button } from '../../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { CompanyOption } from '#shared/company.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
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
import { rolesAtom } from '../../../../session/atoms.ts';
import { CompanyPicker } from '../company-picker.tsx';
import '../../../../lib/antd-react19.ts';

/** Sum of typed percents in basis points (so 33.33 + 66.67 is exactly 100%). */
export function totalBp(values: string[]): number {
  return values.reduce((s, v) => s + (Number.isFinite(Number(v)) ? Math.round(Number(v) * 100) : 0), 0);
}

/** 佣金分配: each department's share of the company's commission for one month, summing to at most 100%. */
export default function BonusView() {
  const t = useT();
  const [period, setPeriod] = useState(() => beijingMonth(Date.now()));
  // Channel staff pick the company first; a company acts for itself.
  const channel = (useAtomValue(rolesAtom) ?? []).includes(SUPER_ROLE);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const companyId = channel ? company?.id : undefined;
  const mustPick = channel && !company;
  const bonus = useRemote(
    () => (mustPick ? Promise.resolve(undefined) : getBonus(period, companyId)),
    [period, companyId, mustPick],
  );
  // What was typed, tied to the answer it was typed over: derived in render rather than copied in by
  // an effect, so a share typed as soon as the field shows is never overwritten by the loaded one.
  const [edited, setEdited] = useState<{ over: typeof bonus.data; values: Record<number, string> }>({
    over: undefined,
    values: {},
  });
  const typed = edited.over === bonus.data ? edited.values : {};
  const values: Record<number, string> = {
    ...Object.fromEntries((bonus.data?.shares ?? []).map((s) => [s.departmentId, String(s.percent)])),
    ...typed,
  };
  const [error, setError] = useState('');

  const shares = bonus.data?.shares ?? [];
  const total = totalBp(Object.values(values));
  const save = async () => {
    setError('');
    try {
      await saveBonus(
        {
          period,
          shares: shares.map((s) => ({ departmentId: s.departmentId, percent: Number(values[s.departmentId] || 0) })),
        },
        companyId,
      );
      Toast.show({ content: t('company.saved') });
      await bonus.reload();
    } catch (e) {
      if (e instanceof IssuesError) setError(e.issues.map((i) => i.message).join('；'));
    }
  };

  return (
    <ViewPage>
      {channel && (
        <SectionCard flush>
          <CompanyPicker value={company} onChange={setCompany} />
        </SectionCard>
      )}
      {mustPick ? (
        <EmptyState title={t('companyPicker.pickFirst')} />
      ) : (
        <SectionCard
          title={t('bonus.title')}
          extra={<CalendarField precision="month" title={t('company.period')} value={period} onChange={setPeriod} />}
          flush
        >
          {shares.length === 0 ? (
            <EmptyState title={t('bonus.empty')} description={t('company.bonusEmptyHint')} />
          ) : (
            <List>
              {shares.map((s) => (
                <List.Item
                  key={s.departmentId}
                  extra="%"
                  description={t('company.shareAmount', { amount: formatYuan(s.amountFen) })}
                >
                  <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                    <span style={{ flex: 1 }}>{s.departmentName}</span>
                    <Input
                      aria-label={s.departmentName}
                      type="number"
                      style={{ width: 120 }}
                      value={values[s.departmentId] ?? ''}
                      onChange={(v) => setEdited({ over: bonus.data, values: { ...typed, [s.departmentId]: v } })}
                    />
                  </div>
                </List.Item>
              ))}
              <List.Item
                extra={`${(total / 100).toFixed(2)}%`}
                description={t('company.monthCommission', { amount: formatYuan(bonus.data?.commissionFen ?? 0) })}
              >
                {t('company.total')}
              </List.Item>
            </List>
          )}
          {(error || total > 10_000) && <Hint>{error || t('bonus.hint')}</Hint>}
          {shares.length > 0 && (
            <Button block color="primary" disabled={total > 10_000} onClick={() => void save()}>
              {t('company.save')}
            </Button>
          )}
          <Hint>{t('bonus.hint')}</Hint>
        </SectionCard>
      )}
    </ViewPage>
  );
}
