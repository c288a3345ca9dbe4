import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { currentAgreement } from '#shared/consent.ts';
import { SMS_CODE_LENGTH } from '#shared/constants.ts';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../i18n/index.ts';
import { signInWith } from '../../session/sign-in.ts';
import { SmsCodeButton, SmsCodeCells } from '../ui/sms-code.tsx';
import styles from './sign-in.module.css';
import { showSuccessToast } from './toast.ts';

interface Fields {
  mobile: string;
  code: string;
}

/**
 * 验证码登录: mobile, a `login` code in six cells, then the `sms_code` grant, which creates the
 * member on first use. Both the code request and the sign-in need the consent ticked (`ensureConsent`).
 */
export function SmsLoginForm({ onSuccess, ensureConsent }: { onSuccess: () => void; ensureConsent: () => boolean }) {
  const t = useT();
  const [form] = Form.useForm<Fields>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const [busy, setBusy] = useState(false);

  async function submit(fields: Fields) {
    if (!ensureConsent()) return;
    setBusy(true);
    try {
      await signInWith({ grant_type: 'sms_code', mobile: fields.mobile.trim(), code: fields.code, agreement: currentAgreement() });
      showSuccessToast(t('login.success'));
      onSuccess();
    } catch {
      // The client has shown the server's message (wrong code, locked…).
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      onFinish={submit}
      footer={<Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>{t('login.submit')}</Button>}
    >
      <Form.Item
        name="mobile"
        label={t('signin.mobile')}
        validateTrigger="onSubmit"
        rules={[{ validator: async (_r, v: string | undefined) => { if (!isValidMobile((v ?? '').trim())) throw new Error(t('signin.mobileInvalid')); } }]}
        extra={<SmsCodeButton type="login" phone={mobile} canSend={ensureConsent} />}
      >
        <Input type="tel" inputMode="numeric" maxLength={11} placeholder={t('signin.mobilePlaceholder')} autoComplete="tel" clearable />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('signin.code')}
        layout="vertical"
        validateTrigger="onSubmit"
        rules={[{ required: true, len: SMS_CODE_LENGTH, message: t('signin.codeRequired') }]}
        description={<span className={styles.hintInline}>{t('signin.smsHint')}</span>}
      >
        <SmsCodeCells label={t('signin.code')} />
      </Form.Item>
    </Form>
  );
}
