import type { ClaimStatus } from '#shared/claims.ts';

/** The antd-mobile Tag colour of each claim status, wherever a claim's status is shown. */
export const STATUS_COLORS: Record<ClaimStatus, string> = {
  reported: 'primary',
  reviewing: 'primary',
  supplement: 'warning',
  closed: 'success',
  rejected: 'danger',
  paid: 'success',
};
