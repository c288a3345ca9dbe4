import { count, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper.ts';
import { DEMO_ACCOUNTS, seedDemo, seedMenu } from './seed.ts';
import { members, menuItems, products } from '../db/schema.ts';

// A database with the menu only, as every start leaves it without demo data.
const ctx = await setupTestApp({}, { listen: false, seed: false });
const db = ctx.database.db;
const rows = async (table: typeof members | typeof menuItems | typeof products) =>
  (await db.select({ n: count() }).from(table))[0].n;

describe('seeding at start is idempotent (several instances, restarts)', () => {
  it('writes the menu once: a second run changes nothing, and a second copy of an item is refused', async () => {
    const before = await rows(menuItems);
    expect(before).toBeGreaterThan(0);
    expect(await seedMenu(db)).toBe(false);
    expect(await rows(menuItems)).toBe(before);
    const [top] = await db.select().from(menuItems).where(isNull(menuItems.parentId)).limit(1);
    await expect(
      db.insert(menuItems).values({ parentId: null, path: top.path, component: top.component, title: top.title }),
    ).rejects.toThrow();
  });

  it('writes the demo data once', async () => {
    expect(await seedDemo(db)).toBe(true);
    const [accounts, catalogue] = [await rows(members), await rows(products)];
    expect(accounts).toBe(DEMO_ACCOUNTS.length);
    expect(await seedDemo(db)).toBe(false);
    expect(await rows(members)).toBe(accounts);
    expect(await rows(products)).toBe(catalogue);
  });
});
