import { describe, expect, it } from 'vitest';
import { MENU_ROUTES, STATIC_ROUTES, type RouteDef } from '#shared/routes.ts';
import { views } from './registry.ts';

function componentNames(routes: RouteDef[]): string[] {
  return routes.flatMap((r) => [r.component, ...componentNames(r.children ?? [])]);
}

describe('view registry', () => {
  it('has a view for every component name of the route table, so no route falls to 404 by mistake', () => {
    const names = [...new Set(componentNames([...STATIC_ROUTES, ...MENU_ROUTES]))].filter((n) => n !== 'Layout');
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !(n in views))).toEqual([]);
  });

  it('loads every registered view module with a component as its default export', async () => {
    for (const [name, load] of Object.entries(views)) {
      const mod = await load();
      expect(typeof mod.default, name).toBe('function');
    }
  }, 60_000);
});
