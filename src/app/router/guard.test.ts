import { describe, expect, it } from 'vitest';
import { MENU_ROUTES, STATIC_ROUTES } from '#shared/routes.ts';
import { allowedRoutes } from './filter-routes.ts';
import { decide, routeExists, type GuardState } from './guard.ts';

const visitor: GuardState = { hasToken: false, rolesLoaded: false, routeExists: false, previousNamedPath: null };
const fresh: GuardState = { ...visitor, hasToken: true };
const loaded: GuardState = { ...fresh, rolesLoaded: true };
const to = (path: string) => {
  const [pathname, query] = path.split('?');
  return { pathname, search: query ? `?${query}` : '' };
};

describe('navigation guard decisions (spec §2)', () => {
  it.each(['/index', '/product/index', '/know/index', '/claim/index'])('lets anyone open %s', (path) => {
    expect(decide(visitor, to(path))).toEqual({ allow: true });
  });

  it('lets anyone reach the sign-in and error pages (guarding them would loop)', () => {
    for (const path of ['/', '/login', '/loginIndex', '/401', '/404'])
      expect(decide(visitor, to(path))).toEqual({ allow: true });
  });

  it('sends a visitor without a token to /login with the wanted path and query', () => {
    expect(decide(visitor, to('/productDetails/index?id=3&plan=2'))).toEqual({
      redirect: `/login?redirect=${encodeURIComponent('/productDetails/index?id=3&plan=2')}`,
    });
  });

  it('always allows /index with a token, even before roles are loaded', () => {
    expect(decide(fresh, to('/index'))).toEqual({ allow: true });
  });

  it('asks to load user info and routes when roles are not loaded yet', () => {
    expect(decide(fresh, to('/policy/index'))).toEqual({ load: true });
  });

  it('allows a path of the allowed routes once roles are loaded', () => {
    expect(decide({ ...loaded, routeExists: true }, to('/policy/index'))).toEqual({ allow: true });
  });

  it('goes back to the previous named route when the path matches no allowed route', () => {
    expect(decide({ ...loaded, previousNamedPath: '/help/person?tab=1' }, to('/help/department'))).toEqual({
      redirect: '/help/person?tab=1',
    });
  });

  it('goes to /404 when there is no previous named route', () => {
    expect(decide(loaded, to('/nowhere'))).toEqual({ redirect: '/404' });
  });

  it('goes to /404 rather than looping when the previous named route is the same path', () => {
    expect(decide({ ...loaded, previousNamedPath: '/nowhere' }, to('/nowhere'))).toEqual({ redirect: '/404' });
  });
});

describe('routeExists against the allowed routes', () => {
  const member = allowedRoutes(MENU_ROUTES, ['member']);

  it('matches pages of the static table and of the filtered menu', () => {
    expect(routeExists(member, '/policy/index')).toBe(true);
    expect(routeExists(member, '/help/person')).toBe(true);
    expect(routeExists(member, '/help')).toBe(true); // redirects to person
    expect(routeExists(member, '/404')).toBe(true);
  });

  it('does not match pages the roles do not allow, or a bare layout', () => {
    expect(routeExists(member, '/help/department')).toBe(false);
    expect(routeExists(member, '/member')).toBe(false);
    expect(routeExists(STATIC_ROUTES, '/policy/index')).toBe(false);
  });
});
