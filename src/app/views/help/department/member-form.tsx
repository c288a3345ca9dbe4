import { Form, Input, Popup, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useEffect } from 'react';
import type { CompanyMember, Department } from '#shared/company.ts';
import { addCompanyMember, editCompanyMember, getCompanyMember } from '../../../api/company.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { useT } from '../../../i18n/index.ts';
import { SingleSelector } from '../../../components/ui/single-selector.tsx';
import '../../../lib/antd-react19.ts';

interface Values {
  departmentId: number[];
  name: string;
  mobile?: string;
  idNumber: string;
}
const FIELDS = new Set(['departmentId', 'name', 'mobile', 'idNumber']);

/** Add a company member by hand, or edit one (the form loads the whole record for the owner). */
export function MemberForm({
  open,
  departments,
  member,
  defaultDepartment,
  onClose,
  onSaved,
}: {
  open: boolean;
  departments: Department[];
  member?: CompanyMember;
  defaultDepartment?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (member) {
      void getCompanyMember(member.id).then((whole) =>
        form.setFieldsValue({
          departmentId: [whole.departmentId],
          name: whole.name,
          mobile: whole.mobile ?? '',
          idNumber: whole.idNumber ?? '',
        }),
      );
    } else if (defaultDepartment !== undefined) {
      form.setFieldsValue({ departmentId: [defaultDepartment] });
    }
  }, [open, member, defaultDepartment, form]);

  const finish = async (v: Values) => {
    const input = {
      departmentId: v.departmentId[0],
      name: v.name,
      mobile: v.mobile ?? '',
      idType: 'id_card' as const,
      idNumber: v.idNumber,
    };
    try {
      if (member) await editCompanyMember(member.id, input);
      else await addCompanyMember(input);
      Toast.show({ content: t(member ? 'company.updated' : 'company.added') });
      onSaved();
    } catch (e) {
      if (e instanceof IssuesError) {
        form.setFields(
          e.issues
            .filter((i) => FIELDS.has(i.field))
            .map((i) => ({ name: i.field as keyof Values, errors: [i.message] })),
        );
      }
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '85vh', overflow: 'auto' }}
    >
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v) => void finish(v)}
        footer={
          <Button block type="submit" color="primary">
            {t('company.save')}
          </Button>
        }
      >
        <Form.Header>{t(member ? 'company.editMember' : 'company.addMember')}</Form.Header>
        <Form.Item
          name="departmentId"
          label={t('company.department')}
          rules={[{ required: true, message: t('company.pickDepartment') }]}
        >
          <SingleSelector columns={3} options={departments.map((d) => ({ label: d.name, value: d.id }))} />
        </Form.Item>
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
      </Form>
    </Popup>
  );
}
