import { Form, Input, SpinLoading, Tabs, Toast } from 'antd-mobile';
import { Button } from '../ui/button.tsx';
import { useState } from 'react';
import { currentAgreement } from '#shared/consent.ts';
import { ApiError } from '../../api/api-error.ts';
import { useT } from '../../i18n/index.ts';
import { signInWith } from '../../sign-in/sign-in.ts';
import { consentTicket } from '../../wechat/oauth-storage.ts';
import { signInThroughWechat } from '../../wechat/oauth.ts';
import { ConsentCheck } from './consent-check.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import styles from './sign-in.module.css';
import { SmsLoginForm } from './sms-login-form.tsx';
import { showErrorToast } from './toast.ts';
import { useViewTexts } from './use-view-texts.ts';
import { useWechatLoginAvailable } from './use-wechat-login.ts';
import '../../lib/antd-react19.ts';

interface Fields {
  username: string;
  password: string;
}

interface LoginFormProps {
  onSuccess: () => void;
  /** Route to land on after WeChat sign-in (defaults to the current route). */
  wechatTarget?: string;
}

type Mode = 'password' | 'sms' | 'forgot';

/**
 * Sign-in by username (or mobile) and password (grant member_password), by mobile and SMS code
 * (sms_code, 验证码登录) and, where WeChat OAuth is possible, "微信登录"; 忘记密码 resets the
 * password with an SMS code. Nothing is sent before the consent to both legal documents is ticked
 * (docs/decisions/consent-at-sign-in.md). Used by /loginIndex and by the global sign-in dialog.
 */
export function LoginForm({ onSuccess, wechatTarget }: LoginFormProps) {
  const t = useT();
  const ready = useViewTexts();
  const [mode, setMode] = useState<Mode>('password');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const wechat = useWechatLoginAvailable();
  // A new WeChat user back from WeChat: only the consent is missing (docs/decisions/wechat-consent-ticket.md).
  const [wechatConsentPending] = useState(() => consentTicket() !== null);

  function ensureConsent(): boolean {
    if (!agreed) showErrorToast(t('signin.consentRequired'));
    return agreed;
  }

  async function submit(fields: Fields) {
    if (!ensureConsent()) return;
    setBusy(true);
    try {
      await signInWith({
        grant_type: 'member_password',
        username: fields.username.trim(),
        password: fields.password,
        agreement: currentAgreement(),
      });
      Toast.show({ content: t('login.success'), icon: 'success' });
      onSuccess();
    } catch (error) {
      // The client has shown the server's message (用户名或密码错误 and the tries left); at the lock, the ways out stay.
      setLocked(isPasswordLock(error));
    } finally {
      setBusy(false);
    }
  }

  async function wechatLogin() {
    if (!ensureConsent()) return;
    // Back from WeChat as a new user: the ticket finishes that sign-in here (no second trip).
    const finishing = consentTicket() !== null;
    Toast.show({ content: t(finishing ? 'signin.signingIn' : 'login.redirecting'), icon: 'loading', duration: 0 });
    try {
      if (await signInThroughWechat(wechatTarget, currentAgreement())) {
        Toast.show({ content: t('login.success'), icon: 'success' });
        onSuccess();
      }
    } catch {
      Toast.clear();
    }
  }

  if (!ready)
    return (
      <div className={styles.centered} aria-label={t('signin.loading')}>
        <SpinLoading />
      </div>
    );
  const consent = <ConsentCheck checked={agreed} onChange={setAgreed} />;
  if (mode === 'forgot') {
    return (
      <div className="login-form">
        <ForgotPasswordForm onSuccess={onSuccess} onBack={() => setMode('password')} ensureConsent={ensureConsent} />
        {consent}
      </div>
    );
  }

  return (
    <div className="login-form">
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)} className={styles.tabs}>
        <Tabs.Tab title={t('signin.tabPassword')} key="password" />
        <Tabs.Tab title={t('signin.tabSms')} key="sms" />
      </Tabs>
      {mode === 'sms' ? (
        <SmsLoginForm onSuccess={onSuccess} ensureConsent={ensureConsent} />
      ) : (
        <>
          <Form
            layout="horizontal"
            mode="card"
            onFinish={(values: Fields) => submit(values)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={busy} disabled={busy}>
                {t('login.submit')}
              </Button>
            }
          >
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input placeholder={t('login.usernamePlaceholder')} autoComplete="username" clearable />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input
                placeholder={t('login.passwordPlaceholder')}
                type="password"
                autoComplete="current-password"
                clearable
              />
            </Form.Item>
          </Form>
          {locked && (
            <div className={styles.lockNotice} role="alert">
              <span>{t('signin.lockedHint')}</span>
              <button type="button" className={styles.textButton} onClick={() => setMode('sms')}>
                {t('signin.tabSms')}
              </button>
              <button type="button" className={styles.textButton} onClick={() => setMode('forgot')}>
                {t('signin.forgot')}
              </button>
            </div>
          )}
          <div className={styles.links}>
            <button type="button" className={styles.textButton} onClick={() => setMode('forgot')}>
              {t('signin.forgot')}
            </button>
          </div>
        </>
      )}
      {wechat && (
        <div className="login-form__wechat">
          {wechatConsentPending && <p className={styles.wechatPending}>{t('signin.wechatConsentPending')}</p>}
          <Button block fill="outline" color="success" size="large" onClick={() => void wechatLogin()}>
            {t('login.wechat')}
          </Button>
        </div>
      )}
      {consent}
    </div>
  );
}

/** The password grant is locked: refused with A0429, or the wrong password that used the last try. */
function isPasswordLock(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.data as { triesLeft?: unknown } | null;
  return error.code === 'A0429' || data?.triesLeft === 0;
}
