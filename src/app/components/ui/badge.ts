import { BADGE_MAX } from '#shared/constants.ts';

/** Badge text with the cap of spec §9 (antd-mobile's Badge has no max of its own): 99+ beyond 99. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
