import { Checkbox, DotLoading, Form, Input } from 'antd-mobile';
import { Button } from '../../../../components/ui/button.tsx';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { idDocumentProblem } from '#shared/orders.ts';
import type { PersonKind } from '#shared/persons.ts';
import { getPerson, savePerson, updatePerson } from '../../../../api/persons.ts';
import { IssuesError } from '../../../../api/field-issues.ts';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Hint } from '../../../../components/ui/hint.tsx';
import { PersonFields } from '../../../../components/ui/person-fields.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';
import {
  isValidEmail,
  SAVED_ID_TYPES,
  single,
  toFormValues,
  toPersonInput,
  type PersonFormValues,
} from './person-input.ts';
import { SingleSelector } from '../../../../components/ui/single-selector.tsx';
import { showSuccessToast } from '../../../../components/shell/toast.ts';

const FORM_FIELDS = new Set(['name', 'idType', 'idNumber', 'mobile', 'email', 'relation', 'consent']);

/**
 * Add a saved insured person (`?kind=applicant` adds a saved applicant instead, without the
 * relationship); `?id=` edits a saved one, read whole from the server (the owner's own record).
 * The form checks what a policy needs (name, ID type and a GB 11643 number that fits it, mobile,
 * email) and the member's consent to keep these sensitive details; a new one with an ID number
 * already saved updates that one.
 */
export default function AddPersonView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || null;
  const [form] = Form.useForm<PersonFormValues>();
  const [saving, setSaving] = useState(false);
  const [editKind, setEditKind] = useState<PersonKind | null | 'missing'>(null);
  const [loaded, setLoaded] = useState<PersonFormValues | null>(null);
  const kind: PersonKind = editId
    ? editKind === 'applicant'
      ? 'applicant'
      : 'insured'
    : params.get('kind') === 'applicant'
      ? 'applicant'
      : 'insured';
  const applicant = kind === 'applicant';
  const back = applicant ? '/help/HelpApplicant' : '/help/collect';

  useEffect(() => {
    if (!editId) return;
    let live = true;
    getPerson(editId).then(
      (p) => {
        if (!live) return;
        setLoaded(toFormValues(p));
        setEditKind(p.kind);
      },
      () => live && setEditKind('missing'),
    );
    return () => {
      live = false;
    };
  }, [editId]);

  const finish = async (values: PersonFormValues) => {
    const input = toPersonInput(kind, values);
    if (idDocumentProblem(input.idType ?? 'id_card', input.idNumber)) {
      form.setFields([
        {
          name: 'idNumber',
          errors: [t('savedPersons.idTypeMismatch', { type: t(`savedPersons.idType.${input.idType ?? 'id_card'}`) })],
        },
      ]);
      return;
    }
    setSaving(true);
    try {
      const { person, created } = editId ? await updatePerson(editId, input) : await savePerson(input);
      showSuccessToast(
        t(editId ? 'savedPersons.edited' : created ? 'persons.saved' : 'persons.updated', { name: person.name }),
        { travels: true },
      );
      navigate(back);
    } catch (e) {
      if (e instanceof IssuesError) {
        form.setFields(
          e.issues
            .filter((i) => FORM_FIELDS.has(i.field))
            .map((i) => ({ name: i.field as keyof PersonFormValues, errors: [i.message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  if (editId && editKind === 'missing') {
    return (
      <ViewPage>
        <SectionCard>
          <EmptyState title={t('savedPersons.missing')}>
            <Button size="small" onClick={() => navigate(-1)}>
              {t('savedPersons.back')}
            </Button>
          </EmptyState>
        </SectionCard>
      </ViewPage>
    );
  }
  const title = editId
    ? applicant
      ? 'savedPersons.editApplicantTitle'
      : 'savedPersons.editTitle'
    : applicant
      ? 'addPerson.applicantTitle'
      : 'addPerson.title';

  return (
    <ViewPage>
      <SectionCard title={t(title)} flush>
        {editId && editKind === null ? (
          <DotLoading />
        ) : (
          <Form
            form={form}
            layout="horizontal"
            initialValues={
              editId ? (loaded ?? undefined) : { idType: ['id_card'], ...(applicant ? {} : { relation: ['self'] }) }
            }
            onFinish={(v) => void finish(v)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={saving}>
                {t('common.save')}
              </Button>
            }
          >
            <Form.Item
              name="idType"
              label={t('savedPersons.idType')}
              layout="vertical"
              rules={[
                {
                  validator: async (_r, v) => {
                    if (!single(v)) throw new Error(t('savedPersons.idTypeRequired'));
                  },
                },
              ]}
            >
              <SingleSelector
                columns={1}
                options={SAVED_ID_TYPES.map((type) => ({ value: type, label: t(`savedPersons.idType.${type}`) }))}
              />
            </Form.Item>
            <PersonFields withRelation={!applicant} mobileRequired={applicant} />
            <Form.Item
              name="email"
              label={t('savedPersons.email')}
              rules={[
                {
                  validator: async (_r, v: string | undefined) => {
                    if (v && v.trim() && !isValidEmail(v)) throw new Error(t('savedPersons.emailFormat'));
                  },
                },
              ]}
            >
              <Input type="email" placeholder={t('savedPersons.emailPlaceholder')} maxLength={100} clearable />
            </Form.Item>
            <Form.Item
              name="consent"
              valuePropName="checked"
              rules={[
                {
                  validator: async (_r, v) => {
                    if (v !== true) throw new Error(t('persons.consentRequired'));
                  },
                },
              ]}
            >
              <Checkbox>{t('persons.consent')}</Checkbox>
            </Form.Item>
          </Form>
        )}
        <Hint>{t('addPerson.privacy')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
