import { List, Switch } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '#shared/notifications.ts';
import { fetchNotificationSettings, saveNotificationSettings } from '../../../api/notifications.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { languageAtom, useT } from '../../../i18n/index.ts';

/**
 * 微信通知: which kinds of message also reach the member in WeChat (docs/decisions/wechat-notification-choice.md).
 * Nothing is chosen until the member switches a kind on; without a WeChat sign-in the switches are
 * off and the section says why.
 */
export function NotificationSettingsSection() {
  const t = useT();
  const language = useAtomValue(languageAtom);
  const remote = useRemote(fetchNotificationSettings, []);
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [saving, setSaving] = useState<NotificationKind | null>(null);
  const settings = saved ?? remote.data;

  // Notifications are written in the language of the last save: a language change saves the choice again.
  const savedLanguage = useRef(language);
  useEffect(() => {
    if (savedLanguage.current === language) return;
    savedLanguage.current = language;
    if (settings?.kinds.length) void saveNotificationSettings(settings.kinds).then(setSaved, () => undefined);
  }, [language, settings]);

  async function toggle(kind: NotificationKind, on: boolean) {
    if (!settings) return;
    const kinds = on ? [...settings.kinds, kind] : settings.kinds.filter((k) => k !== kind);
    setSaving(kind);
    try {
      setSaved(await saveNotificationSettings(kinds));
    } catch {
      // The client has shown why; the switch stays as the server has it.
    } finally {
      setSaving(null);
    }
  }

  const bound = settings?.wechatBound === true;
  return (
    <SectionCard title={t('setting.notify.title')} aria-label={t('setting.notify.title')} flush>
      {settings && !bound && <Hint>{t('setting.notify.unbound')}</Hint>}
      <List>
        {NOTIFICATION_KINDS.map((kind) => (
          <List.Item
            key={kind}
            extra={
              <Switch
                aria-label={t(`setting.notify.kind.${kind}`)}
                checked={settings?.kinds.includes(kind) ?? false}
                disabled={!bound || saving !== null}
                loading={saving === kind}
                onChange={(on) => toggle(kind, on)}
              />
            }
          >
            {t(`setting.notify.kind.${kind}`)}
          </List.Item>
        ))}
      </List>
      {bound && <Hint>{t('setting.notify.hint')}</Hint>}
    </SectionCard>
  );
}
