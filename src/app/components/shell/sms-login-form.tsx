import { Form } from 'antd-mobile';
import { Button } from '../ui/button.tsx';
import { useState } from 'react';
import { currentAgreement } from '#shared/consent.ts';
import { useT } from '../../i18n/index.ts';
import { signInWith } from '../../sign-in/sign-in.ts';
import { sessionChannel, sessionRecommendId } from '../../wechat/share-context.ts';
import { MobileCodeItems } from './mobile-code-items.tsx';
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
      await signInWith({
        grant_type: 'sms_code',
        mobile: fields.mobile.trim(),
        code: fields.code,
        agreement: currentAgreement(),
        // A new member is attributed to the partner link they came through (docs/decisions/promotion-visits.md).
        channel: sessionChannel() ?? undefined,
        recommendId: sessionRecommendId() ?? undefined,
      });
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
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
          {t('login.submit')}
        </Button>
      }
    >
      <MobileCodeItems
        type="login"
        mobile={mobile}
        ensureConsent={ensureConsent}
        codeDescription={<span className={styles.hintInline}>{t('signin.smsHint')}</span>}
      />
    </Form>
  );
}
