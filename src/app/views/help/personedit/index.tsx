import { DatePicker, Form, Input } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { beijingToday, pickedDay, pickerDate } from '#shared/beijing-time.ts';
import type { OpenUser, OpenUserUpdate } from '#shared/session.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';
import { updateProfile } from '../../../api/account.ts';
import { getOpenUser, updateOpenUser } from '../../../api/open-user.ts';
import { AvatarRow } from './avatar-row.tsx';
import styles from '../help.module.css';
import { SingleSelector } from '../../../components/ui/single-selector.tsx';

const GENDERS = ['male', 'female', 'unknown'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NICKNAME_MAX = 20;

/** The server's rule (NicknameSchema of #shared/session.ts), checked before sending. */
function nicknameOk(value: string): boolean {
  const v = value.trim();
  return v.length > 0 && [...v].length <= NICKNAME_MAX;
}

interface PersonalValues {
  realName: string;
  gender: string[];
  birthday: string | null;
  email: string | null;
  region: string;
  address: string;
}

/** Shows the picked date inside a Form.Item (which passes `value`); the picker sets it. */
function DateValue({ value, placeholder }: { value?: string | null; placeholder: string }) {
  return <span className={value ? undefined : styles.placeholder}>{value || placeholder}</span>;
}

/** The open-user fields (`PUT open/user`), saved for real. */
function PersonalForm({ initial, onSaved }: { initial: OpenUser; onSaved: (u: OpenUser) => void }) {
  const t = useT();
  const [form] = Form.useForm<PersonalValues>();
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const birthday = Form.useWatch('birthday', form) as string | null | undefined;

  const save = async (v: PersonalValues) => {
    setSaving(true);
    try {
      const patch: OpenUserUpdate = {
        realName: v.realName ?? '',
        gender: (v.gender?.[0] ?? 'unknown') as OpenUser['gender'],
        birthday: v.birthday || null,
        email: v.email || null,
        region: v.region ?? '',
        address: v.address ?? '',
      };
      onSaved(await updateOpenUser(patch));
      showSuccessToast(t('personedit.saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      initialValues={{ ...initial, gender: [initial.gender] }}
      onFinish={save}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item
        name="realName"
        label={t('member.info.realName')}
        rules={[{ max: 50, message: t('personedit.tooLong', { n: 50 }) }]}
      >
        <Input placeholder={t('personedit.realNamePlaceholder')} clearable />
      </Form.Item>
      <Form.Item name="gender" label={t('member.info.gender')}>
        <SingleSelector columns={3} options={GENDERS.map((g) => ({ value: g, label: t(`member.gender.${g}`) }))} />
      </Form.Item>
      <Form.Item name="birthday" label={t('member.info.birthday')} onClick={() => setPicking(true)} arrow>
        <DateValue placeholder={t('personedit.pickDate')} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('member.info.email')}
        rules={[{ pattern: EMAIL, message: t('personedit.emailFormat') }]}
        validateTrigger="onBlur"
      >
        <Input type="email" placeholder="name@example.com" clearable />
      </Form.Item>
      <Form.Item
        name="region"
        label={t('member.info.region')}
        rules={[{ max: 100, message: t('personedit.tooLong', { n: 100 }) }]}
      >
        <Input placeholder={t('personedit.regionPlaceholder')} clearable />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('member.info.address')}
        rules={[{ max: 200, message: t('personedit.tooLong', { n: 200 }) }]}
      >
        <Input placeholder={t('personedit.addressPlaceholder')} clearable />
      </Form.Item>
      <DatePicker
        visible={picking}
        onClose={() => setPicking(false)}
        min={new Date(1900, 0, 1)}
        max={pickerDate(beijingToday())}
        value={birthday ? pickerDate(birthday) : undefined}
        onConfirm={(d) => form.setFieldValue('birthday', pickedDay(d))}
        title={t('member.info.birthday')}
      />
    </Form>
  );
}

/** Nickname (`PUT members/me`); the session's profile follows the answer. The avatar is uploaded by AvatarRow. */
function AccountForm() {
  const t = useT();
  const [user, setUser] = useAtom(userAtom);
  const [saving, setSaving] = useState(false);

  const save = async (v: { nickname: string }) => {
    setSaving(true);
    try {
      setUser(await updateProfile({ nickname: v.nickname.trim() }));
      showSuccessToast(t('personedit.saved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      layout="horizontal"
      initialValues={{ nickname: user?.nickname ?? '' }}
      onFinish={save}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item
        name="nickname"
        label={t('member.info.nickname')}
        required
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              if (!nicknameOk(v ?? '')) throw new Error(t('personedit.nicknameRule'));
            },
          },
        ]}
      >
        <Input placeholder={t('personedit.nicknameRule')} clearable />
      </Form.Item>
    </Form>
  );
}

/** 编辑资料: the account's nickname and avatar, and the personal details of the open-user record. */
export default function PersonEditView() {
  const t = useT();
  const openUser = useRemote(getOpenUser, []);
  const [saved, setSaved] = useState<OpenUser | null>(null);
  const current = saved ?? openUser.data;

  return (
    <ViewPage>
      <SectionCard title={t('personedit.account')} flush>
        <AvatarRow />
        <AccountForm />
        <Hint>{t('avatar.hint')}</Hint>
      </SectionCard>
      <SectionCard title={t('member.info.personal')} flush>
        {current ? (
          <PersonalForm key={current.updatedAt} initial={current} onSaved={setSaved} />
        ) : (
          <Hint>{t(openUser.error ? 'common.loadFailed' : 'common.loading')}</Hint>
        )}
      </SectionCard>
    </ViewPage>
  );
}
