import type { ProductDetail } from '#shared/catalogue.ts';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { regionName } from '../../i18n/region-names.ts';

type Info = Pick<ProductDetail, 'limits' | 'terms' | 'waitingDays' | 'coolingOffDays'>;

/** 投保规则: who may be insured and where (age, occupation, regions), terms, start date, waiting and cooling-off. */
export function SpecialSubInfo({ product }: { product: Info }) {
  const t = useT();
  const { limits } = product;
  const minAge =
    limits.insuredMinDays && limits.insuredAge.min === 0
      ? t('details.limits.minAgeDays', { n: limits.insuredMinDays })
      : t('details.limits.minAgeYears', { n: limits.insuredAge.min });
  const names = (list: string[]) => list.map((r) => regionName(t, r)).join(t('details.limits.regionsSeparator'));
  const regions =
    names(limits.regions.sold) +
    (limits.regions.excluded.length ? t('details.limits.regionsExcept', { list: names(limits.regions.excluded) }) : '');
  return (
    <SectionCard title={t('details.limits.title')}>
      <FieldRow label={t('details.limits.age')}>
        {t('details.limits.ageRange', { min: minAge, max: limits.insuredAge.max })}
      </FieldRow>
      <FieldRow label={t('details.limits.applicant')}>
        {t('details.limits.applicantAge', { n: limits.applicantMinAge })}
      </FieldRow>
      <FieldRow label={t('details.limits.occupation')}>
        {t('details.limits.occupationRange', { min: limits.occupationClasses.min, max: limits.occupationClasses.max })}
      </FieldRow>
      <FieldRow label={t('details.limits.regions')}>{regions}</FieldRow>
      <FieldRow label={t('details.limits.term')}>{product.terms.map((term) => term.label).join(' / ')}</FieldRow>
      <FieldRow label={t('details.limits.start')}>
        {t('details.limits.startRange', { min: limits.startOffsetDays.min, max: limits.startOffsetDays.max })}
      </FieldRow>
      <FieldRow label={t('details.limits.waiting')}>
        {product.waitingDays > 0 ? t('details.limits.days', { n: product.waitingDays }) : t('details.limits.none')}
      </FieldRow>
      <FieldRow label={t('details.limits.coolingOff')}>
        {product.coolingOffDays > 0
          ? t('details.limits.days', { n: product.coolingOffDays })
          : t('details.limits.none')}
      </FieldRow>
      {limits.teamSize && (
        <FieldRow label={t('details.limits.teamSize')}>
          {t('details.limits.teamRange', { min: limits.teamSize.min, max: limits.teamSize.max })}
        </FieldRow>
      )}
    </SectionCard>
  );
}
