import { Button, Checkbox, Form, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { savePerson } from '../../../../api/persons.ts';
import { IssuesError } from '../../../../api/field-issues.ts';
import { Hint } from '../../../../components/ui/hint.tsx';
import { PersonFields, type PersonValues } from '../../../../components/ui/person-fields.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';

type AddPersonValues = PersonValues & { consent?: boolean };

const FORM_FIELDS = new Set(['name', 'idNumber', 'mobile', 'relation', 'consent']);

/**
 * Add a saved insured person (`?kind=applicant` adds a saved applicant instead, without the
 * relationship). The form checks what a policy needs (name, GB 11643 ID number, mobile) and the
 * member's consent to keep these sensitive details; the server saves, or updates the one with the
 * same ID number.
 */
export default function AddPersonView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applicant = params.get('kind') === 'applicant';
  const [form] = Form.useForm<AddPersonValues>();
  const [saving, setSaving] = useState(false);
  const back = applicant ? '/help/HelpApplicant' : '/help/collect';

  const finish = async (values: AddPersonValues) => {
    setSaving(true);
    try {
      const { person, created } = await savePerson({
        kind: applicant ? 'applicant' : 'insured',
        name: values.name,
        idNumber: values.idNumber,
        mobile: values.mobile ?? '',
        relation: applicant ? undefined : values.relation,
        consent: values.consent === true,
      });
      Toast.show({ content: t(created ? 'persons.saved' : 'persons.updated', { name: person.name }) });
      navigate(back);
    } catch (e) {
      if (e instanceof IssuesError) {
        form.setFields(e.issues.filter((i) => FORM_FIELDS.has(i.field)).map((i) => ({ name: i.field as keyof AddPersonValues, errors: [i.message] })));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <ViewPage>
      <SectionCard title={t(applicant ? 'addPerson.applicantTitle' : 'addPerson.title')} flush>
        <Form
          form={form}
          layout="horizontal"
          initialValues={applicant ? {} : { relation: 'self' }}
          onFinish={(v) => void finish(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={saving}>{t('common.save')}</Button>
          }
        >
          <PersonFields withRelation={!applicant} mobileRequired={applicant} />
          <Form.Item
            name="consent"
            valuePropName="checked"
            rules={[{ validator: async (_r, v) => { if (v !== true) throw new Error(t('persons.consentRequired')); } }]}
          >
            <Checkbox>{t('persons.consent')}</Checkbox>
          </Form.Item>
        </Form>
        <Hint>{t('addPerson.privacy')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
