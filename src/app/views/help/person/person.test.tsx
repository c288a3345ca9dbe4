import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { translate } from '../../../i18n/index.ts';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import { renderView } from '../../testing.tsx';
import { allowedHelpPages } from '../help-menu.ts';
import PersonView from './index.tsx';

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
  it('shows the nickname, the roles as labels and zero counts', () => {
    renderFor(['member']);
    expect(screen.getByText('小王')).toBeTruthy();
    expect(screen.getByText('个人会员')).toBeTruthy();
    expect(screen.getAllByText('0')).toHaveLength(4);
  });

  it('hides department management from members and partners', () => {
    renderFor(['member', 'partner']);
    expect(screen.queryByText(department())).toBeNull();
    expect(screen.getByText(finance())).toBeTruthy();
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
    expect(allowedHelpPages(['channel'])).toHaveLength(11);
  });
});
