import { Badge } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { unreadMessageCount } from '../../api/messages.ts';
import { useT } from '../../i18n/index.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { tokenAtom } from '../../session/atoms.ts';
import { badgeText } from '../ui/badge.ts';
import ui from '../ui/ui.module.css';

const icon = (d: string): ReactNode => (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

/** The four sections a customer moves between; "我的" needs a sign-in (the guard asks for it). */
export const TABS: { path: string; label: MessageKey; icon: ReactNode }[] = [
  { path: '/index', label: 'tab.home', icon: icon('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z') },
  {
    path: '/know/index',
    label: 'tab.know',
    icon: icon('M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2zM4 5v16M8 7h6M8 11h6'),
  },
  { path: '/claim/index', label: 'tab.claim', icon: icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4') },
  {
    path: '/help/person',
    label: 'tab.mine',
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6'),
  },
];

export function isTabPath(pathname: string): boolean {
  return TABS.some((tab) => tab.path === pathname);
}

const MINE = '/help/person';

/**
 * The member's unread messages, asked again on every navigation between the section pages (the
 * only pages with the tab bar), so messages read meanwhile stop counting; none signed out.
 */
function useUnreadCount(): number {
  const token = useAtomValue(tokenAtom);
  const { pathname } = useLocation();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!token) {
      setUnread(0);
      return undefined;
    }
    let current = true;
    unreadMessageCount().then(
      (count) => current && setUnread(count),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token, pathname]);
  return unread;
}

/** Bottom navigation of the section pages, above the home indicator (safe-area inset). */
export function TabBar() {
  const t = useT();
  const unread = useUnreadCount();
  const badge = badgeText(unread);
  return (
    <nav className="app-tabbar" aria-label={t('app.name')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          to={tab.path}
          replace
          className={({ isActive }) => `app-tabbar__item${isActive ? ' is-active' : ''}`}
        >
          {/* The badge's figure is drawn only: the count is said after the tab's name, whose visible text stays its start. */}
          <span className="app-tabbar__icon" aria-hidden="true">
            {tab.path === MINE && badge ? (
              <Badge content={badge} data-testid="tab-unread">
                {tab.icon}
              </Badge>
            ) : (
              tab.icon
            )}
          </span>
          <span>{t(tab.label)}</span>
          {tab.path === MINE && badge && <span className={ui.unseen}>{t('tab.unread', { n: unread })}</span>}
        </NavLink>
      ))}
    </nav>
  );
}
