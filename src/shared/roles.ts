/** Role codes (docs/decisions/roles.md). A person may hold several. */
export const ROLES = ['member', 'company', 'partner', 'channel'] as const;
export type Role = (typeof ROLES)[number];

/** The channel role sees every route that has roles and passes every permission check (spec §6). */
export const SUPER_ROLE: Role = 'channel';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** `members/me` sends roles as one comma-separated string (spec §3). */
export function splitRoles(roles: string | null | undefined): string[] {
  return (roles ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

/** A route is allowed when it has roles and the user is channel or shares one of them (spec §6). */
export function rolesAllow(routeRoles: readonly string[] | undefined, userRoles: readonly string[]): boolean {
  if (!routeRoles || routeRoles.length === 0) return false;
  if (userRoles.includes(SUPER_ROLE)) return true;
  return routeRoles.some((r) => userRoles.includes(r));
}
