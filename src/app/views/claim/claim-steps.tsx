import { Steps } from 'antd-mobile';
import { Hint } from '../../components/ui/hint.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';

const STEPS: { title: MessageKey; text: MessageKey }[] = [
  { title: 'claim.step.report', text: 'claim.step.reportText' },
  { title: 'claim.step.submit', text: 'claim.step.submitText' },
  { title: 'claim.step.review', text: 'claim.step.reviewText' },
  { title: 'claim.step.pay', text: 'claim.step.payText' },
];

/** 报案 → 提交材料 → 审核 → 赔付, with what happens at each step and the legal time limits. */
export function ClaimSteps() {
  const t = useT();
  return (
    <SectionCard title={t('claim.guide.title')}>
      <Steps direction="vertical" current={STEPS.length}>
        {STEPS.map((s, i) => (
          <Steps.Step key={s.title} title={`${i + 1}. ${t(s.title)}`} description={t(s.text)} status="process" />
        ))}
      </Steps>
      <Hint>{t('claim.guide.law')}</Hint>
    </SectionCard>
  );
}
