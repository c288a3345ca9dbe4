import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { SmsType } from '#shared/constants.ts';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../../i18n/index.ts';
import { sendSmsCode } from '../account-api.ts';

/** "获取验证码" with the server's resend cooldown counting down on the button. */
export function SmsCodeButton({ type, phone }: { type: SmsType; phone: string }) {
  const t = useT();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      setLeft((await sendSmsCode(type, phone.trim())).cooldownSeconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="small" fill="none" color="primary" loading={sending} disabled={left > 0 || !isValidMobile(phone)} onClick={send}>
      {left > 0 ? t('setting.mobile.resend', { n: left }) : t('setting.mobile.sendCode')}
    </Button>
  );
}
