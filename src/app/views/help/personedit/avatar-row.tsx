import { List } from 'antd-mobile';
import { MemberAvatar } from '../../../components/member/member-avatar.tsx';
import { useAtom } from 'jotai';
import { useRef, useState } from 'react';
import {
  clearLoadingToast,
  showErrorToast,
  showLoadingToast,
  showSuccessToast,
} from '../../../components/shell/toast.ts';
import { useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';
import { removeAvatar, uploadAvatar } from '../../../api/account.ts';
import { acceptablePick, isUploadedAvatar, prepareAvatar } from './avatar-image.ts';
import styles from './personedit.module.css';

/**
 * 头像: tap to pick a photo, which is squared and compressed here and uploaded
 * (`PUT members/me/avatar`); the session's profile follows the answer, so 我的 and 主体信息 show it.
 */
export function AvatarRow() {
  const t = useT();
  const [user, setUser] = useAtom(userAtom);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const picked = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!acceptablePick(file)) {
      showErrorToast(t('avatar.notImage'));
      return;
    }
    setBusy(true);
    try {
      showLoadingToast(t('avatar.preparing'));
      let square: File;
      try {
        square = await prepareAvatar(file);
      } catch {
        clearLoadingToast();
        showErrorToast(t('avatar.unreadable'));
        return;
      }
      showLoadingToast(t('avatar.uploading'));
      try {
        setUser(await uploadAvatar(square));
      } finally {
        clearLoadingToast();
      }
      showSuccessToast(t('avatar.updated'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      setUser(await removeAvatar());
      showSuccessToast(t('avatar.removed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <List className={styles.avatarList}>
      <List.Item
        arrow
        disabled={busy}
        onClick={() => input.current?.click()}
        extra={<MemberAvatar src={user?.avatar} className={styles.avatar} />}
      >
        {t('avatar.label')}
      </List.Item>
      {isUploadedAvatar(user?.avatar) && (
        <List.Item disabled={busy} onClick={remove} className={styles.remove}>
          {t('avatar.remove')}
        </List.Item>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        data-testid="avatar-input"
        onChange={(e) => void picked(e.target.files?.[0])}
      />
    </List>
  );
}
