import { Button, PasscodeInput } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { SMS_CODE_LENGTH, type SmsType } from '#shared/constants.ts';
import { isValidMobile } from '#shared/identity.ts';
import { useT } from '../../i18n/index.ts';
import { sendSmsCode } from '../../api/account.ts';
import styles from './sms-code.module.css';

/**
 * "获取验证码" with the server's resend cooldown counting down on the button. It sits beside the
 * mobile field of a vertical form item, so the countdown never covers the typed number. `canSend`
 * may stop a request first (the sign-in form: consent not yet given), telling the user why itself.
 */
export function SmsCodeButton({ type, phone, canSend }: { type: SmsType; phone: string; canSend?: () => boolean }) {
  const t = useT();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    if (canSend && !canSend()) return;
    setSending(true);
    try {
      setLeft((await sendSmsCode(type, phone.trim())).cooldownSeconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      fill="none"
      color="primary"
      className={styles.codeButton}
      loading={sending}
      disabled={left > 0 || !isValidMobile(phone)}
      onClick={send}
    >
      {left > 0 ? t('setting.mobile.resend', { n: left }) : t('setting.mobile.sendCode')}
    </Button>
  );
}

/**
 * The SMS code as six cells (antd-mobile PasscodeInput with the phone's own numeric keyboard); only
 * digits are kept, so a pasted "验证码 123456" or a letter typed by mistake does not fill a cell.
 * Checked when the form is sent (focus moves between the cells and their hidden input, so a blur
 * check would complain before the first digit).
 */
export function SmsCodeCells({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (v: string) => void;
  label: string;
}) {
  // PasscodeInput cuts the typed text to six before telling us: drop non-digits first, on the way down.
  const digitsOnly = (e: FormEvent<HTMLDivElement>) => {
    const input = e.target as HTMLInputElement;
    if (input.tagName === 'INPUT') input.value = input.value.replace(/\D/g, '');
  };
  return (
    <div className={styles.codeCells} onChangeCapture={digitsOnly}>
      <PasscodeInput
        length={SMS_CODE_LENGTH}
        plain
        seperated
        inputMode="numeric"
        aria-label={label}
        value={value ?? ''}
        onChange={(v) => onChange?.(v.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
      />
    </div>
  );
}
