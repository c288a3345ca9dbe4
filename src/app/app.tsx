import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { polishLocale, useDictionaryVersion } from './i18n/index.ts';
import type { AppRouter } from './router/instance.ts';
import { preferencesAtom } from './session/atoms.ts';
import { store } from './store.ts';

function Localised({ router }: { router: AppRouter }) {
  const { language, themeColor } = useAtomValue(preferencesAtom);
  useDictionaryVersion();
  const locale = (language === 'pl' && polishLocale()) || zhCN;

  useEffect(() => {
    // Imperative Toast/Dialog do not see ConfigProvider (docs/domain.md#antd-mobile).
    setDefaultConfig({ locale });
    document.documentElement.lang = language === 'pl' ? 'pl' : 'zh-CN';
  }, [locale, language]);

  useEffect(() => {
    document.documentElement.style.setProperty('--adm-color-primary', themeColor);
  }, [themeColor]);

  // Without transitions the route renders in one task, not time-sliced: the first screen paints
  // sooner on a slow phone (docs/decisions/router-without-transitions.md). No view suspends on a
  // navigation (the router loads a route's code before it renders it), so nothing else changes.
  return (
    <ConfigProvider locale={locale}>
      <RouterProvider router={router} useTransitions={false} />
    </ConfigProvider>
  );
}

/** The H5: one jotai store (shared with the ky client), antd-mobile locale, the hash router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <Provider store={store}>
      <Localised router={router} />
    </Provider>
  );
}
