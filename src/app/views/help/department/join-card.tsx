import { Form, Input, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { joinCompany, previewJoin } from '../../../api/company.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { useT } from '../../../i18n/index.ts';
import '../../../lib/antd-react19.ts';

interface Values {
  name: string;
  idNumber: string;
  mobile?: string;
}
const FIELDS = new Set(['name', 'idNumber', 'mobile']);

/**
 * The landing of a company's join QR (`/help/person?join=<token>`, open to every signed-in member):
 * it names the company and department that ask, then the member gives name and ID number (the
 * company insures them with it) and joins once. A code that can no longer be used says why at once.
 */
export function JoinCompanyCard() {
  const token = useSearchParams()[0].get('join');
  return token ? <JoinCompanyForm token={token} /> : null;
}

function JoinCompanyForm({ token }: { token: string }) {
  const t = useT();
  const [, setParams] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState('');
  const [refused, setRefused] = useState('');
  const asker = useRemote(() => previewJoin(token), [token]);

  const finish = async (v: Values) => {
    setRefused('');
    try {
      const joined = await joinCompany({ token, name: v.name, idNumber: v.idNumber, mobile: v.mobile ?? '' });
      setDone(joined.departmentName);
      Toast.show({ content: t('company.joined', { name: joined.departmentName }) });
    } catch (e) {
      if (e instanceof IssuesError && e.issues.some((i) => FIELDS.has(i.field))) {
        form.setFields(
          e.issues
            .filter((i) => FIELDS.has(i.field))
            .map((i) => ({ name: i.field as keyof Values, errors: [i.message] })),
        );
      } else if (e instanceof Error) {
        setRefused(e.message);
      }
    }
  };

  const unusable = !done && asker.error instanceof Error ? asker.error.message : '';
  return (
    <SectionCard title={t('company.joinTitle')} data-testid="join-card">
      {asker.data && !done && (
        <p data-testid="join-asker">
          {t('company.joinAsks', { company: asker.data.companyName, department: asker.data.departmentName })}
        </p>
      )}
      {unusable ? (
        <p role="alert">{unusable}</p>
      ) : done ? (
        <p role="status">
          {t('company.joined', { name: done })}{' '}
          <Button size="mini" onClick={() => setParams({})}>
            {t('company.close')}
          </Button>
        </p>
      ) : (
        <Form
          form={form}
          layout="horizontal"
          onFinish={(v) => void finish(v)}
          footer={
            <Button block type="submit" color="primary">
              {t('company.joinSubmit')}
            </Button>
          }
        >
          <Form.Item
            name="name"
            label={t('company.name')}
            rules={[{ required: true, message: t('company.nameRequired') }]}
          >
            <Input placeholder={t('company.name')} />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('company.idNumber')}
            rules={[{ required: true, message: t('company.idRequired') }]}
          >
            <Input placeholder={t('company.idNumber')} maxLength={18} />
          </Form.Item>
          <Form.Item name="mobile" label={t('company.mobile')}>
            <Input type="tel" placeholder={t('company.mobile')} maxLength={11} />
          </Form.Item>
          {refused && <p role="alert">{refused}</p>}
        </Form>
      )}
    </SectionCard>
  );
}
