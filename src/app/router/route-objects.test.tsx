import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { STATIC_ROUTES, type RouteDef } from '#shared/routes.ts';
import { resolveView } from './resolve-view.ts';
import { toRouteObjects } from './route-objects.tsx';

const Layout = () => null;
const NotFound = () => null;
const Policy = () => null;
const views = {
  'error/404': async () => ({ default: NotFound }),
  'policy/index': async () => ({ default: Policy }),
};

async function componentOf(route: RouteObject) {
  const lazy = route.lazy as () => Promise<{ Component: unknown }>;
  return (await lazy()).Component;
}

describe('route objects from route defs (spec §2)', () => {
  it('maps a known component name to its lazily loaded view', async () => {
    const [route] = toRouteObjects([{ path: '/policy', component: 'policy/index', meta: { title: '保单查询' } }], {
      Layout,
      views,
    });
    expect(await componentOf(route)).toBe(Policy);
  });

  it('falls back to the 404 view for an unknown component name', async () => {
    const [route] = toRouteObjects([{ path: '/x', component: 'no/such/view', meta: { title: '?' } }], {
      Layout,
      views,
    });
    expect(await componentOf(route)).toBe(NotFound);
    expect(resolveView('no/such/view', views)).toBe(views['error/404']);
  });

  it("draws a view whose code did not arrive as the view's failure, inside the shell", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const ViewError = ({ error }: { error?: unknown }) => (error === failure ? 'offline' : null);
    const [route] = toRouteObjects([{ path: '/policy', component: 'policy/index', meta: { title: '保单查询' } }], {
      Layout,
      views: { 'policy/index': () => Promise.reject(failure) },
      ViewError,
    });
    expect(route.ErrorBoundary).toBe(ViewError);
    const Component = (await componentOf(route)) as () => unknown;
    expect(Component()).toMatchObject({ type: ViewError, props: { error: failure } });
  });

  it('maps Layout to the shell and keeps titles, names and flags in the handle', () => {
    const menu: RouteDef[] = [
      {
        path: '/help',
        name: 'help',
        component: 'Layout',
        redirect: '/help/person',
        meta: { title: '帮助中心', hidden: true, roles: ['member'] },
        children: [
          {
            path: 'person',
            name: 'person',
            component: 'policy/index',
            meta: { title: '个人中心', hidden: true, roles: ['member'], noTransition: true },
          },
        ],
      },
    ];
    const [help] = toRouteObjects(menu, { Layout, views });
    expect(help.Component).toBe(Layout);
    expect(help.id).toBe('route:/help');
    const [index, person] = help.children!;
    expect(index.index).toBe(true); // the default child redirects to person
    expect(person.id).toBe('route:/help/person');
    expect(person.handle).toEqual({ name: 'person', title: '个人中心', hidden: true, noTransition: true });
  });

  describe("the first screen's data", () => {
    afterEach(() => {
      window.location.hash = '';
    });
    const withData = (seen: string[]) => ({
      'policy/index': async () => ({
        default: Policy,
        firstScreenData: async (search: URLSearchParams) => {
          seen.push(search.get('id') ?? '');
        },
      }),
    });

    it('is read with the code when the view is the one of the address', async () => {
      const seen: string[] = [];
      window.location.hash = '#/policy?id=7';
      const [route] = toRouteObjects([{ path: '/policy', component: 'policy/index', meta: { title: '保单查询' } }], {
        Layout,
        views: withData(seen),
      });
      expect(await componentOf(route)).toBe(Policy);
      expect(seen).toEqual(['7']);
    });

    it('waits for the sign-in on entry, so that its call carries the new token', async () => {
      const seen: string[] = [];
      window.location.hash = '#/policy?id=8';
      let signedIn!: () => void;
      const entry = new Promise<void>((resolve) => {
        signedIn = () => {
          seen.push('signed in');
          resolve();
        };
      });
      const [route] = toRouteObjects([{ path: '/policy', component: 'policy/index', meta: { title: '保单查询' } }], {
        Layout,
        views: withData(seen),
        entry,
      });
      const component = componentOf(route);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(seen).toEqual([]);
      signedIn();
      expect(await component).toBe(Policy);
      expect(seen).toEqual(['signed in', '8']);
    });

    it('is left to the view on an in-app navigation (the address is still the page being left)', async () => {
      const seen: string[] = [];
      window.location.hash = '#/index';
      const [route] = toRouteObjects([{ path: '/policy', component: 'policy/index', meta: { title: '保单查询' } }], {
        Layout,
        views: withData(seen),
      });
      expect(await componentOf(route)).toBe(Policy);
      expect(seen).toEqual([]);
    });
  });

  it('builds the static table: / redirects to /index, /login keeps its query on the way', () => {
    const routes = toRouteObjects(STATIC_ROUTES, { Layout, views });
    const root = routes.find((r) => r.path === '/')!;
    expect(root.children!.map((c) => (c.index ? '(index)' : c.path))).toEqual(['(index)', 'index', '401', '404']);
    const login = routes.find((r) => r.path === '/login')!;
    expect(login.element).toBeTruthy();
    expect(login.lazy).toBeUndefined();
  });
});
