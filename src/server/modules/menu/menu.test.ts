import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '#shared/menu.ts';
import { MENU_ROUTES, type RouteDef } from '#shared/routes.ts';
import { members, menuItems } from '../../db/schema.ts';
import { seedMenu } from '../../seeds/seed.ts';
import { setupTestApp } from '../../test/helper.ts';
import { menuCacheFor } from './menu-cache.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({}, { listen: false });
const URL = '/prod-api/app-api/v1/open/menu';

const who: Record<'member' | 'company' | 'partner' | 'channel', Caller> = {} as never;
beforeAll(async () => {
  for (const role of ['member', 'company', 'partner', 'channel'] as const)
    who[role] = await signIn(ctx, `demo.${role}`);
});

async function menuOf(user: Caller): Promise<MenuItem[]> {
  const res = await ctx.app.inject({ method: 'GET', url: URL, headers: user.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.code).toBe('00000');
  return body.data;
}

/** Full paths of every item, e.g. `/help/finance/balance`. */
function paths(items: { path: string; children?: { path: string }[] }[], base = ''): string[] {
  return items.flatMap((i) => {
    const full = i.path.startsWith('/') ? i.path : `${base}/${i.path}`;
    return [full, ...paths((i as MenuItem).children ?? [], full)];
  });
}

const find = (items: MenuItem[], path: string) => items.find((i) => i.path === path);

describe('GET open/menu by role', () => {
  it('gives a member the member pages but no department, userpromo or finance', async () => {
    const list = paths(await menuOf(who.member));
    expect(list).toEqual(
      expect.arrayContaining([
        '/member/info',
        '/member/setting',
        '/member/message',
        '/policy/index',
        '/pay/index',
        '/help/person',
        '/help/HelpApplicant',
      ]),
    );
    for (const hidden of [
      '/help/department',
      '/help/department/bonus',
      '/help/userpromo',
      '/help/finance',
      '/help/finance/balance',
      '/help/finance/income',
    ]) {
      expect(list).not.toContain(hidden);
    }
  });

  it('gives a company member department but no finance or userpromo', async () => {
    const list = paths(await menuOf(who.company));
    expect(list).toEqual(
      expect.arrayContaining([
        '/help/department',
        '/help/department/bonus',
        '/help/department/bonusTemplate',
        '/help/person',
      ]),
    );
    expect(list.filter((p) => /finance|userpromo/.test(p))).toEqual([]);
  });

  it('gives a partner finance and userpromo but no department', async () => {
    const list = paths(await menuOf(who.partner));
    expect(list).toEqual(
      expect.arrayContaining([
        '/help/finance',
        '/help/finance/balance',
        '/help/finance/income',
        '/help/userpromo',
        '/help/partner',
      ]),
    );
    expect(list.filter((p) => p.includes('department'))).toEqual([]);
  });

  it('adds a page missing from an older menu on the next start, once, leaving the other rows alone', async () => {
    const [partner] = await ctx.app.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.path, 'partner'));
    await ctx.app.db.delete(menuItems).where(eq(menuItems.id, partner.id));
    const before = await ctx.app.db.select({ id: menuItems.id }).from(menuItems);
    await seedMenu(ctx.app.db);
    await seedMenu(ctx.app.db);
    menuCacheFor(ctx.app.db).invalidate();
    const after = await ctx.app.db.select({ id: menuItems.id, path: menuItems.path }).from(menuItems);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((r) => r.path === 'partner')).toHaveLength(1);
    expect(after.map((r) => r.id)).toEqual(expect.arrayContaining(before.map((r) => r.id)));
    expect(paths(await menuOf(who.partner))).toContain('/help/partner');
    expect(paths(await menuOf(who.member))).not.toContain('/help/partner');
  });

  it('gives the channel every seeded item, in order', async () => {
    expect(paths(await menuOf(who.channel))).toEqual(paths(MENU_ROUTES as RouteDef[]));
  });

  it('sends items in the shape the H5 builds routes from', async () => {
    const menu = await menuOf(who.member);
    expect(menu.map((i) => i.path)).toEqual([
      '/productDetails',
      '/policy',
      '/insureDetails',
      '/pay',
      '/member',
      '/help',
    ]);
    expect(find(menu, '/pay')).toEqual({
      path: '/pay',
      name: '/pay',
      component: 'Layout',
      meta: { title: '订单支付', hidden: true, roles: ['member', 'company', 'partner'], noTransition: false },
      children: [
        {
          path: 'index',
          name: 'PayDetail',
          component: 'pay/index',
          meta: { title: '订单支付', hidden: true, roles: ['member', 'company', 'partner'], noTransition: false },
        },
      ],
    });
    const help = find(menu, '/help')!;
    expect(help).toMatchObject({ name: 'help', redirect: '/help/person', meta: { title: '帮助中心' } });
    expect(
      help.children!.slice(0, 3).map((c) => [c.path, c.name, c.component, c.meta.title, c.meta.noTransition]),
    ).toEqual([
      ['person', 'person', 'help/person', '个人中心', true],
      ['draft', 'draft', 'help/draft', '草稿箱', true],
      ['order', 'order', 'help/order', '我的订单', true],
    ]);
    expect(find(menu, '/member')!.children!.map((c) => c.name)).toEqual(['AccountInfo', 'AccountSetting', 'Message']);
  });

  it('follows the roles in the database, not those in the token', async () => {
    const stale = await ctx.app.accessTokens.sign({ memberId: who.member.memberId, roles: ['channel'] });
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: { authorization: `Bearer ${stale}` } });
    expect(paths(res.json().data)).not.toContain('/help/finance');

    expect(paths(await menuOf(who.member))).not.toContain('/help/finance');
    // Roles are cached per member; whatever changes them publishes the change (topic roles).
    await ctx.app.db
      .update(members)
      .set({ roles: ['member', 'partner'] })
      .where(eq(members.id, who.member.memberId));
    await ctx.database.changes.publish('roles', who.member.memberId);
    try {
      expect(paths(await menuOf(who.member))).toContain('/help/finance');
    } finally {
      await ctx.app.db
        .update(members)
        .set({ roles: ['member'] })
        .where(eq(members.id, who.member.memberId));
      await ctx.database.changes.publish('roles', who.member.memberId);
    }
    expect(paths(await menuOf(who.member))).not.toContain('/help/finance');
  });

  it('refuses a disabled member with 403 A0202', async () => {
    await menuOf(who.company);
    await ctx.app.db.update(members).set({ status: 'disabled' }).where(eq(members.id, who.company.memberId));
    await ctx.database.changes.publish('roles', who.company.memberId);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: URL, headers: who.company.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('A0202');
    } finally {
      await ctx.app.db.update(members).set({ status: 'active' }).where(eq(members.id, who.company.memberId));
      await ctx.database.changes.publish('roles', who.company.memberId);
    }
    expect((await menuOf(who.company)).length).toBeGreaterThan(0);
  });

  it('refuses a partner the channel disabled a moment ago, though their menu was just served', async () => {
    const partner = await signIn(ctx, 'demo.partner');
    await menuOf(partner);
    const edit = (status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${V1}/partner/${partner.memberId}`,
        headers: who.channel.headers,
        payload: { status },
      });
    expect((await edit('disabled')).statusCode).toBe(200);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: URL, headers: partner.headers });
      expect([401, 403]).toContain(res.statusCode);
      expect(['A0230', 'A0202']).toContain(res.json().code);
    } finally {
      expect((await edit('active')).statusCode).toBe(200);
    }
    expect(paths(await menuOf(await signIn(ctx, 'demo.partner')))).toContain('/help/finance');
  });
});

describe('GET open/menu with edited rows', () => {
  const inserted: number[] = [];
  const add = async (values: typeof menuItems.$inferInsert) => {
    const [row] = await ctx.app.db.insert(menuItems).values(values).returning({ id: menuItems.id });
    inserted.push(row.id);
    return row.id;
  };

  beforeAll(async () => {
    const [help] = await ctx.app.db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.path, '/help'));
    await add({ parentId: help.id, sort: 99, path: 'norole', component: 'help/norole', title: '无角色', roles: null });
    await add({
      parentId: help.id,
      sort: 98,
      path: 'partnerExtra',
      component: 'help/extra',
      title: '伙伴专区',
      roles: ['partner'],
    });
    const hiddenParent = await add({
      sort: 90,
      path: '/unlisted',
      component: 'Layout',
      title: '未授权父级',
      roles: null,
    });
    await add({
      parentId: hiddenParent,
      path: 'child',
      component: 'x/child',
      title: '子项',
      roles: ['member', 'company', 'partner'],
    });
    const emptied = await add({
      sort: 91,
      path: '/companyOnlyKids',
      component: 'Layout',
      title: '伙伴父级',
      roles: ['partner'],
    });
    await add({ parentId: emptied, path: 'kid', component: 'x/kid', title: '企业子项', roles: ['company'] });
    menuCacheFor(ctx.app.db).invalidate();
  });

  afterAll(async () => {
    for (const id of inserted) await ctx.app.db.delete(menuItems).where(eq(menuItems.id, id));
    menuCacheFor(ctx.app.db).invalidate();
  });

  it('picks up the new rows after the cache is invalidated', async () => {
    expect(paths(await menuOf(who.partner))).toContain('/help/partnerExtra');
    expect(paths(await menuOf(who.member))).not.toContain('/help/partnerExtra');
  });

  it('never sends an item without roles, nor anything under it, to anyone', async () => {
    for (const user of Object.values(who)) {
      const list = paths(await menuOf(user));
      expect(list).not.toContain('/help/norole');
      expect(list.filter((p) => p.startsWith('/unlisted'))).toEqual([]);
    }
  });

  it('keeps an allowed parent whose children are all filtered out, and drops a disallowed one with allowed children', async () => {
    const item = find(await menuOf(who.partner), '/companyOnlyKids');
    expect(item).toMatchObject({
      path: '/companyOnlyKids',
      name: '/companyOnlyKids',
      meta: { title: '伙伴父级', roles: ['partner'] },
    });
    expect(item!.children).toBeUndefined();
    expect(paths(await menuOf(who.company)).filter((p) => p.startsWith('/companyOnlyKids'))).toEqual([]);
    expect(paths(await menuOf(who.channel))).toEqual(
      expect.arrayContaining(['/companyOnlyKids', '/companyOnlyKids/kid']),
    );
  });
});
