import { useAtomValue } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { SUPER_ROLE } from '#shared/roles.ts';
import { permsAtom, rolesAtom } from '../../session/atoms.ts';

/**
 * The show/hide rule of spec §5–§6: a list of perms is required (anything else is a programming
 * error and throws); channel passes every check; others need one of the perms.
 */
export function hasPermission(required: unknown, roles: readonly string[] | null, perms: readonly string[]): boolean {
  if (!Array.isArray(required) || required.length === 0) {
    throw new Error(`need perms! Like <Permission perms={['order:pay']}>`);
  }
  if (roles?.includes(SUPER_ROLE)) return true;
  return required.some((perm) => perms.includes(perm));
}

/** `const can = usePermission(); can(['order:pay'])` */
export function usePermission(): (required: string[]) => boolean {
  const roles = useAtomValue(rolesAtom);
  const perms = useAtomValue(permsAtom);
  return useCallback((required: string[]) => hasPermission(required, roles, perms), [roles, perms]);
}

/** Renders its children only for users holding one of `perms` (or channel). */
export function Permission({ perms, children }: { perms: string[]; children: ReactNode }) {
  const can = usePermission();
  return can(perms) ? <>{children}</> : null;
}
