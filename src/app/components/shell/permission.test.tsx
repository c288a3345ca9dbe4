import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { permsAtom, rolesAtom } from '../../session/atoms.ts';
import { hasPermission, Permission } from './permission.tsx';

describe('permission show/hide (spec §5, §6)', () => {
  it('requires a non-empty list of perms', () => {
    expect(() => hasPermission(undefined, ['member'], [])).toThrow(/need perms/);
    expect(() => hasPermission([], ['member'], [])).toThrow(/need perms/);
    expect(() => hasPermission('order:pay', ['member'], ['order:pay'])).toThrow(/need perms/);
  });

  it('passes channel whatever the perms', () => {
    expect(hasPermission(['finance:withdraw'], ['member', 'channel'], [])).toBe(true);
  });

  it('needs one matching perm for everyone else', () => {
    expect(hasPermission(['order:pay', 'order:cancel'], ['member'], ['order:cancel'])).toBe(true);
    expect(hasPermission(['finance:withdraw'], ['partner'], ['order:pay'])).toBe(false);
  });

  it('renders or hides its children', () => {
    const store = createStore();
    store.set(rolesAtom, ['member']);
    store.set(permsAtom, ['order:pay']);
    render(
      <Provider store={store}>
        <Permission perms={['order:pay']}>支付</Permission>
        <Permission perms={['finance:withdraw']}>提现</Permission>
      </Provider>,
    );
    expect(screen.getByText('支付')).toBeTruthy();
    expect(screen.queryByText('提现')).toBeNull();
  });
});
