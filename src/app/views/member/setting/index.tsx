import { Dialog, List, Popup, Switch } from 'antd-mobile';
import { ActionSheet } from '../../../components/ui/action-sheet.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { maskMobile } from '#shared/identity.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { LANGUAGE_NAMES } from '#shared/kept-names.ts';
import { ACCEPT_LANGUAGE } from '../../../api/accept-language.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { elderModeAtom } from '../../../components/elder/elder-mode.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { languageAtom, useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';
import { logout } from '../../../sign-in/sign-in.ts';
import styles from '../member.module.css';
import { ChangeMobileForm, ChangePasswordForm } from './credential-forms.tsx';
import { NotificationSettingsSection } from './notification-settings.tsx';

/** A language name in its own language, so a screen reader says it the way it is written. */
const languageName = (code: Language) => <span lang={ACCEPT_LANGUAGE[code]}>{LANGUAGE_NAMES[code]}</span>;

/** 账户设置: profile, mobile, password, WeChat notifications, language, 长辈版 and sign-out. */
export default function AccountSettingView() {
  const t = useT();
  const navigate = useNavigate();
  const [language, setLanguage] = useAtom(languageAtom);
  const [elder, setElder] = useAtom(elderModeAtom);
  const user = useAtomValue(userAtom);
  const hasPassword = user?.hasPassword === true;
  const [sheet, setSheet] = useState<'mobile' | 'password' | 'language' | 'logout' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const close = () => setSheet(null);

  return (
    <ViewPage>
      <SectionCard flush>
        <List>
          <List.Item onClick={() => navigate('/help/personedit')}>{t('setting.profile')}</List.Item>
          <List.Item
            extra={user?.mobile ? maskMobile(user.mobile) : t('member.notSet')}
            onClick={() => setSheet('mobile')}
          >
            {t('setting.mobile')}
          </List.Item>
          <List.Item onClick={() => setSheet('password')}>
            {t(hasPassword ? 'setting.password' : 'setting.password.setTitle')}
          </List.Item>
          <List.Item onClick={() => navigate('/help/account')}>{t('setting.security')}</List.Item>
        </List>
      </SectionCard>
      <NotificationSettingsSection />
      <SectionCard flush>
        <List>
          <List.Item extra={languageName(language)} onClick={() => setSheet('language')}>
            {t('setting.language')}
          </List.Item>
          <List.Item
            description={t('setting.elder.hint')}
            extra={<Switch aria-label={t('setting.elder')} checked={elder} onChange={(on) => void setElder(on)} />}
          >
            {t('setting.elder')}
          </List.Item>
        </List>
      </SectionCard>
      <Button
        block
        size="large"
        color="danger"
        fill="outline"
        className={styles.logout}
        onClick={() => setSheet('logout')}
      >
        {t('setting.logout')}
      </Button>

      <Popup
        visible={sheet === 'mobile'}
        onMaskClick={close}
        onClose={close}
        showCloseButton
        destroyOnClose
        bodyClassName={styles.sheet}
      >
        <ChangeMobileForm onDone={close} />
      </Popup>
      <Popup
        visible={sheet === 'password'}
        onMaskClick={close}
        onClose={close}
        showCloseButton
        destroyOnClose
        bodyClassName={styles.sheet}
      >
        <ChangePasswordForm onDone={close} />
      </Popup>
      <ActionSheet
        visible={sheet === 'language'}
        title={t('setting.language')}
        onClose={close}
        cancelText={t('common.cancel')}
        actions={LANGUAGES.map((code) => ({
          key: code,
          text: languageName(code),
          current: code === language,
          onClick: () => {
            setLanguage(code);
            close();
          },
        }))}
      />
      <Dialog
        visible={sheet === 'logout'}
        aria-label={t('setting.logoutConfirm')}
        content={t('setting.logoutConfirm')}
        onClose={close}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: close },
            {
              key: 'ok',
              text: t('setting.logout'),
              danger: true,
              bold: true,
              disabled: leaving,
              onClick: async () => {
                setLeaving(true);
                await logout();
              },
            },
          ],
        ]}
      />
    </ViewPage>
  );
}
