import { z } from 'zod';
import { text } from './text.ts';

/**
 * One route item of `GET open/menu` (spec §3): already filtered by the caller's roles on the
 * server, ordered, with `name` defaulting to `path`. `component` names a view or `Layout`.
 */
export const MenuMetaSchema = z.object({
  title: text(),
  hidden: z.boolean(),
  roles: z.array(text()),
  noTransition: z.boolean(),
});

export const MenuItemSchema = z.object({
  path: text(),
  name: text(),
  component: text(),
  redirect: text().optional(),
  meta: MenuMetaSchema,
  get children(): z.ZodOptional<z.ZodArray<typeof MenuItemSchema>> {
    return z.array(MenuItemSchema).optional();
  },
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const MenuSchema = z.array(MenuItemSchema);
