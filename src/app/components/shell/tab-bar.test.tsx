import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenAtom } from '../../session/atoms.ts';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../../views/testing.tsx';
import { TabBar } from './tab-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

function withUnread(count: () => number) {
  const { fetch, calls } = fakeFetch((_r, call) =>
    call.url.includes('/messages/unread-count') ? envelope({ count: count() }) : envelope(null),
  );
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('tab bar', () => {
  it('shows the unread messages on 我的, in its name too, for a signed-in member', async () => {
    withUnread(() => 3);
    const { store } = renderView(<TabBar />, { path: '/index' });
    store.set(tokenAtom, 'token');
    const mine = await screen.findByRole('link', { name: /我的.*3 条未读消息/ }, { timeout: 5000 });
    expect(mine.textContent).toContain('3');
  });

  it('asks again on the next navigation, so messages read meanwhile no longer count', async () => {
    let unread = 2;
    const calls = withUnread(() => unread);
    const { store, unmount } = renderView(<TabBar />, { path: '/index' });
    store.set(tokenAtom, 'token');
    await screen.findByRole('link', { name: /2 条未读消息/ });
    unmount();
    unread = 0;
    renderView(<TabBar />, { store, path: '/help/person' });
    await waitFor(() => expect(calls.filter((c) => c.url.includes('unread-count'))).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('link', { name: '我的' })).toBeTruthy());
  });

  it('asks nothing without a sign-in', async () => {
    const calls = withUnread(() => 1);
    renderView(<TabBar />, { path: '/index' });
    expect(await screen.findByRole('link', { name: '我的' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
