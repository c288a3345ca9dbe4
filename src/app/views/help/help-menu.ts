import { MENU_ROUTES, type RouteDef } from '#shared/routes.ts';
import { rolesAllow } from '#shared/roles.ts';
import type { IconName } from '../../components/ui/icons.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/** Label and icon of each help page, by its path under /help. */
export const HELP_PAGES: Record<string, { label: MessageKey; icon: IconName; tone: { bg: string; fg: string } }> = {
  order: { label: 'help.menu.order', icon: 'order', tone: { bg: '#e8f1ff', fg: '#0a5fd8' } },
  draft: { label: 'help.menu.draft', icon: 'draft', tone: { bg: '#fff3e6', fg: '#b45309' } },
  invoice: { label: 'help.menu.invoice', icon: 'invoice', tone: { bg: '#e7f8f0', fg: '#00794f' } },
  collect: { label: 'help.menu.collect', icon: 'userAdd', tone: { bg: '#e8f1ff', fg: '#0a5fd8' } },
  checkup: { label: 'help.menu.checkup', icon: 'shield', tone: { bg: '#e7f8f0', fg: '#00794f' } },
  wallet: { label: 'help.menu.wallet', icon: 'invoice', tone: { bg: '#e8f1ff', fg: '#0a5fd8' } },
  HelpApplicant: { label: 'help.menu.applicant', icon: 'idCard', tone: { bg: '#f2ecff', fg: '#6b4fd8' } },
  collections: { label: 'help.menu.collections', icon: 'star', tone: { bg: '#fff7e0', fg: '#a15c00' } },
  personedit: { label: 'help.menu.personedit', icon: 'edit', tone: { bg: '#e6f7f7', fg: '#0e7c7b' } },
  account: { label: 'help.menu.account', icon: 'lock', tone: { bg: '#f0f1f3', fg: '#5c6370' } },
  finance: { label: 'help.menu.finance', icon: 'wallet', tone: { bg: '#fff0ed', fg: '#c7361f' } },
  userpromo: { label: 'help.menu.userpromo', icon: 'share', tone: { bg: '#fff3e6', fg: '#b45309' } },
  partner: { label: 'help.menu.partner', icon: 'team', tone: { bg: '#e7f8f0', fg: '#00794f' } },
  department: { label: 'help.menu.department', icon: 'building', tone: { bg: '#e8f1ff', fg: '#0a5fd8' } },
};

const HELP_ROOT: RouteDef | undefined = MENU_ROUTES.find((r) => r.path === '/help');

/**
 * The help pages the user's roles open (same rule as the route table, spec §6), in the order of
 * HELP_PAGES. Sub-pages (invoice history, finance balance…) are reached from their parent page.
 */
export function allowedHelpPages(roles: readonly string[]): string[] {
  const allowed = new Set(
    (HELP_ROOT?.children ?? []).filter((c) => rolesAllow(c.meta.roles, roles)).map((c) => c.path),
  );
  return Object.keys(HELP_PAGES).filter((path) => allowed.has(path));
}
