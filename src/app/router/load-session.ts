import type { RouteDef } from '#shared/routes.ts';
import { splitRoles } from '#shared/roles.ts';
import { getMe, getMenu } from '../api/session.ts';
import { allowedRoutes, filterRoutes } from './filter-routes.ts';
import { allowedRoutesAtom, menuAtom, permsAtom, rolesAtom, userAtom } from '../session/atoms.ts';
import type { Store } from '../session/token.ts';
import type { MemberProfile } from '../session/types.ts';

export const ROLES_ERROR = 'roles must be a non-null array';

/** The check of spec §5: a non-empty profile whose roles split into a non-empty list. */
export function rolesOf(profile: Partial<MemberProfile> | null | undefined): string[] {
  if (!profile || typeof profile !== 'object' || Object.keys(profile).length === 0) throw new Error(ROLES_ERROR);
  const roles = splitRoles(typeof profile.roles === 'string' ? profile.roles : '');
  if (roles.length === 0) throw new Error(ROLES_ERROR);
  return roles;
}

export interface SessionCalls {
  getMe: () => Promise<MemberProfile>;
  getMenu: () => Promise<RouteDef[]>;
}

/**
 * Steps 1–2 of the guard (spec §2): the user info if missing, then the routes allowed by its roles.
 * The profile and the menu are asked for together (the server filters the menu by the token, not
 * by the profile), so the guard waits one round trip instead of two; the rules are unchanged: a
 * profile without roles fails the load whatever the menu says. Roles are stored last, so "roles
 * loaded" always means "routes built". Resolves to the server routes the user may visit (to add to
 * the router).
 */
export async function loadSession(store: Store, calls: SessionCalls = { getMe, getMenu }): Promise<RouteDef[]> {
  const known = store.get(userAtom);
  const menuCall = calls.getMenu();
  // Settled here too: when the profile fails first, the menu's own failure is not left unhandled.
  menuCall.catch(() => undefined);
  const user = known ?? (await calls.getMe());
  const roles = rolesOf(user);
  store.set(userAtom, user);
  store.set(permsAtom, Array.isArray(user.perms) ? user.perms : []);
  const menu = await menuCall;
  store.set(menuAtom, menu);
  store.set(allowedRoutesAtom, allowedRoutes(menu, roles));
  store.set(rolesAtom, roles);
  return filterRoutes(menu, roles);
}

let running: Promise<RouteDef[]> | null = null;

/** One load at a time: parallel navigations share it. */
export function ensureSession(store: Store, calls?: SessionCalls): Promise<RouteDef[]> {
  running ??= loadSession(store, calls).finally(() => {
    running = null;
  });
  return running;
}
