import { Form, Input } from 'antd-mobile';
import { Button } from '../ui/button.tsx';
import { useState } from 'react';
import { currentAgreement } from '#shared/consent.ts';
import { resetPassword } from '../../api/account.ts';
import { useT } from '../../i18n/index.ts';
import { signInWith } from '../../sign-in/sign-in.ts';
import { MobileCodeItems } from './mobile-code-items.tsx';
import styles from './sign-in.module.css';
import { showSuccessToast } from './toast.ts';

interface Fields {
  mobile: string;
  code: string;
  newPassword: string;
  confirm: string;
}

interface ForgotPasswordFormProps {
  /** Signed in with the new password. */
  onSuccess: () => void;
  /** Back to the password form (also where a reset lands when the sign-in after it fails). */
  onBack: () => void;
  ensureConsent: () => boolean;
}

/**
 * 忘记密码: the account's mobile, a `repassword` code, the new password (`PUT members/repassword`,
 * which ends every session), then a sign-in with the mobile and the new password.
 */
export function ForgotPasswordForm({ onSuccess, onBack, ensureConsent }: ForgotPasswordFormProps) {
  const t = useT();
  const [form] = Form.useForm<Fields>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const [busy, setBusy] = useState(false);

  async function submit(fields: Fields) {
    if (!ensureConsent()) return;
    setBusy(true);
    const phone = fields.mobile.trim();
    try {
      await resetPassword({ mobile: phone, code: fields.code, newPassword: fields.newPassword });
    } catch {
      setBusy(false); // the client has shown why (wrong code, password rule…)
      return;
    }
    showSuccessToast(t('forgot.done'));
    try {
      await signInWith({
        grant_type: 'member_password',
        username: phone,
        password: fields.newPassword,
        agreement: currentAgreement(),
      });
      onSuccess();
    } catch {
      onBack();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <div className={styles.forgotHead}>
        <h3 className={styles.forgotTitle}>{t('forgot.title')}</h3>
        <button type="button" className={styles.textButton} onClick={onBack}>
          {t('forgot.back')}
        </button>
      </div>
      <p className={styles.hint}>{t('forgot.hint')}</p>
      <Form
        form={form}
        className={styles.forgotForm}
        layout="horizontal"
        mode="card"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
            {t('forgot.submit')}
          </Button>
        }
      >
        <MobileCodeItems type="repassword" mobile={mobile} ensureConsent={ensureConsent} />
        <Form.Item
          name="newPassword"
          label={t('forgot.newPassword')}
          validateTrigger="onSubmit"
          rules={[{ required: true, message: t('forgot.passwordRule') }]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('forgot.passwordPlaceholder')} clearable />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('forgot.confirm')}
          dependencies={['newPassword']}
          validateTrigger="onSubmit"
          rules={[
            { required: true, message: t('forgot.mismatch') },
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                if (v !== getFieldValue('newPassword')) throw new Error(t('forgot.mismatch'));
              },
            }),
          ]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('forgot.confirmPlaceholder')} clearable />
        </Form.Item>
      </Form>
    </div>
  );
}
