import { Form, Input } from 'antd-mobile';
import type { RuleObject } from 'antd-mobile/es/components/form';
import { beijingToday } from '#shared/beijing-time.ts';
import {
  ageFromId,
  birthDateFromId,
  idNumberProblem,
  isValidMobile,
  normalizeIdNumber,
  sexFromId,
} from '#shared/identity.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';
import styles from './ui.module.css';
import { SingleSelector } from './single-selector.tsx';

export const RELATIONS = ['self', 'spouse', 'child', 'parent', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];

/** A person as the insurance forms collect them; the ID number is stored upper-case without spaces. */
export interface PersonValues {
  name: string;
  idNumber: string;
  mobile: string;
  relation?: Relation;
}

const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·• ]{0,28}[\u4e00-\u9fa5A-Za-z]$/;

const ID_PROBLEM_TEXT: Record<string, MessageKey> = {
  empty: 'person.id.required',
  format: 'person.id.format',
  birth: 'person.id.birth',
  checkDigit: 'person.id.checkDigit',
};

/** Birth date, sex and age as derived from a valid ID number, shown under the field. */
function Derived({ idNumber }: { idNumber: string }) {
  const t = useT();
  if (idNumberProblem(idNumber, beijingToday()) !== null) return null;
  return (
    <span className={styles.derived}>
      {t('person.derived', {
        birth: birthDateFromId(idNumber),
        sex: t(sexFromId(idNumber) === 'male' ? 'person.sex.male' : 'person.sex.female'),
        age: ageFromId(idNumber, beijingToday()),
      })}
    </span>
  );
}

/** 与投保人关系: 本人 / 配偶 / 子女 / 父母 / 其他. */
export function RelationField() {
  const t = useT();
  return (
    <Form.Item
      name="relation"
      label={t('person.relation')}
      layout="vertical"
      rules={[{ required: true, message: t('person.relation.required') }]}
    >
      <SingleSelector
        className={styles.relations}
        columns={3}
        options={RELATIONS.map((r) => ({ value: r, label: t(`person.relation.${r}`) }))}
      />
    </Form.Item>
  );
}

interface PersonFieldsProps {
  /** Show the relationship to the applicant (insured persons); applicants have none. */
  withRelation?: boolean;
  /** The mobile is optional for insured children and parents without a phone. */
  mobileRequired?: boolean;
}

/** Name, ID number (GB 11643 check), mobile and relationship, for use inside an antd Form. */
export function PersonFields({ withRelation, mobileRequired = true }: PersonFieldsProps) {
  const t = useT();
  const idRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      const problem = idNumberProblem(value ?? '', beijingToday());
      if (problem) throw new Error(t(ID_PROBLEM_TEXT[problem]));
    },
  };
  const mobileRule: RuleObject = {
    validator: async (_rule, value: string | undefined) => {
      const v = (value ?? '').trim();
      if (v === '' && !mobileRequired) return;
      if (v === '') throw new Error(t('person.mobile.required'));
      if (!isValidMobile(v)) throw new Error(t('person.mobile.format'));
    },
  };
  return (
    <>
      {withRelation && <RelationField />}
      <Form.Item
        name="name"
        label={t('person.name')}
        rules={[
          { required: true, whitespace: true, message: t('person.name.required') },
          { pattern: NAME_PATTERN, message: t('person.name.format') },
        ]}
      >
        <Input placeholder={t('person.name.placeholder')} maxLength={30} clearable />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t('person.id')}
        required
        rules={[idRule]}
        normalize={(v: string) => normalizeIdNumber(v ?? '').slice(0, 18)}
        validateTrigger="onBlur"
        description={
          <Form.Subscribe to={['idNumber']}>{({ idNumber }) => <Derived idNumber={idNumber ?? ''} />}</Form.Subscribe>
        }
      >
        <Input placeholder={t('person.id.placeholder')} maxLength={18} clearable autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('person.mobile')}
        required={mobileRequired}
        rules={[mobileRule]}
        validateTrigger="onBlur"
      >
        <Input type="tel" inputMode="numeric" placeholder={t('person.mobile.placeholder')} maxLength={11} clearable />
      </Form.Item>
    </>
  );
}
