import type { Db } from '../../db/client.ts';
import { menuItems } from '../../db/schema.ts';

export type MenuRow = typeof menuItems.$inferSelect;

/** Every menu row, in display order (the table is small reference data). */
export function loadMenuRows(db: Db): Promise<MenuRow[]> {
  return db.select().from(menuItems).orderBy(menuItems.sort, menuItems.id);
}
