import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { MENU_ROUTES, type RouteDef } from '#shared/routes.ts';
import { allowedRoutesAtom, rolesAtom, tokenAtom } from '../session/atoms.ts';
import { allowedRoutes, filterRoutes } from './filter-routes.ts';
import { createGuardLoader } from './guard-loader.ts';

function run(loader: ReturnType<typeof createGuardLoader>, path: string) {
  return loader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);
}

async function redirectOf(result: Promise<unknown>): Promise<string | null> {
  try {
    await result;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('guard loader: applying the decisions on navigation', () => {
  it('loads the session, adds the routes and repeats the navigation', async () => {
    const store = createStore();
    store.set(tokenAtom, 'Bearer a');
    const routes = filterRoutes(MENU_ROUTES, ['member']);
    const addRoutes = vi.fn<(routes: RouteDef[]) => void>();
    const loadSession = vi.fn(async () => {
      store.set(allowedRoutesAtom, allowedRoutes(MENU_ROUTES, ['member']));
      store.set(rolesAtom, ['member']);
      return routes;
    });
    const loader = createGuardLoader({
      store,
      entry: Promise.resolve(),
      addRoutes,
      previousNamedPath: () => null,
      loadSession,
    });
    expect(await redirectOf(run(loader, '/policy/index?id=2'))).toBe('/policy/index?id=2');
    expect(addRoutes).toHaveBeenCalledWith(routes);
    // The repeated navigation passes.
    expect(await redirectOf(run(loader, '/policy/index?id=2'))).toBeNull();
    expect(loadSession).toHaveBeenCalledTimes(1);
  });

  it('clears the token and goes to /login with the redirect when loading fails', async () => {
    const store = createStore();
    store.set(tokenAtom, 'Bearer a');
    const loader = createGuardLoader({
      store,
      entry: Promise.resolve(),
      addRoutes: vi.fn(),
      previousNamedPath: () => null,
      loadSession: () => Promise.reject(new Error('roles must be a non-null array')),
    });
    expect(await redirectOf(run(loader, '/help/person'))).toBe(`/login?redirect=${encodeURIComponent('/help/person')}`);
    expect(store.get(tokenAtom)).toBeNull();
  });

  it('waits for the sign-in on entry before deciding', async () => {
    const store = createStore();
    let finishEntry!: () => void;
    const entry = new Promise<void>((resolve) => {
      finishEntry = () => {
        store.set(tokenAtom, 'Bearer from-wechat');
        resolve();
      };
    });
    const loadSession = vi.fn(async () => {
      store.set(rolesAtom, ['member']);
      return [];
    });
    const loader = createGuardLoader({ store, entry, addRoutes: vi.fn(), previousNamedPath: () => null, loadSession });
    const pending = redirectOf(run(loader, '/productDetails/index?id=1'));
    finishEntry();
    // With the token from the exchange the guard loads routes instead of sending to /login.
    expect(await pending).toBe('/productDetails/index?id=1');
    expect(loadSession).toHaveBeenCalledTimes(1);
  });

  it('prepares the routes in the background on an open page', async () => {
    const store = createStore();
    store.set(tokenAtom, 'Bearer a');
    const addRoutes = vi.fn();
    const loader = createGuardLoader({
      store,
      entry: Promise.resolve(),
      addRoutes,
      previousNamedPath: () => null,
      loadSession: async () => [],
    });
    expect(await redirectOf(run(loader, '/index'))).toBeNull();
    await Promise.resolve();
    expect(addRoutes).toHaveBeenCalledWith([]);
  });
});

describe('guard loader: sign-in that leaves the page', () => {
  it('starts WeChat sign-in for the wanted page instead of showing /login', async () => {
    const store = createStore();
    const leaveForSignIn = vi.fn(async () => true);
    const loader = createGuardLoader({
      store,
      entry: Promise.resolve(),
      addRoutes: vi.fn(),
      previousNamedPath: () => null,
      leaveForSignIn,
    });
    const result = Promise.race([
      run(loader, '/policy/index?id=1').then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(await result).toBe('pending');
    expect(leaveForSignIn).toHaveBeenCalledWith('/policy/index?id=1');
  });

  it('falls back to /login when it cannot leave', async () => {
    const store = createStore();
    const loader = createGuardLoader({
      store,
      entry: Promise.resolve(),
      addRoutes: vi.fn(),
      previousNamedPath: () => null,
      leaveForSignIn: async () => false,
    });
    expect(await redirectOf(run(loader, '/policy/index'))).toBe(
      `/login?redirect=${encodeURIComponent('/policy/index')}`,
    );
  });
});
