import { sql } from 'drizzle-orm';
import { MENU_ROUTES, type RouteDef } from '#shared/routes.ts';
import type { Role } from '#shared/roles.ts';
import { hashPassword } from '../lib/password.ts';
import type { Db, Tx } from '../db/client.ts';
import { channels, members, menuItems } from '../db/schema.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedBonusTemplates } from './finance.ts';

/** docs/decisions/demo-data-and-menu-seed.md: the embedded default's demo accounts. */
export const DEMO_PASSWORD = 'Demo@123456';
export const DEMO_ACCOUNTS: { username: string; nickname: string; mobile: string; roles: Role[]; perms: string[] }[] = [
  {
    username: 'demo.member',
    nickname: '演示会员',
    mobile: '13800000001',
    roles: ['member'],
    perms: ['order:view', 'policy:download'],
  },
  {
    username: 'demo.company',
    nickname: '演示企业',
    mobile: '13800000002',
    roles: ['member', 'company'],
    perms: ['order:view', 'policy:download', 'company:manage'],
  },
  {
    username: 'demo.partner',
    nickname: '演示合作伙伴',
    mobile: '13800000003',
    roles: ['member', 'partner'],
    perms: ['order:view', 'policy:download', 'promo:share'],
  },
  { username: 'demo.channel', nickname: '演示渠道', mobile: '13800000004', roles: ['channel'], perms: [] },
];

/**
 * The menu is reference data, in every environment: each route item of MENU_ROUTES missing from the
 * table (by parent and path) is added, so a database made before a page existed gets it on the next
 * start; items already there, and whatever was changed in them, stay as they are.
 */
export async function seedMenu(db: Db): Promise<boolean> {
  // One transaction: a start that dies half-way leaves no half menu. Instances starting together
  // also hold the start-up lock (db/exclusive.ts); the unique key of (parent, path) is the last guard.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:menu'))`);
    return addMissingMenuItems(tx);
  });
}

/** Whether any item was added. */
async function addMissingMenuItems(db: Tx): Promise<boolean> {
  let added = false;
  const existing = await db
    .select({ id: menuItems.id, parentId: menuItems.parentId, path: menuItems.path })
    .from(menuItems);
  const idOf = new Map(existing.map((row) => [`${row.parentId ?? ''}|${row.path}`, row.id]));
  const insert = async (items: RouteDef[], parentId: number | null) => {
    for (const [sort, item] of items.entries()) {
      let id = idOf.get(`${parentId ?? ''}|${item.path}`);
      if (id === undefined) {
        const [row] = await db
          .insert(menuItems)
          .values({
            parentId,
            sort,
            path: item.path,
            name: item.name ?? null,
            component: item.component,
            redirect: item.redirect ?? null,
            title: item.meta.title,
            hidden: item.meta.hidden ?? false,
            noTransition: item.meta.noTransition ?? false,
            roles: item.meta.roles ?? null,
          })
          .returning({ id: menuItems.id });
        id = row.id;
        added = true;
      }
      if (item.children) await insert(item.children, id);
    }
  };
  await insert(MENU_ROUTES, null);
  return added;
}

/**
 * Demo accounts, channel, catalogue and commission templates, only on the embedded default's first
 * start (never in production): all of it in one transaction, written only into a database without
 * members, so it runs once however many instances start and however often.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(members);
    if (count > 0) return false;
    await tx.insert(channels).values({ code: 'demo', name: '演示渠道' }).onConflictDoNothing();
    for (const account of DEMO_ACCOUNTS) {
      await tx.insert(members).values({ ...account, passwordHash });
    }
    await seedCatalogue(tx as unknown as Db);
    await seedBonusTemplates(tx as unknown as Db);
    return true;
  });
}

/** What every start does after migrating, under the start-up lock: the menu, and the demo data when asked. */
export async function seedAtStart(db: Db, opts: { demo: boolean }): Promise<{ demo: boolean }> {
  await seedMenu(db);
  return { demo: opts.demo ? await seedDemo(db) : false };
}
