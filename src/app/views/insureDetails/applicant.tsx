import { Button, Form } from 'antd-mobile';
import { ageFromId } from '#shared/identity.ts';
import { Hint } from '../../components/ui/hint.tsx';
import { PersonFields, type PersonValues } from '../../components/ui/person-fields.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';

interface ApplicantProps {
  value: PersonValues | null;
  minAge: number;
  startDate: string;
  onNext: (v: PersonValues) => void;
}

/** Step 2, 填写投保人: who buys and pays; of age at the start date (the product's applicantMinAge). */
export function Applicant({ value, minAge, startDate, onNext }: ApplicantProps) {
  const t = useT();
  const [form] = Form.useForm<PersonValues>();
  const finish = (v: PersonValues) => {
    if (ageFromId(v.idNumber, startDate) < minAge) {
      form.setFields([{ name: 'idNumber', errors: [t('insure.applicantAge', { n: minAge })] }]);
      return;
    }
    onNext(v);
  };
  return (
    <SectionCard title={t('insure.applicant')} flush>
      <Form
        form={form}
        layout="horizontal"
        initialValues={value ?? undefined}
        onFinish={finish}
        footer={<Button block type="submit" color="primary" size="large">{t('insure.next')}</Button>}
      >
        <PersonFields />
      </Form>
      <Hint>{t('insure.applicantHint')}</Hint>
    </SectionCard>
  );
}
