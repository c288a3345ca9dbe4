import { isRole } from '#shared/roles.ts';
import { useT } from '../../i18n/index.ts';
import type { MemberProfile } from '../../session/atoms.ts';

/** Nickname, else username, else "会员 <id>": every signed-in member has something to be called. */
export function useDisplayName(user: MemberProfile | null): string {
  const t = useT();
  if (!user) return t('member.guest');
  return user.nickname?.trim() || user.username?.trim() || t('member.fallbackName', { id: user.id });
}

/** Role codes as readable labels (ROLE_LABELS in Chinese, translated in Polish); unknown codes as they are. */
export function useRoleLabels(roles: readonly string[]): string[] {
  const t = useT();
  return roles.map((r) => (isRole(r) ? t(`role.${r}`) : r));
}
