import { matchRoutes, type RouteObject } from 'react-router-dom';
import { FALLBACK_PAGE, OPEN_PATHS } from '#shared/constants.ts';
import type { RouteDef } from '#shared/routes.ts';

/**
 * Paths the guard lets through because they are the sign-in and error pages themselves (guarding
 * them would loop): `/` and `/login` only redirect to `/index`; `/loginIndex` is the sign-in page.
 */
export const SIGN_IN_PATHS = ['/', '/login', '/loginIndex', '/401', FALLBACK_PAGE] as const;

export interface GuardState {
  hasToken: boolean;
  /** Roles of the signed-in user have been loaded and the routes built. */
  rolesLoaded: boolean;
  /** The wanted path matches one of the allowed routes. */
  routeExists: boolean;
  /** Path (with query) of the last page shown that had a route name, if any. */
  previousNamedPath: string | null;
}

export interface Target {
  pathname: string;
  search: string;
}

export type Decision = { allow: true } | { redirect: string } | { load: true };

export function loginPath(target: Target): string {
  return `/login?redirect=${encodeURIComponent(target.pathname + target.search)}`;
}

/** The navigation guard of spec §2, as a pure decision. */
export function decide(state: GuardState, target: Target): Decision {
  const { pathname } = target;
  if ((OPEN_PATHS as readonly string[]).includes(pathname)) return { allow: true };
  if ((SIGN_IN_PATHS as readonly string[]).includes(pathname)) return { allow: true };
  if (!state.hasToken) return { redirect: loginPath(target) };
  if (pathname === '/index') return { allow: true };
  if (!state.rolesLoaded) return { load: true };
  if (state.routeExists) return { allow: true };
  const back = state.previousNamedPath;
  if (back && back.split('?')[0] !== pathname) return { redirect: back };
  return { redirect: FALLBACK_PAGE };
}

function pathTree(defs: readonly RouteDef[]): RouteObject[] {
  return defs.map((def) => {
    const children = def.children?.length ? pathTree(def.children) : [];
    // A parent with a redirect answers at its own path too (it sends the visitor to a child).
    if (def.redirect && children.length) children.push({ index: true });
    return children.length ? { path: def.path, children } : { path: def.path };
  });
}

/** Whether a path leads to a page of the given route defs (used for `routeExists`). */
export function routeExists(defs: readonly RouteDef[], pathname: string): boolean {
  const matches = matchRoutes(pathTree(defs), pathname);
  if (!matches) return false;
  const last = matches[matches.length - 1].route;
  // A layout route without a matching child shows an empty shell: not a page.
  return !last.children?.length;
}
