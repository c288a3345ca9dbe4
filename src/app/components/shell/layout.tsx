import { useAtomValue } from 'jotai';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';
import { hasHostTitleBar } from '../../wechat/env.ts';
import { viewVisibleAtom } from './reload.ts';
import { useRouteHandle, useRouteTitle } from './route-title.ts';
import { isTabPath, TabBar } from './tab-bar.tsx';

const HOME = '/index';

/** Back within the app's history; a page opened directly (shared link) goes back to home instead. */
function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(HOME, { replace: true });
  };
}

/**
 * The page shell (`Layout` of the route table): header with the route's title and a back button,
 * the routed view, and the tab bar on section pages. Views render content only. Inside WeChat the
 * header is left out: WeChat's own title bar shows the title (document.title, set by the frame)
 * and has its own back button.
 */

/**
 * The page a visit opens at appears without the enter animation: it comes from no other page, and
 * a fade-in from transparent would hold its content back (its largest paint waited for the fade,
 * docs/decisions/first-screen-data.md). Every page after it enters animated, as before.
 */
let openingPath: string | null = null;
let navigated = false;
function afterFirstPage(pathname: string): boolean {
  openingPath ??= pathname;
  if (pathname !== openingPath) navigated = true;
  return navigated;
}
export function ShellLayout() {
  const t = useT();
  const handle = useRouteHandle();
  const title = useRouteTitle(handle);
  const { pathname, search } = useLocation();
  const visible = useAtomValue(viewVisibleAtom);
  const back = useBack();
  const tabs = isTabPath(pathname);

  // Section pages (tab bar) are roots: no back button there; a view inside one (`?claimId=`…) has one.
  const backButton =
    pathname === HOME || (tabs && !search) ? null : (
      <button type="button" className="app-header__back" aria-label={t('nav.back')} onClick={back}>
        <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
          <path
            d="M15 4l-8 8 8 8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    );

  const header = hasHostTitleBar() ? null : (
    <header className="app-header">
      {/* Plain markup, not antd's NavBar: its left slot has role=button, which nested our back button. */}
      <div className="app-header__bar">
        <div className="app-header__side">{backButton}</div>
        <h1 className="app-header__title">{title}</h1>
        <div className="app-header__side" />
      </div>
    </header>
  );

  return (
    <div className={`app-layout${tabs ? ' app-layout--tabs' : ''}`}>
      {header}
      <main
        className={`app-main${handle?.noTransition || !afterFirstPage(pathname) ? '' : ' app-main--enter'}`}
        key={pathname}
      >
        {visible && <Outlet />}
      </main>
      {tabs && <TabBar />}
    </div>
  );
}
