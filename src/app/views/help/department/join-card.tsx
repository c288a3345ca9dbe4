import { Form, Input, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { joinCompany } from '../../../api/company.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
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
 * the member gives name and ID number (the company insures them with it) and joins once.
 */
export function JoinCompanyCard() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const token = params.get('join');
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState('');
  const [refused, setRefused] = useState('');
  if (!token) return null;

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

  return (
    <SectionCard title={t('company.joinTitle')} data-testid="join-card">
      {done ? (
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
