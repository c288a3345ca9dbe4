import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../../i18n/index.ts';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import { renderView } from '../../testing.tsx';
import { allowedHelpPages } from '../help-menu.ts';
import PersonView from './index.tsx';

/*
 * The counts come from the server; a real call from jsdom fails late and its error toast would render
 * after the test environment is gone, so the call is answered here, the way the server would.
 */
const counts = vi.hoisted(() => ({ orders: 3, policies: 2, drafts: 1, unread: 120 }));
/** Resolved by a test that looks at the screen before the answer arrives; otherwise answers at once. */
const gate = vi.hoisted(() => ({ wait: null as Promise<void> | null }));
vi.mock('../../../api/person-counts.ts', () => ({
  getPersonCounts: async () => {
    if (gate.wait) await gate.wait;
    return { ...counts, profile: { id: 7, roles: 'member', nickname: '小王', username: 'demo.x' } };
  },
}));

// Read when used: the dictionaries load in the test setup, after this module is evaluated.
const department = () => translate('zh-cn', 'help.menu.department');
const finance = () => translate('zh-cn', 'help.menu.finance');

function renderFor(roles: string[]) {
  const store = createStore();
  store.set(userAtom, { id: 7, roles: roles.join(','), nickname: '小王', username: 'demo.x' } as never);
  store.set(rolesAtom, roles);
  renderView(<PersonView />, { store });
}

describe('my centre', () => {
  it('shows the nickname, the roles as labels and the counts from the server', async () => {
    renderFor(['member']);
    expect(screen.getByText('小王')).toBeTruthy();
    expect(screen.getByText('个人会员')).toBeTruthy();
    // 120 unread: the tile and the 站内信 row's badge both cap at 99+ (BADGE_MAX).
    expect(await screen.findAllByText('99+')).toHaveLength(2);
    expect(screen.queryByText('120')).toBeNull();
    for (const n of ['3', '2', '1']) expect(screen.getByText(n)).toBeTruthy();
  });

  it('shows placeholders, not 0, in the counters until the numbers arrive', async () => {
    let release = () => {};
    gate.wait = new Promise((resolve) => {
      release = resolve;
    });
    try {
      renderFor(['member']);
      expect(screen.getAllByText('—')).toHaveLength(4);
      expect(screen.queryByText('0')).toBeNull();
      release();
      expect(await screen.findAllByText('99+')).toHaveLength(2);
      expect(screen.queryByText('—')).toBeNull();
    } finally {
      gate.wait = null;
    }
  });

  it('hides department management from members and partners', () => {
    renderFor(['member', 'partner']);
    expect(screen.queryByText(department())).toBeNull();
    expect(screen.getByText(finance())).toBeTruthy();
    expect(allowedHelpPages(['member', 'partner'])).toContain('partner');
    expect(allowedHelpPages(['member', 'company'])).not.toContain('partner');
  });

  it('shows department management to company members', () => {
    renderFor(['company']);
    expect(screen.getByText(department())).toBeTruthy();
    expect(screen.queryByText(finance())).toBeNull();
  });

  it('shows department management to channel, which sees every help page', () => {
    renderFor(['channel']);
    expect(screen.getByText(department())).toBeTruthy();
    expect(allowedHelpPages(['channel'])).toContain('userpromo');
    expect(allowedHelpPages(['channel'])).toContain('partner');
    expect(allowedHelpPages(['channel'])).toContain('checkup');
    expect(allowedHelpPages(['channel'])).toContain('wallet');
    expect(allowedHelpPages(['channel'])).toHaveLength(14);
  });
});
