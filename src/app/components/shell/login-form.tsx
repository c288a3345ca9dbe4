import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { signInWith } from '../../session/sign-in.ts';
import { startWebOAuth } from '../../wechat/oauth.ts';
import { useWechatLoginAvailable } from './use-wechat-login.ts';

interface Fields {
  username: string;
  password: string;
}

interface LoginFormProps {
  onSuccess: () => void;
  /** Route to land on after WeChat sign-in (defaults to the current route). */
  wechatTarget?: string;
}

/**
 * Member username/password sign-in (grant member_password) and, where WeChat OAuth is possible,
 * "微信登录". Used by /loginIndex and by the global sign-in dialog.
 */
export function LoginForm({ onSuccess, wechatTarget }: LoginFormProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const wechat = useWechatLoginAvailable();

  async function submit(fields: Fields) {
    setBusy(true);
    try {
      await signInWith({ grant_type: 'member_password', username: fields.username.trim(), password: fields.password });
      Toast.show({ content: t('login.success'), icon: 'success' });
      onSuccess();
    } catch {
      // The client has shown the server's message (e.g. 用户名或密码错误).
    } finally {
      setBusy(false);
    }
  }

  function wechatLogin() {
    Toast.show({ content: t('login.redirecting'), icon: 'loading', duration: 0 });
    startWebOAuth(wechatTarget).catch(() => Toast.clear());
  }

  return (
    <div className="login-form">
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
        <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
          <Input placeholder={t('login.usernamePlaceholder')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input placeholder={t('login.passwordPlaceholder')} type="password" autoComplete="current-password" clearable />
        </Form.Item>
      </Form>
      {wechat && (
        <div className="login-form__wechat">
          <Button block fill="outline" color="success" size="large" onClick={wechatLogin}>
            {t('login.wechat')}
          </Button>
        </div>
      )}
      <p className="login-form__agreement">{t('login.agreement')}</p>
    </div>
  );
}
