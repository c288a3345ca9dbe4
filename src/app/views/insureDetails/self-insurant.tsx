import { Button, Form } from 'antd-mobile';
import type { Limits } from '#shared/catalogue.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { ageFromId, maskIdNumber } from '#shared/identity.ts';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { PersonFields, RelationField, type PersonValues } from '../../components/ui/person-fields.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { StepActions, type Busy } from './step-actions.tsx';
import { useIssues } from './use-issues.ts';
import styles from './insure.module.css';

interface SelfInsurantProps {
  applicant: PersonValues;
  value: PersonValues | null;
  limits: Limits;
  startDate: string;
  issues: FieldIssue[];
  busy: Busy;
  onNext: (v: PersonValues) => void;
  onSave: (v: PersonValues) => void;
}

/**
 * Step 3 for individual products, 被保人: the applicant themself ("本人" copies their details) or a
 * spouse, child or parent; the age at the start date must fit the product.
 */
export function SelfInsurant({ applicant, value, limits, startDate, issues, busy, onNext, onSave }: SelfInsurantProps) {
  const t = useT();
  const [form] = Form.useForm<PersonValues>();
  useIssues(form, issues, 'insured');
  const relation = Form.useWatch('relation', form) ?? value?.relation ?? 'self';
  const withApplicant = (v: PersonValues): PersonValues => (v.relation === 'self' || !v.relation ? { ...applicant, relation: 'self' } : v);

  const finish = (v: PersonValues) => {
    const person = withApplicant(v);
    const age = ageFromId(person.idNumber, startDate);
    if (age < limits.insuredAge.min || age > limits.insuredAge.max) {
      const message = t('insure.insuredAge', { min: limits.insuredAge.min, max: limits.insuredAge.max });
      form.setFields([{ name: v.relation === 'self' ? 'relation' : 'idNumber', errors: [message] }]);
      return;
    }
    onNext(person);
  };

  return (
    <SectionCard title={t('insure.insured')} flush>
      <Form
        form={form}
        layout="horizontal"
        initialValues={value?.relation === 'self' ? { relation: 'self' } : value ?? { relation: 'self' }}
        onFinish={finish}
        footer={(
          <StepActions busy={busy} onSave={() => onSave(withApplicant(form.getFieldsValue()))}>
            <Button block type="submit" color="primary" size="large" loading={busy === 'next'} disabled={busy === 'save'}>{t('insure.next')}</Button>
          </StepActions>
        )}
      >
        {relation === 'self' ? (
          <>
            <RelationField />
            <div className={styles.copied}>
              <FieldRow label={t('person.name')}>{applicant.name}</FieldRow>
              <FieldRow label={t('person.id')}>{maskIdNumber(applicant.idNumber)}</FieldRow>
            </div>
          </>
        ) : (
          <PersonFields withRelation mobileRequired={false} />
        )}
      </Form>
    </SectionCard>
  );
}
