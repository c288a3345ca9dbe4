import { List, Tag } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { maskMobile } from '#shared/identity.ts';
import { getWechatBindings } from '../../../api/account.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { beijingMinute } from '#shared/beijing-time.ts';
import { useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';

/** 账号与安全: the ways this account signs in (username and password, WeChat, mobile). */
export default function AccountView() {
  const t = useT();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const bindings = useRemote(getWechatBindings, []);
  const hasPassword = user?.hasPassword === true;
  const dash = t('member.notSet');

  return (
    <ViewPage>
      <SectionCard title={t('account.password')} flush>
        <List>
          <List.Item extra={user?.username || dash}>{t('member.info.username')}</List.Item>
          <List.Item
            extra={<Tag color={hasPassword ? 'success' : 'default'} fill="outline">{t(hasPassword ? 'account.set' : 'account.unset')}</Tag>}
            onClick={() => navigate('/member/setting')}
          >
            {t('account.loginPassword')}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title={t('account.wechat')} flush>
        <List>
          {bindings.data && bindings.data.length > 0 ? (
            bindings.data.map((b) => (
              <List.Item
                key={`${b.kind}-${b.appId}`}
                description={t('account.boundAt', { time: beijingMinute(b.boundAt) })}
                extra={<Tag color="success" fill="outline">{t('member.wechat.bound')}</Tag>}
              >
                {t(b.kind === 'web' ? 'account.wechatWeb' : 'account.wechatMp')}{b.nickname ? ` · ${b.nickname}` : ''}
              </List.Item>
            ))
          ) : (
            <List.Item extra={<Tag fill="outline">{t('member.wechat.unbound')}</Tag>} description={t('account.wechatHint')}>
              {t('account.wechat')}
            </List.Item>
          )}
        </List>
      </SectionCard>
      <SectionCard title={t('account.mobile')} flush>
        <List>
          <List.Item extra={user?.mobile ? maskMobile(user.mobile) : dash} onClick={() => navigate('/member/setting')}>
            {t('member.info.mobile')}
          </List.Item>
        </List>
        <Hint>{t('account.mobileHint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
