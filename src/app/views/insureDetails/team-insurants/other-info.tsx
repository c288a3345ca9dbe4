import { Form, Input } from 'antd-mobile';
import { CREDIT_CODE_PATTERN, isCreditCode, normalizeCreditCode } from '#shared/credit-code.ts';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../../i18n/index.ts';

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
        normalize={(v: string) => normalizeCreditCode(v ?? '')}
        required
        rules={[
          {
            // GB 32100-2015: the shape, then the check character (the server checks the same).
            validator: async (_r, v: string | undefined) => {
              if (!CREDIT_CODE_PATTERN.test(v ?? '')) throw new Error(t('team.creditCodeFormat'));
              if (!isCreditCode(v ?? '')) throw new Error(t('team.creditCodeCheck'));
            },
          },
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
