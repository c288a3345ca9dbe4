import { cleanup, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadDictionaries } from '../i18n/index.ts';

/*
 * Helpers for view tests. Importing this file also loads the dictionaries (they load lazily in
 * the app) and unmounts what each test rendered.
 */
beforeAll(async () => {
  await loadDictionaries('zh-cn');
  await loadDictionaries('pl');
});
afterEach(() => {
  cleanup();
  // antd-mobile's imperative Toast and Dialog render in roots of their own, which cleanup does not know.
  Toast.clear();
  Dialog.clear();
});
/*
 * Let those roots finish their closing animations and unmount before the environment goes: React
 * work scheduled after it would throw "window is not defined". On a busy machine that takes a while.
 */
afterAll(async () => {
  const open = () => document.querySelectorAll('.adm-toast-mask, .adm-dialog, .adm-mask, .adm-popup').length;
  for (let waited = 0; open() > 0 && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
});

type Store = ReturnType<typeof createStore>;

/** Renders a view as the router would: inside a jotai store and a router at `path`. */
export function renderView(
  ui: ReactElement,
  { store = createStore(), path = '/' }: { store?: Store; path?: string } = {},
) {
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Provider>,
    ),
  };
}
