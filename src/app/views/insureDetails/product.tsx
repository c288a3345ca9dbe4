import { DatePicker, DotLoading, List } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import { pickedDay, pickerDate } from '#shared/beijing-time.ts';
import type { ProductDetail, QuoteInput } from '#shared/catalogue.ts';
import { birthDateFromId, idNumberProblem } from '#shared/identity.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { needsRegion, regionChoices, startWindow, type InsureDraft } from './draft.ts';
import { quoteQuietly } from '../../api/catalogue.ts';
import { StepActions, type Busy } from './step-actions.tsx';
import styles from './insure.module.css';
import { SingleSelector } from '../../components/ui/single-selector.tsx';
import { regionName } from '../../i18n/region-names.ts';
import { LabelledStepper } from '../../components/ui/labelled-stepper.tsx';

export type PlanChoice = Pick<InsureDraft, 'planCode' | 'termDays' | 'startDate' | 'region'>;

const DEFAULT_ESTIMATE_AGE = 30;

interface InsureProductProps {
  product: ProductDetail;
  value: InsureDraft;
  /** Rows already on the team list (team products), for the estimate. */
  teamCount: number;
  busy: Busy;
  onNext: (v: PlanChoice) => void;
  onSave: (v: PlanChoice) => void;
}

/**
 * Step 1, 选择方案: plan, term, start date inside the product's window (and the province where the
 * product is sold in listed regions only), priced live by the server: for the insured person once
 * known, else for an age (or, for teams, a head count) the buyer can change.
 */
export function InsureProduct({ product, value, teamCount, busy, onNext, onSave }: InsureProductProps) {
  const t = useT();
  const [choice, setChoice] = useState<PlanChoice>({
    planCode: value.planCode,
    termDays: value.termDays,
    startDate: value.startDate,
    region: value.region,
  });
  const [picking, setPicking] = useState(false);
  const [regionMissing, setRegionMissing] = useState(false);
  const { earliest, latest } = startWindow(product);
  const { insuredAge, occupationClasses } = product.limits;
  const knownId = value.insured && idNumberProblem(value.insured.idNumber) === null ? value.insured.idNumber : null;
  const [age, setAge] = useState(Math.min(insuredAge.max, Math.max(insuredAge.min, DEFAULT_ESTIMATE_AGE)));
  const size = product.limits.teamSize ?? { min: 1, max: 1 };
  const heads = Math.min(size.max, Math.max(size.min, teamCount));
  const region = needsRegion(product);

  const input: QuoteInput = {
    planCode: choice.planCode,
    termDays: choice.termDays,
    startDate: choice.startDate,
    ...(choice.region ? { region: choice.region } : {}),
    ...(product.team
      ? { count: heads, occupationClass: occupationClasses.min }
      : { insured: [knownId ? { birthDate: birthDateFromId(knownId) } : { age }] }),
  };
  const priced = useRemote(() => quoteQuietly(product.id, input), [product.id, JSON.stringify(input)]);
  const next = () => {
    if (region && !choice.region) {
      setRegionMissing(true);
      return;
    }
    onNext(choice);
  };

  return (
    <>
      <SectionCard title={product.name} extra={product.insurer}>
        <p className={styles.label}>{t('insure.plan')}</p>
        <SingleSelector
          columns={Math.min(product.plans.length, 3)}
          value={[choice.planCode]}
          onChange={(v) => {
            if (v[0]) setChoice({ ...choice, planCode: v[0] });
          }}
          options={product.plans.map((p) => ({ value: p.code, label: p.name }))}
        />
        <p className={styles.label}>{t('insure.term')}</p>
        <SingleSelector
          columns={Math.min(product.terms.length, 3)}
          value={[String(choice.termDays)]}
          onChange={(v) => {
            if (v[0]) setChoice({ ...choice, termDays: Number(v[0]) });
          }}
          options={product.terms.map((term) => ({ value: String(term.days), label: term.label }))}
        />
        {region && (
          <>
            <p className={styles.label}>{t('insure.region')}</p>
            <SingleSelector
              columns={3}
              value={choice.region ? [choice.region] : []}
              onChange={(v) => {
                setChoice({ ...choice, region: v[0] ?? null });
                setRegionMissing(false);
              }}
              options={regionChoices(product).map((r) => ({ value: r, label: regionName(t, r) }))}
            />
            {regionMissing && (
              <p className={styles.warnText} role="alert">
                {t('insure.regionRequired')}
              </p>
            )}
          </>
        )}
      </SectionCard>
      <SectionCard flush>
        <List>
          <List.Item
            extra={choice.startDate}
            onClick={() => setPicking(true)}
            description={t('insure.startHint', { from: earliest, to: latest })}
          >
            {t('insure.startDate')}
          </List.Item>
          {!product.team && !knownId && (
            <List.Item
              extra={
                <LabelledStepper
                  label={t('insure.estimateAge')}
                  min={insuredAge.min}
                  max={insuredAge.max}
                  digits={0}
                  value={age}
                  onChange={(v) => setAge(v ?? insuredAge.min)}
                />
              }
            >
              {t('insure.estimateAge')}
            </List.Item>
          )}
          <List.Item
            description={
              priced.data?.problem ??
              (product.team
                ? t('insure.estimateTeam', { n: heads, c: occupationClasses.min })
                : knownId
                  ? null
                  : t('insure.estimateHint'))
            }
            extra={
              priced.loading ? (
                <DotLoading />
              ) : priced.data?.result ? (
                <AmountText fen={priced.data.result.premiumFen} strong />
              ) : (
                '—'
              )
            }
          >
            {t('insure.premium')}
          </List.Item>
        </List>
      </SectionCard>
      <DatePicker
        visible={picking}
        onClose={() => setPicking(false)}
        min={pickerDate(earliest)}
        max={pickerDate(latest)}
        value={pickerDate(choice.startDate)}
        onConfirm={(d) => setChoice({ ...choice, startDate: pickedDay(d) })}
        title={t('insure.startDate')}
      />
      <StepActions busy={busy} onSave={() => onSave(choice)}>
        <Button block color="primary" size="large" loading={busy === 'next'} disabled={busy === 'save'} onClick={next}>
          {t('insure.next')}
        </Button>
      </StepActions>
    </>
  );
}
