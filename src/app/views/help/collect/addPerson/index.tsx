import { Button, Form, NoticeBar } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Hint } from '../../../../components/ui/hint.tsx';
import { PersonFields, type PersonValues } from '../../../../components/ui/person-fields.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';
import styles from '../../help.module.css';

/**
 * Add a saved insured person (`?kind=applicant` adds a saved applicant instead, without the
 * relationship). The form checks everything a policy needs: name, GB 11643 ID number and mobile.
 */
export default function AddPersonView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applicant = params.get('kind') === 'applicant';
  const [form] = Form.useForm<PersonValues>();
  const [checked, setChecked] = useState<PersonValues | null>(null);

  return (
    <ViewPage>
      <SectionCard title={t(applicant ? 'addPerson.applicantTitle' : 'addPerson.title')} flush>
        <Form
          form={form}
          layout="horizontal"
          initialValues={applicant ? {} : { relation: 'self' }}
          onValuesChange={() => setChecked(null)}
          onFinish={(values) => setChecked(values)}
          footer={
            <Button block type="submit" color="primary" size="large">{t('common.save')}</Button>
          }
        >
          <PersonFields withRelation={!applicant} mobileRequired={applicant} />
        </Form>
        <Hint>{t('addPerson.privacy')}</Hint>
      </SectionCard>
      {checked && (
        <div className={styles.notice} role="status">
          <NoticeBar wrap color="info" content={t('addPerson.notSaved', { name: checked.name })} />
          <Button block fill="outline" onClick={() => navigate(applicant ? '/help/HelpApplicant' : '/help/collect')}>
            {t('common.backToList')}
          </Button>
        </div>
      )}
    </ViewPage>
  );
}
