import { Form } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import type { Limits } from '#shared/catalogue.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { ageFromId, maskIdNumber } from '#shared/identity.ts';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { PersonFields, RelationField, type PersonValues, type Relation } from '../../components/ui/person-fields.tsx';
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

/** antd-mobile's Selector holds its choice as a one-element list. */
type RelationValue = Relation | Relation[] | undefined;
const relationOf = (v: RelationValue): Relation | undefined => (Array.isArray(v) ? v[0] : v);
type FormValues = Omit<PersonValues, 'relation'> & { relation?: RelationValue };

/**
 * Step 3 for individual products, 被保人: the applicant themself ("本人" copies their details) or a
 * spouse, child or parent; the age at the start date must fit the product.
 */
export function SelfInsurant({ applicant, value, limits, startDate, issues, busy, onNext, onSave }: SelfInsurantProps) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  useIssues(form, issues, 'insured');
  const watched = Form.useWatch('relation', form) as RelationValue;
  const relation = relationOf(watched) ?? (watched === undefined ? (value?.relation ?? 'self') : undefined);
  const withApplicant = (v: FormValues): PersonValues => {
    const chosen = relationOf(v.relation);
    return chosen === 'self' || !chosen ? { ...applicant, relation: 'self' } : { ...v, relation: chosen };
  };

  const finish = (v: FormValues) => {
    const person = withApplicant(v);
    const age = ageFromId(person.idNumber, startDate);
    if (age < limits.insuredAge.min || age > limits.insuredAge.max) {
      const message = t('insure.insuredAge', { min: limits.insuredAge.min, max: limits.insuredAge.max });
      form.setFields([{ name: person.relation === 'self' ? 'relation' : 'idNumber', errors: [message] }]);
      return;
    }
    onNext(person);
  };

  return (
    <SectionCard title={t('insure.insured')} flush>
      <Form
        form={form}
        layout="horizontal"
        initialValues={
          value && value.relation !== 'self'
            ? { ...value, relation: [value.relation ?? 'other'] }
            : { relation: ['self'] }
        }
        onFinish={finish}
        footer={
          <StepActions busy={busy} onSave={() => onSave(withApplicant(form.getFieldsValue()))}>
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
        {relation === 'self' || relation === undefined ? (
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
