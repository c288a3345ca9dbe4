import { Form } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import type { FieldIssue } from '#shared/envelope.ts';
import { ageFromId } from '#shared/identity.ts';
import { Hint } from '../../components/ui/hint.tsx';
import { PersonFields, type PersonValues } from '../../components/ui/person-fields.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { PickApplicant } from '../../components/person/pick-applicant.tsx';
import { StepActions, type Busy } from './step-actions.tsx';
import { useIssues } from './use-issues.ts';

interface ApplicantProps {
  value: PersonValues | null;
  minAge: number;
  startDate: string;
  issues: FieldIssue[];
  busy: Busy;
  onNext: (v: PersonValues) => void;
  onSave: (v: PersonValues) => void;
}

/** Step 2, 填写投保人: who buys and pays; of age at the start date (the product's applicantMinAge). */
export function Applicant({ value, minAge, startDate, issues, busy, onNext, onSave }: ApplicantProps) {
  const t = useT();
  const [form] = Form.useForm<PersonValues>();
  useIssues(form, issues, 'applicant');
  const finish = (v: PersonValues) => {
    if (ageFromId(v.idNumber, startDate) < minAge) {
      form.setFields([{ name: 'idNumber', errors: [t('insure.applicantAge', { n: minAge })] }]);
      return;
    }
    onNext(v);
  };
  return (
    <SectionCard title={t('insure.applicant')} flush>
      <PickApplicant onPick={(p) => form.setFieldsValue(p)} />
      <Form
        form={form}
        layout="horizontal"
        initialValues={value ?? undefined}
        onFinish={finish}
        footer={
          <StepActions busy={busy} onSave={() => onSave(form.getFieldsValue())}>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={busy === 'next'}
              disabled={busy === 'save'}
            >
              {t('insure.next')}
            </Button>
          </StepActions>
        }
      >
        <PersonFields />
      </Form>
      <Hint>{t('insure.applicantHint')}</Hint>
    </SectionCard>
  );
}
