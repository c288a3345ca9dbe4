import { Button } from './button.tsx';
import { useEffect, useState } from 'react';
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
    } catch {
      // Refused (too soon, daily limit…): the client has shown the server's reason; the button stays.
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
 * The SMS code as six cells over one real input: a screen reader finds a labelled text field and
 * reads what was typed (antd-mobile's PasscodeInput hid its input from it and read out a button);
 * the phone offers its numeric keyboard and the code from the message (one-time-code). Only digits
 * are kept, so a pasted "验证码 123456" or a letter typed by mistake does not fill a cell. Checked when
 * the form is sent.
 */
export function SmsCodeCells({
  value,
  onChange,
  label,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  label: string;
  id?: string;
}) {
  const [focused, setFocused] = useState(false);
  const digits = (value ?? '').split('');
  const caret = Math.min(digits.length, SMS_CODE_LENGTH - 1);
  return (
    <div className={styles.codeCells}>
      <input
        id={id}
        className={styles.codeInput}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        aria-label={label}
        value={value ?? ''}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
      />
      <div className={styles.cells} aria-hidden="true" data-testid="sms-code-cells">
        {Array.from({ length: SMS_CODE_LENGTH }, (_, i) => (
          <span key={i} className={focused && i === caret ? `${styles.cell} ${styles.cellFocused}` : styles.cell}>
            {digits[i] ?? ''}
          </span>
        ))}
      </div>
    </div>
  );
}
