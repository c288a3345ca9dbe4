import type { MenuItem } from '#shared/menu.ts';
import { rolesAllow } from '#shared/roles.ts';
import type { MenuRow } from './repository.ts';

/** A menu row ready to send, with its children; `roles` null means never sent. */
export interface MenuNode {
  roles: string[] | null;
  item: Omit<MenuItem, 'children'>;
  children: MenuNode[];
}

/** Rows (already in display order) into a forest; rows whose parent is missing are unreachable. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) nodes.set(row.id, toNode(row));
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.children.push(node);
  }
  return roots;
}

function toNode(row: MenuRow): MenuNode {
  const item: MenuNode['item'] = {
    path: row.path,
    name: row.name ?? row.path,
    component: row.component,
    meta: { title: row.title, hidden: row.hidden, roles: row.roles ?? [], noTransition: row.noTransition },
  };
  if (row.redirect) item.redirect = row.redirect;
  return { roles: row.roles, item, children: [] };
}

/**
 * The items the roles may see (spec §6): an item needs roles shared with the user (channel sees
 * every item with roles); a disallowed item hides its whole subtree; an allowed parent stays even
 * when none of its children do.
 */
export function filterMenu(nodes: MenuNode[], userRoles: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const node of nodes) {
    if (!rolesAllow(node.roles ?? undefined, userRoles)) continue;
    const children = filterMenu(node.children, userRoles);
    out.push(children.length ? { ...node.item, children } : { ...node.item });
  }
  return out;
}
