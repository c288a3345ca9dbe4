import type { ProductDetail } from '#shared/catalogue.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatYuan } from '#shared/money.ts';
import { useT } from '../../i18n/index.ts';
import { planFromFen } from './plan-from.ts';
import { SingleSelector } from '../../components/ui/single-selector.tsx';
import { useRoomyLayout } from '../../components/elder/use-roomy-layout.ts';
import styles from './product-details.module.css';

interface PlanPickerProps {
  product: Pick<ProductDetail, 'plans' | 'premiums'>;
  value: string;
  onChange: (code: string) => void;
}

/** The plans side by side with their lowest premium; the coverage table follows the choice. */
export function PlanPicker({ product, value, onChange }: PlanPickerProps) {
  const t = useT();
  // Large text or 长辈版: one plan per row, its price whole.
  const roomy = useRoomyLayout();
  return (
    <SectionCard title={t('details.plans.title')}>
      <SingleSelector
        className={styles.plans}
        columns={roomy ? 1 : Math.min(product.plans.length, 3)}
        value={[value]}
        onChange={(v) => {
          if (v[0]) onChange(v[0]);
        }}
        options={product.plans.map((p) => {
          const from = planFromFen(product, p.code);
          return {
            value: p.code,
            label: p.name,
            description: from === null ? '' : t('details.plans.from', { price: formatYuan(from) }),
          };
        })}
      />
    </SectionCard>
  );
}
