import { rolesAllow } from '#shared/roles.ts';
import { STATIC_ROUTES, type RouteDef } from '#shared/routes.ts';

/**
 * Keeps the menu items the user may see (spec §6): an item needs `meta.roles` and the user must be
 * channel or share one of them; children are filtered the same way, recursively.
 */
export function filterRoutes(menu: readonly RouteDef[], roles: readonly string[]): RouteDef[] {
  return menu.flatMap((item) => {
    if (!rolesAllow(item.meta?.roles, roles)) return [];
    const children = item.children ? filterRoutes(item.children, roles) : undefined;
    return [{ ...item, name: item.name ?? item.path, ...(children ? { children } : {}) }];
  });
}

/** The allowed-routes list of spec §4: the static routes plus the server routes filtered by role. */
export function allowedRoutes(menu: readonly RouteDef[], roles: readonly string[]): RouteDef[] {
  return [...STATIC_ROUTES, ...filterRoutes(menu, roles)];
}
