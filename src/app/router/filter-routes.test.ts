import { describe, expect, it } from 'vitest';
import { MENU_ROUTES, STATIC_ROUTES, type RouteDef } from '#shared/routes.ts';
import { allowedRoutes, filterRoutes } from './filter-routes.ts';

/** Full paths of every route in a tree, e.g. /help/finance. */
function paths(defs: readonly RouteDef[], parent = ''): string[] {
  return defs.flatMap((def) => {
    const full = def.path.startsWith('/') ? def.path : `${parent.replace(/\/$/, '')}/${def.path}`;
    return [full, ...paths(def.children ?? [], full)];
  });
}

describe('route filtering from the server menu (spec §6)', () => {
  it('gives a member the member pages but no company or partner tools', () => {
    const got = paths(filterRoutes(MENU_ROUTES, ['member']));
    expect(got).toEqual(
      expect.arrayContaining([
        '/policy/index',
        '/pay/index',
        '/member/setting',
        '/help/person',
        '/help/order',
        '/help/HelpApplicant',
      ]),
    );
    expect(got).not.toContain('/help/department');
    expect(got).not.toContain('/help/finance');
    expect(got).not.toContain('/help/userpromo');
  });

  it('adds department pages for company members, not finance', () => {
    const got = paths(filterRoutes(MENU_ROUTES, ['company']));
    expect(got).toEqual(expect.arrayContaining(['/help/department', '/help/department/bonus', '/help/person']));
    expect(got).not.toContain('/help/finance');
    expect(got).not.toContain('/help/userpromo');
  });

  it('adds promotion and finance for partners, not departments', () => {
    const got = paths(filterRoutes(MENU_ROUTES, ['partner']));
    expect(got).toEqual(
      expect.arrayContaining(['/help/userpromo', '/help/finance', '/help/finance/income', '/policy/index']),
    );
    expect(got).not.toContain('/help/department');
  });

  it('lets channel see every route that has roles', () => {
    expect(paths(filterRoutes(MENU_ROUTES, ['channel']))).toEqual(paths(MENU_ROUTES));
  });

  it('combines several roles of one person', () => {
    const got = paths(filterRoutes(MENU_ROUTES, ['member', 'partner']));
    expect(got).toContain('/help/finance');
    expect(got).not.toContain('/help/department');
  });

  it('excludes items without meta.roles, for everyone including channel', () => {
    const menu: RouteDef[] = [
      {
        path: '/open',
        component: 'Layout',
        meta: { title: '无角色' },
        children: [{ path: 'index', component: 'know/index', meta: { title: 'x', roles: ['member'] } }],
      },
      { path: '/empty', component: 'Layout', meta: { title: '空角色', roles: [] } },
    ];
    expect(filterRoutes(menu, ['channel'])).toEqual([]);
    expect(filterRoutes(menu, ['member'])).toEqual([]);
  });

  it('filters children recursively and names items by path when they have no name', () => {
    const menu: RouteDef[] = [
      {
        path: '/a',
        component: 'Layout',
        meta: { title: 'A', roles: ['member', 'partner'] },
        children: [
          {
            path: 'x',
            component: 'v/x',
            meta: { title: 'X', roles: ['partner'] },
            children: [
              { path: 'deep', component: 'v/deep', meta: { title: 'D', roles: ['company'] } },
              { path: 'deeper', component: 'v/deeper', meta: { title: 'E', roles: ['partner'] } },
            ],
          },
          { path: 'y', component: 'v/y', meta: { title: 'Y', roles: ['member'] } },
          { path: 'z', component: 'v/z', meta: { title: 'Z' } },
        ],
      },
    ];
    const got = filterRoutes(menu, ['partner']);
    expect(paths(got)).toEqual(['/a', '/a/x', '/a/x/deeper']);
    expect(got[0].children![0].name).toBe('x');
  });

  it('builds the allowed list as the static routes plus the filtered menu', () => {
    const allowed = allowedRoutes(MENU_ROUTES, ['member']);
    expect(allowed.slice(0, STATIC_ROUTES.length)).toEqual(STATIC_ROUTES);
    expect(allowed.slice(STATIC_ROUTES.length)).toEqual(filterRoutes(MENU_ROUTES, ['member']));
  });
});
