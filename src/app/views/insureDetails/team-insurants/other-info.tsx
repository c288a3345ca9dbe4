import { Form, Input } from 'antd-mobile';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../../i18n/index.ts';
import { CREDIT_CODE_PATTERN } from '../draft.ts';

/** 投保单位: the employer that takes out the team policy, and who to contact about it. */
export function OtherInfo() {
  const t = useT();
  return (
    <>
      <Form.Item
        name="company"
        label={t('team.company')}
        rules={[{ required: true, whitespace: true, message: t('team.companyRequired') }]}
      >
        <Input placeholder={t('team.companyPlaceholder')} maxLength={60} clearable />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={t('team.creditCode')}
        normalize={(v: string) => (v ?? '').toUpperCase().replace(/\s+/g, '')}
        rules={[
          { pattern: CREDIT_CODE_PATTERN, message: t('team.creditCodeFormat') },
          { required: true, message: t('team.creditCodeFormat') },
        ]}
        validateTrigger="onBlur"
      >
        <Input placeholder={t('team.creditCodePlaceholder')} maxLength={18} clearable />
      </Form.Item>
      <Form.Item
        name="contact"
        label={t('team.contact')}
        rules={[{ required: true, whitespace: true, message: t('team.contactRequired') }]}
      >
        <Input placeholder={t('person.name.placeholder')} maxLength={30} clearable />
      </Form.Item>
      <Form.Item
        name="contactMobile"
        label={t('team.contactMobile')}
        required
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              if (!isValidMobile(v ?? '')) throw new Error(t('person.mobile.format'));
            },
          },
        ]}
      >
        <Input type="tel" inputMode="numeric" maxLength={11} placeholder={t('person.mobile.placeholder')} clearable />
      </Form.Item>
    </>
  );
}
