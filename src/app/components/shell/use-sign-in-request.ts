import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { translate, languageAtom } from '../../i18n/index.ts';
import { loginDialogAtom, tokenAtom } from '../../session/atoms.ts';
import { store } from '../../store.ts';
import { autoWebOAuth, startWebOAuth } from '../../wechat/oauth.ts';
import { clearLoadingToast, showLoadingToast } from './toast.ts';

/** Only routes of this app: `/…`, never `//host` or an absolute address. */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * The guard sends visitors without a token to /login?redirect=… (→ /index?redirect=…). Here the
 * sign-in starts: inside WeChat the web OAuth (unless it just failed or was refused), elsewhere the
 * global sign-in dialog over the home page. A visitor who has a token by now goes straight on.
 */
export function useSignInRequest(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const openDialog = useSetAtom(loginDialogAtom);

  useEffect(() => {
    if (location.pathname !== '/index') return;
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    if (!target) return;
    if (store.get(tokenAtom)) {
      navigate(target, { replace: true });
      return;
    }
    if (autoWebOAuth()) {
      showLoadingToast(translate(store.get(languageAtom), 'login.redirecting'));
      startWebOAuth(target).catch(() => {
        clearLoadingToast();
        openDialog({ open: true, redirect: target });
      });
      return;
    }
    openDialog({ open: true, redirect: target });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per navigation
}
