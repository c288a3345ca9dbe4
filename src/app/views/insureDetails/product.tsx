import { Button, DatePicker, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import type { ProductDetail } from '#shared/catalogue.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatFen } from '../../components/ui/money.ts';
import { useT } from '../../i18n/index.ts';
import { planFromFen } from '../product/catalogue.ts';
import { addDays, beijingToday, type InsureDraft } from './draft.ts';
import styles from './insure.module.css';

type PlanChoice = Pick<InsureDraft, 'planCode' | 'termDays' | 'startDate'>;

function toDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

function toIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Step 1, 选择方案: plan, term and the start date inside the product's window. */
export function InsureProduct({ product, value, onNext }: { product: ProductDetail; value: PlanChoice; onNext: (v: PlanChoice) => void }) {
  const t = useT();
  const [choice, setChoice] = useState(value);
  const [picking, setPicking] = useState(false);
  const today = beijingToday();
  const earliest = addDays(today, product.limits.startOffsetDays.min);
  const latest = addDays(today, product.limits.startOffsetDays.max);
  const from = planFromFen(product, choice.planCode);

  return (
    <>
      <SectionCard title={product.name} extra={product.insurer}>
        <p className={styles.label}>{t('insure.plan')}</p>
        <Selector
          columns={Math.min(product.plans.length, 3)}
          value={[choice.planCode]}
          onChange={(v) => { if (v[0]) setChoice({ ...choice, planCode: v[0] }); }}
          options={product.plans.map((p) => ({ value: p.code, label: p.name }))}
        />
        <p className={styles.label}>{t('insure.term')}</p>
        <Selector
          columns={Math.min(product.terms.length, 3)}
          value={[String(choice.termDays)]}
          onChange={(v) => { if (v[0]) setChoice({ ...choice, termDays: Number(v[0]) }); }}
          options={product.terms.map((term) => ({ value: String(term.days), label: term.label }))}
        />
      </SectionCard>
      <SectionCard flush>
        <List>
          <List.Item extra={choice.startDate} onClick={() => setPicking(true)} description={t('insure.startHint', { from: earliest, to: latest })}>
            {t('insure.startDate')}
          </List.Item>
          <List.Item extra={from === null ? '—' : t('insure.fromPrice', { price: formatFen(from) })}>{t('insure.premium')}</List.Item>
        </List>
      </SectionCard>
      <DatePicker
        visible={picking}
        onClose={() => setPicking(false)}
        min={toDate(earliest)}
        max={toDate(latest)}
        value={toDate(choice.startDate)}
        onConfirm={(d) => setChoice({ ...choice, startDate: toIso(d) })}
        title={t('insure.startDate')}
      />
      <Button block color="primary" size="large" onClick={() => onNext(choice)}>{t('insure.next')}</Button>
    </>
  );
}
