import { CenterPopup } from 'antd-mobile';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';
import { loginDialogAtom } from '../../session/atoms.ts';
import { reloadView } from './reload.ts';
import { LoginForm } from './login-form.tsx';

function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/index';
}

/**
 * The global sign-in dialog (spec §4; role dialog, named 登录): opened 1 s after a failed refresh,
 * or on the home page when the guard asked for a sign-in outside WeChat. After sign-in it goes to
 * the wanted page, or reloads the current view so that its data is fetched with the new token.
 */
export default function LoginDialogContent() {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useAtom(loginDialogAtom);
  const close = () => setState({ open: false });
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);

  // The dialog belongs to the page it opened on: leaving that page closes it.
  useEffect(() => {
    if (!state.open) openedOn.current = null;
    else if (openedOn.current === null) openedOn.current = pathname;
    else if (openedOn.current !== pathname) setState({ open: false });
  }, [pathname, state.open, setState]);

  function signedIn() {
    const target = state.redirect;
    setState({ open: false });
    if (target) navigate(target, { replace: true });
    else reloadView();
  }

  return (
    <CenterPopup
      visible={state.open}
      onMaskClick={close}
      destroyOnClose
      role="dialog"
      aria-label={t('login.title')}
      className="login-dialog"
    >
      <div className="login-dialog__head">
        <h2 className="login-dialog__title">{t('login.title')}</h2>
        <button
          type="button"
          className="login-dialog__close"
          aria-label={t('login.close')}
          data-dialog-close
          onClick={close}
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="login-dialog__subtitle">{t('login.subtitle')}</p>
      {state.open && <LoginForm onSuccess={signedIn} wechatTarget={state.redirect ?? currentRoute()} />}
    </CenterPopup>
  );
}
