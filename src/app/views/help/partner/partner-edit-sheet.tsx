import { Form, Input, Popup, Switch, TextArea } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useEffect, useState } from 'react';
import type { Partner } from '#shared/partners.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { editPartner } from '../../../api/partners.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { useT } from '../../../i18n/index.ts';
import styles from './partner.module.css';

interface Values {
  name: string;
  remark: string;
  enabled: boolean;
}

/** Channel staff's edit of one partner (`PUT partner/{id}`): name, remark and whether the account is active. */
export function PartnerEditSheet({
  partner,
  onClose,
  onSaved,
}: {
  partner: Partner | null;
  onClose: () => void;
  onSaved: (p: Partner) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (partner)
      form.setFieldsValue({ name: partner.name, remark: partner.remark ?? '', enabled: partner.status === 'active' });
  }, [partner, form]);

  const save = async (v: Values) => {
    if (!partner) return;
    setSaving(true);
    try {
      const saved = await editPartner(partner.id, {
        name: v.name.trim(),
        remark: v.remark.trim(),
        status: v.enabled ? 'active' : 'disabled',
      });
      showSuccessToast(t('partner.saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof IssuesError && error.issues.length) {
        form.setFields(
          error.issues.map((i) => ({ name: i.field === 'status' ? 'enabled' : i.field, errors: [i.message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={partner !== null} onMaskClick={onClose} destroyOnClose bodyClassName={styles.sheet}>
      <h2 className={styles.sheetTitle}>{t('partner.editTitle')}</h2>
      <Form
        form={form}
        layout="horizontal"
        onFinish={save}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            {t('partner.save')}
          </Button>
        }
      >
        <Form.Item
          name="name"
          label={t('partner.name')}
          rules={[{ required: true, whitespace: true, message: t('partner.nameRequired') }]}
        >
          <Input maxLength={30} clearable />
        </Form.Item>
        <Form.Item name="remark" label={t('partner.remark')}>
          <TextArea maxLength={200} rows={2} placeholder={t('partner.remarkPlaceholder')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('partner.enabled')} childElementPosition="right" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Popup>
  );
}
