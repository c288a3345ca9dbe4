import { Form, Input } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { isValidMobile } from '#shared/identity.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';
import { changeMobile, changePassword } from '../../../api/account.ts';
import styles from '../member.module.css';
import { SmsCodeButton, SmsCodeCells } from '../../../components/ui/sms-code.tsx';

/** The server's password rule (error A0120): 8–32 characters with letters and digits. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{8,32}$/;
const CODE_PATTERN = /^\d{6}$/;

function useMobileRule() {
  const t = useT();
  return {
    validator: async (_r: unknown, v: string | undefined) => {
      if (!isValidMobile(v ?? '')) throw new Error(t('person.mobile.format'));
    },
  };
}

/** 修改手机号: a code to the new number (`sms/mobile`), then `members/me/mobile`. */
export function ChangeMobileForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const setUser = useSetAtom(userAtom);
  const [saving, setSaving] = useState(false);
  const mobileRule = useMobileRule();

  const finish = async (v: { mobile: string; code: string }) => {
    setSaving(true);
    try {
      setUser(await changeMobile({ mobile: v.mobile.trim(), code: v.code.trim() }));
      showSuccessToast(t('setting.mobile.done'));
      onDone();
    } catch {
      // Refused: the API client has shown the server's reason (api/call-failures.ts); the form stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.form}>
      <h2 className={styles.formTitle}>{t('setting.mobile.title')}</h2>
      <Form
        form={form}
        layout="horizontal"
        onFinish={finish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            {t('common.confirm')}
          </Button>
        }
      >
        <Form.Item
          name="mobile"
          label={t('setting.mobile.new')}
          layout="vertical"
          required
          validateTrigger="onBlur"
          rules={[mobileRule]}
          extra={<SmsCodeButton type="mobile" phone={mobile} />}
        >
          <Input type="tel" inputMode="numeric" maxLength={11} placeholder={t('person.mobile.placeholder')} clearable />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('setting.mobile.code')}
          layout="vertical"
          required
          validateTrigger="onSubmit"
          rules={[
            { pattern: CODE_PATTERN, message: t('setting.mobile.codeFormat') },
            { required: true, message: t('setting.mobile.codeFormat') },
          ]}
        >
          <SmsCodeCells label={t('setting.mobile.codePlaceholder')} />
        </Form.Item>
      </Form>
    </div>
  );
}

interface PasswordValues {
  oldPassword?: string;
  mobile?: string;
  code?: string;
  newPassword: string;
  confirm: string;
}

/**
 * 修改密码: with the old password, or, for a member who signed up through WeChat and has none, with
 * a `bind` code sent to their own mobile. Other devices are signed out; this one stays.
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [user, setUser] = useAtom(userAtom);
  const hasPassword = user?.hasPassword === true;
  const [form] = Form.useForm<PasswordValues>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const [saving, setSaving] = useState(false);
  const mobileRule = useMobileRule();

  const finish = async (v: PasswordValues) => {
    setSaving(true);
    try {
      await changePassword(
        hasPassword
          ? { oldPassword: v.oldPassword ?? '', newPassword: v.newPassword }
          : { code: (v.code ?? '').trim(), newPassword: v.newPassword },
      );
      // A first password: from now on the account has one (changed with the old one next time).
      if (!hasPassword) setUser((u) => (u ? { ...u, hasPassword: true } : u));
      showSuccessToast(t('setting.password.done'));
      onDone();
    } catch {
      // Refused: the API client has shown the server's reason (api/call-failures.ts); the form stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.form}>
      <h2 className={styles.formTitle}>{t(hasPassword ? 'setting.password.title' : 'setting.password.setTitle')}</h2>
      {!hasPassword && <Hint>{t('setting.password.byCode')}</Hint>}
      <Form
        form={form}
        layout="horizontal"
        onFinish={finish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            {t('common.confirm')}
          </Button>
        }
      >
        {hasPassword ? (
          <Form.Item
            name="oldPassword"
            label={t('setting.password.old')}
            rules={[{ required: true, message: t('setting.password.oldRequired') }]}
          >
            <Input type="password" autoComplete="current-password" placeholder={t('setting.password.oldPlaceholder')} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="mobile"
              label={t('setting.password.ownMobile')}
              layout="vertical"
              required
              validateTrigger="onBlur"
              rules={[mobileRule]}
              extra={<SmsCodeButton type="bind" phone={mobile} />}
            >
              <Input
                type="tel"
                inputMode="numeric"
                maxLength={11}
                placeholder={user?.mobile || t('person.mobile.placeholder')}
                clearable
              />
            </Form.Item>
            <Form.Item
              name="code"
              label={t('setting.mobile.code')}
              layout="vertical"
              required
              validateTrigger="onSubmit"
              rules={[
                { pattern: CODE_PATTERN, message: t('setting.mobile.codeFormat') },
                { required: true, message: t('setting.mobile.codeFormat') },
              ]}
            >
              <SmsCodeCells label={t('setting.mobile.codePlaceholder')} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="newPassword"
          label={t('setting.password.new')}
          required
          validateTrigger="onBlur"
          rules={[
            { pattern: PASSWORD_PATTERN, message: t('setting.password.rule') },
            { required: true, message: t('setting.password.rule') },
          ]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('setting.password.rule')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('setting.password.confirm')}
          required
          dependencies={['newPassword']}
          validateTrigger="onBlur"
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                if (v !== getFieldValue('newPassword')) throw new Error(t('setting.password.mismatch'));
              },
            }),
          ]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('setting.password.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </div>
  );
}
