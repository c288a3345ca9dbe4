import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { configureJssdk } from '../../wechat/jssdk.ts';
import { LoginDialog } from './login-dialog.tsx';
import { SnackbarHost, useOfflineNotice } from './snackbar-host.tsx';
import { clearToastsOnNavigation } from './toast.ts';
import { useRouteHandle, useRouteTitle } from './route-title.ts';
import { useProgressBar } from './use-progress-bar.ts';
import { useSignInRequest } from './use-sign-in-request.ts';

/** Every navigation starts at the top of the page (spec §2). */
function useScrollToTop(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/** A toast belongs to the page it was shown on: leaving the page takes it away. */
function useToastsClearedOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    clearToastsOnNavigation();
  }, [pathname]);
}

/** Android WeChat signs JS-SDK pages by the current URL: sign again when it changed. */
function useJssdkSignature(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void configureJssdk();
  }, [pathname]);
}

/** The document title (WeChat shows it in its own title bar) follows the route, on every page. */
function useDocumentTitle(): void {
  const title = useRouteTitle(useRouteHandle());
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The root route's element: what every page shares, above the per-route layout. */
export function AppFrame() {
  useProgressBar();
  useScrollToTop();
  useToastsClearedOnNavigation();
  useSignInRequest();
  useJssdkSignature();
  useDocumentTitle();
  useOfflineNotice();
  return (
    <>
      <Outlet />
      <LoginDialog />
      <SnackbarHost />
    </>
  );
}
