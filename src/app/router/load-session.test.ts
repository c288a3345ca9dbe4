import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ROUTES } from '#shared/routes.ts';
import type { MemberProfile } from '#shared/session.ts';
import { allowedRoutesAtom, menuAtom, permsAtom, rolesAtom, userAtom } from '../session/atoms.ts';
import { loadSession, rolesOf, ROLES_ERROR } from './load-session.ts';

const profile = (roles: string, extra: Partial<MemberProfile> = {}) =>
  ({ id: 5, roles, perms: ['order:pay'], ...extra }) as MemberProfile;

describe('user info validation (spec §5)', () => {
  it('splits the comma-separated roles', () => {
    expect(rolesOf(profile('member, partner'))).toEqual(['member', 'partner']);
  });

  it.each([
    ['an empty profile', {}],
    ['no profile', null],
    ['empty roles', profile('')],
    ['roles of commas only', profile(' , ')],
    ['roles not a string', { id: 1, roles: null }],
  ])('fails with "%s"', (_label, value) => {
    expect(() => rolesOf(value as never)).toThrow(ROLES_ERROR);
  });
});

describe('loadSession', () => {
  it('fetches the user if missing, stores roles, perms, menu and allowed routes', async () => {
    const store = createStore();
    const getMe = vi.fn(async () => profile('member,partner'));
    const getMenu = vi.fn(async () => MENU_ROUTES);
    const routes = await loadSession(store, { getMe, getMenu });
    expect(store.get(rolesAtom)).toEqual(['member', 'partner']);
    expect(store.get(permsAtom)).toEqual(['order:pay']);
    expect(store.get(userAtom)?.id).toBe(5);
    expect(store.get(menuAtom)).toBe(MENU_ROUTES);
    expect(routes.some((r) => r.path === '/help')).toBe(true);
    expect(store.get(allowedRoutesAtom).length).toBeGreaterThan(routes.length);
  });

  it('uses the user already loaded', async () => {
    const store = createStore();
    store.set(userAtom, profile('company'));
    const getMe = vi.fn();
    await loadSession(store, { getMe, getMenu: async () => [] });
    expect(getMe).not.toHaveBeenCalled();
    expect(store.get(rolesAtom)).toEqual(['company']);
  });

  it('leaves roles unloaded when the menu call fails (the rejection is passed on)', async () => {
    const store = createStore();
    const failure = new Error('menu down');
    await expect(
      loadSession(store, { getMe: async () => profile('member'), getMenu: () => Promise.reject(failure) }),
    ).rejects.toBe(failure);
    expect(store.get(rolesAtom)).toBeNull();
  });

  it('asks for the menu while the profile is still on its way (one round trip, not two)', async () => {
    const store = createStore();
    let answerMe!: (p: MemberProfile) => void;
    const getMe = vi.fn(
      () =>
        new Promise<MemberProfile>((resolve) => {
          answerMe = resolve;
        }),
    );
    const getMenu = vi.fn(async () => MENU_ROUTES);
    const loading = loadSession(store, { getMe, getMenu });
    expect(getMenu).toHaveBeenCalledTimes(1);
    expect(store.get(rolesAtom)).toBeNull();
    answerMe(profile('member'));
    await loading;
    expect(store.get(rolesAtom)).toEqual(['member']);
  });

  it('fails on a profile without roles even when the menu arrived (spec §5)', async () => {
    const store = createStore();
    await expect(
      loadSession(store, { getMe: async () => profile(''), getMenu: async () => MENU_ROUTES }),
    ).rejects.toThrow(ROLES_ERROR);
    expect(store.get(rolesAtom)).toBeNull();
    expect(store.get(allowedRoutesAtom)).toEqual([]);
  });
});
