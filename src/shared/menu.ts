import { z } from 'zod';

/**
 * One route item of `GET open/menu` (spec §3): already filtered by the caller's roles on the
 * server, ordered, with `name` defaulting to `path`. `component` names a view or `Layout`.
 */
export const MenuMetaSchema = z.object({
  title: z.string(),
  hidden: z.boolean(),
  roles: z.array(z.string()),
  noTransition: z.boolean(),
});

export const MenuItemSchema = z.object({
  path: z.string(),
  name: z.string(),
  component: z.string(),
  redirect: z.string().optional(),
  meta: MenuMetaSchema,
  get children(): z.ZodOptional<z.ZodArray<typeof MenuItemSchema>> {
    return z.array(MenuItemSchema).optional();
  },
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const MenuSchema = z.array(MenuItemSchema);
