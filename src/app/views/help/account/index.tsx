import { List, Tag } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { maskMobile } from '#shared/identity.ts';
import type { WechatKind } from '#shared/session.ts';
import { getWechatBinding } from '../../../api/account.ts';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { beijingMinute } from '#shared/beijing-time.ts';
import { useT } from '../../../i18n/index.ts';
import { userAtom } from '../../../session/atoms.ts';

/** WECHAT_KINDS of #shared/session.ts, written out so this page does not pull that module's zod schemas in. */
const WECHAT_KINDS: readonly WechatKind[] = ['web', 'cgi'];

/** The two WeChat identities an account may have (spec §7 `members/me/wechat/{web|cgi}`), each bound or not. */
const loadBindings = async () => {
  const [web, cgi] = await Promise.all([getWechatBinding('web'), getWechatBinding('cgi')]);
  return { web, cgi };
};

/** 账号与安全: the ways this account signs in (username and password, WeChat, mobile). */
export default function AccountView() {
  const t = useT();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const bindings = useRemote(loadBindings, []);
  const hasPassword = user?.hasPassword === true;
  const dash = t('member.notSet');

  return (
    <ViewPage>
      <SectionCard title={t('account.password')} flush>
        <List>
          <List.Item extra={user?.username || dash}>{t('member.info.username')}</List.Item>
          <List.Item
            extra={
              <Tag color={hasPassword ? 'success' : 'default'} fill="outline">
                {t(hasPassword ? 'account.set' : 'account.unset')}
              </Tag>
            }
            onClick={() => navigate('/member/setting')}
          >
            {t('account.loginPassword')}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title={t('account.wechat')} flush>
        <List>
          {WECHAT_KINDS.map((kind) => {
            const bound = bindings.data?.[kind];
            const name = t(kind === 'web' ? 'account.wechatWeb' : 'account.wechatMp');
            return (
              <List.Item
                key={kind}
                description={
                  bound
                    ? t('account.boundAt', { time: beijingMinute(bound.boundAt) })
                    : t(kind === 'web' ? 'account.wechatHint' : 'account.wechatMpHint')
                }
                extra={
                  bindings.loading && !bindings.data ? (
                    '…'
                  ) : (
                    <Tag color={bound ? 'success' : 'default'} fill="outline">
                      {t(bound ? 'member.wechat.bound' : 'member.wechat.unbound')}
                    </Tag>
                  )
                }
              >
                {name}
                {bound?.nickname ? ` · ${bound.nickname}` : ''}
              </List.Item>
            );
          })}
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
