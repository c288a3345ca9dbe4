// First: before any module builds a zod schema.
import './boot/zod-without-eval.ts';
import './styles/shell.css';
import './styles/elder.css';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { afterFirstScreen } from './boot/after-first-screen.ts';
import { isSignInCallback, startFirstScreenCalls } from './boot/first-screen-calls.ts';
import { onCallFailure } from './api/call-failures.ts';
import { watchLoginNeeded } from './components/shell/login-needed.ts';
import { showErrorToast } from './components/shell/toast.ts';
import { watchElderMode } from './components/elder/elder-mode.ts';
import { languageAtom, loadDictionaries } from './i18n/index.ts';
import { createAppRouter } from './router/router.tsx';
import { tokenAtom } from './session/atoms.ts';
import { store } from './store.ts';
import { installKeyboardFix } from './styles/keyboard.ts';
import { installLayers } from './styles/layers.ts';
import { installRootFontSize } from './styles/viewport.ts';
import { captureEntryUrl } from './wechat/env.ts';
import { installJssdkErrorHandler } from './wechat/jssdk.ts';
import { signInOnEntry } from './wechat/oauth.ts';
import { reportVisitAfterLoad } from './wechat/visit-beacon.ts';

installRootFontSize();
installLayers();
// Before the router or the sign-in touch the address: iOS WeChat signs by the landing URL.
captureEntryUrl();
installKeyboardFix();
installJssdkErrorHandler();
// A failed token refresh asks for a sign-in: the dialog opens 1 s later (login-needed.ts).
watchLoginNeeded(store);
// The client reports failed calls; the shell shows each in a toast (spec §8).
onCallFailure(showErrorToast);
// 长辈版 as stored (index.html's script drew the first paint so already), then as the profile says.
watchElderMode(store);

// The code exchange strips code/state from the address synchronously, before the router reads it.
// index.html's script started the first screen's calls (boot/early-start.ts); after a WeChat
// callback it sent the token call too and starts them with the new token. Without that script (the
// dev server), they start here as soon as the exchange is over, together.
const callbackHere = isSignInCallback() && !window.__entryGrant;
const entry = signInOnEntry();
if (callbackHere) void entry.then(() => startFirstScreenCalls(store.get(tokenAtom)));
// A promotion link's visit is reported after load and after the sign-in above (visit-beacon.ts).
reportVisitAfterLoad(entry);
const router = createAppRouter(entry);
// Dialogs' focus and the announcements of form errors (components/a11y): after the first screen.
// A phone that lost the network before the helpers came asks for them again once it is back.
const installHelpers = (): void => {
  import('./components/a11y/install.ts').then(
    (m) => m.installAccessibilityHelpers(),
    () => window.addEventListener('online', installHelpers, { once: true }),
  );
};
afterFirstScreen(router, installHelpers);
// antd-mobile's React 19 shim is not imported here: only the modules that open an imperative
// Toast/Dialog/Modal need it, and they import it themselves (docs/toolchain.md#antd-mobile-and-react-19).
const render = () => createRoot(document.getElementById('root')!).render(<App router={router} />);
// A Polish visitor gets the Polish texts before the first paint; Chinese ones are built in.
const language = store.get(languageAtom);
if (language === 'pl') loadDictionaries(language).then(render, render);
else render();
