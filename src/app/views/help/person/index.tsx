import { Badge, List, Tag } from 'antd-mobile';
import { MemberAvatar } from '../../../components/member/member-avatar.tsx';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { EntryGrid } from '../../../components/ui/entry-grid.tsx';
import { ICONS } from '../../../components/ui/icons.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { getPersonCounts } from '../../../api/person-counts.ts';
import { useT } from '../../../i18n/index.ts';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import { useDisplayName, useRoleLabels } from '../../../components/member/profile-text.ts';
import { allowedHelpPages, HELP_PAGES } from '../help-menu.ts';
import uiStyles from '../../../components/ui/ui.module.css';
import styles from '../help.module.css';
import { JoinCompanyCard } from '../department/join-card.tsx';
import { badgeText } from '../../../components/ui/badge.ts';

/** My centre: who I am, my counts and the help pages my roles open. */
export default function PersonView() {
  const t = useT();
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  const counts = useRemote(async () => {
    const result = await getPersonCounts();
    setUser(result.profile);
    return result;
  }, [setUser]);
  const user = useAtomValue(userAtom);
  const roles = useAtomValue(rolesAtom) ?? [];
  const name = useDisplayName(user);
  const roleLabels = useRoleLabels(roles);

  // Placeholders (null) until the numbers arrive: a 0 shown while loading would be untrue.
  const figures = counts.data;
  const stats = [
    {
      key: 'order',
      label: t('person.stat.orders'),
      value: figures ? figures.orders : null,
      onClick: () => navigate('/help/order'),
    },
    {
      key: 'policy',
      label: t('person.stat.policies'),
      value: figures ? figures.policies : null,
      onClick: () => navigate('/policy/index'),
    },
    {
      key: 'draft',
      label: t('person.stat.drafts'),
      value: figures ? figures.drafts : null,
      onClick: () => navigate('/help/draft'),
    },
    {
      key: 'message',
      label: t('person.stat.unread'),
      value: figures ? (badgeText(figures.unread) ?? 0) : null,
      onClick: () => navigate('/member/message'),
    },
  ];
  const shortcuts = allowedHelpPages(roles).map((path) => ({
    key: path,
    label: t(HELP_PAGES[path].label),
    icon: ICONS[HELP_PAGES[path].icon],
    tone: HELP_PAGES[path].tone,
    onClick: () => navigate(`/help/${path}`),
  }));

  return (
    <ViewPage>
      <JoinCompanyCard />
      <div className={styles.profileCard}>
        <button type="button" className={styles.profile} onClick={() => navigate('/member/info')}>
          <MemberAvatar src={user?.avatar} className={styles.avatar} />
          <span className={styles.profileText}>
            <span className={styles.profileName}>{name}</span>
            <span className={styles.profileRoles}>
              {roleLabels.map((r) => (
                <Tag key={r} round color="rgba(255,255,255,0.22)">
                  {r}
                </Tag>
              ))}
            </span>
          </span>
        </button>
        <div className={styles.statsCard}>
          <StatTiles stats={stats} />
        </div>
      </div>
      <SectionCard title={t('person.shortcuts')} flush aria-label={t('person.shortcuts')}>
        <EntryGrid entries={shortcuts} />
      </SectionCard>
      <SectionCard flush>
        <List>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.user}</span>}
            onClick={() => navigate('/member/info')}
          >
            {t('person.link.info')}
          </List.Item>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.bell}</span>}
            extra={<Badge content={badgeText(counts.data?.unread ?? 0)} data-testid="message-badge" />}
            onClick={() => navigate('/member/message')}
          >
            {t('person.link.message')}
          </List.Item>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.lock}</span>}
            onClick={() => navigate('/member/setting')}
          >
            {t('person.link.setting')}
          </List.Item>
        </List>
      </SectionCard>
    </ViewPage>
  );
}
