import { List, Tag } from 'antd-mobile';
import { MemberAvatar } from '../../../components/member/member-avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { maskMobile } from '#shared/identity.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import { getOpenUser } from '../../../api/open-user.ts';
import { useDisplayName, useRoleLabels } from '../../../components/member/profile-text.ts';
import styles from '../member.module.css';

/** 主体信息: the account (from the session) and the personal details of the open-user record. */
export default function AccountInfoView() {
  const t = useT();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const roles = useRoleLabels(useAtomValue(rolesAtom) ?? []);
  const name = useDisplayName(user);
  const openUser = useRemote(getOpenUser, []);
  const details = openUser.data;
  const dash = t('member.notSet');
  const wechatBound = user?.wechatBound === true;

  return (
    <ViewPage>
      <SectionCard title={t('member.info.account')} flush>
        <List>
          <List.Item extra={<MemberAvatar src={user?.avatar} className={styles.avatar} />}>
            {t('member.info.avatar')}
          </List.Item>
          <List.Item extra={name}>{t('member.info.nickname')}</List.Item>
          <List.Item extra={user?.username || dash}>{t('member.info.username')}</List.Item>
          <List.Item extra={user?.mobile ? maskMobile(user.mobile) : dash}>{t('member.info.mobile')}</List.Item>
          <List.Item
            extra={
              <span className={styles.tags}>
                {roles.map((r) => (
                  <Tag key={r} color="primary" fill="outline">
                    {r}
                  </Tag>
                ))}
              </span>
            }
          >
            {t('member.info.roles')}
          </List.Item>
          <List.Item
            extra={wechatBound ? t('member.wechat.bound') : t('member.wechat.unbound')}
            onClick={() => navigate('/help/account')}
          >
            {t('member.info.wechat')}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title={t('member.info.personal')} flush>
        <List>
          <List.Item extra={details?.realName || dash}>{t('member.info.realName')}</List.Item>
          <List.Item extra={details ? t(`member.gender.${details.gender}`) : dash}>{t('member.info.gender')}</List.Item>
          <List.Item extra={details?.birthday || dash}>{t('member.info.birthday')}</List.Item>
          <List.Item extra={details?.email || dash}>{t('member.info.email')}</List.Item>
          <List.Item extra={details?.region || dash}>{t('member.info.region')}</List.Item>
          <List.Item extra={details?.address || dash}>{t('member.info.address')}</List.Item>
        </List>
      </SectionCard>
      <Button block color="primary" size="large" onClick={() => navigate('/help/personedit')}>
        {t('member.info.edit')}
      </Button>
    </ViewPage>
  );
}
