import { Button, Form, Input, NoticeBar } from 'antd-mobile';
import { isValidMobile } from '#shared/identity.ts';
import { SERVICE_HOTLINE } from '../../../components/ui/service-hotline.tsx';
import { useT } from '../../../i18n/index.ts';
import styles from '../member.module.css';

/** The server's password rule (error A0120): 8–32 characters with letters and digits. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)\S{8,32}$/;

/**
 * Changing the mobile (SMS code to the new number) and the password go through `members/me/mobile`
 * and `members/me/password`, which the account-security issue adds. Until then the forms check
 * what the user types and say plainly how to get it done now: through customer service.
 */
function NotOnlineYet() {
  const t = useT();
  return <NoticeBar wrap color="alert" content={t('setting.offline', { hotline: SERVICE_HOTLINE })} />;
}

export function ChangeMobileForm() {
  const t = useT();
  return (
    <div className={styles.form}>
      <h2 className={styles.formTitle}>{t('setting.mobile.title')}</h2>
      <NotOnlineYet />
      <Form
        layout="horizontal"
        footer={<Button block color="primary" size="large" disabled>{t('common.confirm')}</Button>}
      >
        <Form.Item
          name="mobile"
          label={t('setting.mobile.new')}
          validateTrigger="onBlur"
          rules={[{ validator: async (_r, v: string | undefined) => { if (!isValidMobile(v ?? '')) throw new Error(t('person.mobile.format')); } }]}
          extra={<Button size="small" fill="none" disabled>{t('setting.mobile.sendCode')}</Button>}
        >
          <Input type="tel" inputMode="numeric" maxLength={11} placeholder={t('person.mobile.placeholder')} clearable />
        </Form.Item>
        <Form.Item name="code" label={t('setting.mobile.code')}>
          <Input inputMode="numeric" maxLength={6} placeholder={t('setting.mobile.codePlaceholder')} disabled />
        </Form.Item>
      </Form>
    </div>
  );
}

export function ChangePasswordForm() {
  const t = useT();
  return (
    <div className={styles.form}>
      <h2 className={styles.formTitle}>{t('setting.password.title')}</h2>
      <NotOnlineYet />
      <Form
        layout="horizontal"
        footer={<Button block color="primary" size="large" disabled>{t('common.confirm')}</Button>}
      >
        <Form.Item name="oldPassword" label={t('setting.password.old')} rules={[{ required: true, message: t('setting.password.oldRequired') }]}>
          <Input type="password" autoComplete="current-password" placeholder={t('setting.password.oldPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('setting.password.new')}
          validateTrigger="onBlur"
          rules={[{ pattern: PASSWORD_PATTERN, message: t('setting.password.rule') }, { required: true, message: t('setting.password.rule') }]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('setting.password.rule')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('setting.password.confirm')}
          dependencies={['newPassword']}
          validateTrigger="onBlur"
          rules={[({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              if (v !== getFieldValue('newPassword')) throw new Error(t('setting.password.mismatch'));
            },
          })]}
        >
          <Input type="password" autoComplete="new-password" placeholder={t('setting.password.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </div>
  );
}
