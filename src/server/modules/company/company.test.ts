import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CompanyMember,
  CompanyMemberList,
  CompanyOptionList,
  Department,
  DepartmentList,
  Invitation,
  Joined,
  JoinPreview,
  ScanState,
  Bonus,
} from '#shared/company.ts';
import { companyInvitations, members } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { idNumber, wrongCheckDigit } from '../../test/id-number.ts';
import { callerFor, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const call = api(ctx);

async function account(username: string, roles: string[]): Promise<Caller> {
  const [row] = await ctx.database.db.insert(members).values({ username, roles }).returning({ id: members.id });
  return callerFor(ctx, row.id, roles);
}

const company = await account('acme.company', ['member', 'company']);
const rival = await account('rival.company', ['member', 'company']);
const plain = await account('plain.member', ['member']);
const joiner = await account('joiner.member', ['member']);
const channel = await account('staff.channel', ['member', 'channel']);

const zhang = idNumber('1990-01-01', 123);
const li = idNumber('1988-08-08', 224);

const dept = async (who: Caller, name: string) =>
  (await call<Department>('POST', 'company/departments', who, { name })).data;

describe('departments', () => {
  it('a company adds departments, names unique per company, another company may reuse the name', async () => {
    const sales = await call<Department>('POST', 'company/departments', company, { name: '销售部' });
    expect(sales).toMatchObject({ status: 200, data: { name: '销售部', companyId: company.memberId, memberCount: 0 } });
    const again = await call('POST', 'company/departments', company, { name: '销售部' });
    expect(again).toMatchObject({ status: 409, code: 'A0409' });
    expect((await call('POST', 'company/departments', rival, { name: '销售部' })).status).toBe(200);
    const mine = await call<DepartmentList>('GET', 'company/departments', company);
    expect(mine.data.list.map((d) => d.name)).toEqual(['销售部']);
  });

  it('refuses a plain member and anonymous callers', async () => {
    expect((await call('GET', 'company/departments', plain)).code).toBe('A0303');
    expect((await call('POST', 'company/departments', plain, { name: 'x' })).code).toBe('A0303');
    expect((await call('GET', 'company/departments', null)).status).toBe(401);
  });

  it('another company can neither rename nor delete it; channel sees all and must name the company to add', async () => {
    const d = await dept(company, '技术部');
    expect((await call('PUT', `company/departments/${d.id}`, rival, { name: '抢走' })).status).toBe(404);
    expect((await call('DELETE', `company/departments/${d.id}`, rival)).status).toBe(404);
    const all = await call<DepartmentList>('GET', 'company/departments', channel);
    expect(all.data.list.map((x) => x.companyId)).toEqual(expect.arrayContaining([company.memberId, rival.memberId]));
    expect((await call('POST', 'company/departments', channel, { name: '渠道建' })).code).toBe('A0410');
    expect(
      (await call<Department>('POST', `company/departments?companyId=${company.memberId}`, channel, { name: '渠道建' }))
        .data.companyId,
    ).toBe(company.memberId);
    expect((await call('DELETE', `company/departments/${d.id}`, company)).status).toBe(200);
  });
});

describe('company members', () => {
  it('adds by hand with an ID check, lists masked, the owner reads it whole by id', async () => {
    const d = await dept(company, '财务部');
    const bad = await call('POST', 'company/members', company, {
      departmentId: d.id,
      name: '张三',
      idNumber: wrongCheckDigit(zhang),
    });
    expect(bad).toMatchObject({ status: 400, code: 'A0400' });
    expect(bad.msg).toContain('校验位');
    const added = await call<CompanyMember>('POST', 'company/members', company, {
      departmentId: d.id,
      name: '张三',
      mobile: '13800138000',
      idNumber: zhang,
    });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({
      name: '张三',
      mobile: '138****8000',
      idNumber: `${zhang.slice(0, 4)}**********${zhang.slice(14)}`,
      status: 'active',
    });
    const dup = await call('POST', 'company/members', company, { departmentId: d.id, name: '张三丰', idNumber: zhang });
    expect(dup.status).toBe(409);
    const list = await call<CompanyMemberList>('GET', `company/members?departmentId=${d.id}&keyword=张`, company);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].idNumber).not.toBe(zhang);
    const whole = await call<CompanyMember>('GET', `company/members/${added.data.id}`, company);
    expect(whole.data.idNumber).toBe(zhang);
    expect((await call('GET', `company/members/${added.data.id}`, rival)).status).toBe(404);
    expect((await call<CompanyMemberList>('GET', 'company/members', rival)).data.total).toBe(0);
  });

  it("refuses another company's department, edits, and changes status through enable/disable/leave", async () => {
    const d = await dept(company, '人事部');
    const theirs = await dept(rival, '人事部');
    expect(
      (await call('POST', 'company/members', company, { departmentId: theirs.id, name: '李四', idNumber: li })).status,
    ).toBe(400);
    const m = (
      await call<CompanyMember>('POST', 'company/members', company, { departmentId: d.id, name: '李四', idNumber: li })
    ).data;
    const edited = await call<CompanyMember>('PUT', `company/members/${m.id}`, company, {
      departmentId: d.id,
      name: '李小四',
      idNumber: li,
      mobile: '13900139000',
    });
    expect(edited.data).toMatchObject({ name: '李小四', mobile: '139****9000' });
    expect(
      (await call('PUT', `company/members/${m.id}`, company, { departmentId: theirs.id, name: '李四', idNumber: li }))
        .status,
    ).toBe(400);
    expect((await call<CompanyMember>('PUT', `company/members/${m.id}/disable`, company)).data.status).toBe('disabled');
    expect((await call<CompanyMember>('PUT', `company/members/${m.id}/leave`, company)).data.status).toBe('left');
    expect((await call<CompanyMember>('PUT', `company/members/${m.id}/enable`, company)).data.status).toBe('active');
    expect((await call('PUT', `company/members/${m.id}/fire`, company)).status).toBe(400);
    expect((await call('PUT', `company/members/${m.id}/leave`, rival)).status).toBe(404);
    expect((await call('PUT', `company/members/${m.id}/leave`, plain)).code).toBe('A0303');
    expect((await call<CompanyMember>('PUT', `company/members/${m.id}/disable`, channel)).data.status).toBe('disabled');
  });

  it('answers 400 for malformed queries and bodies', async () => {
    for (const q of ['page=0', 'page=abc', 'status=gone', 'pageSize=51', 'departmentId=-1']) {
      expect((await call('GET', `company/members?${q}`, company)).status).toBe(400);
    }
    expect((await call('POST', 'company/members', company, { departmentId: 'x' })).status).toBe(400);
    expect((await call('POST', 'company/members', company, [])).status).toBe(400);
    expect((await call('PUT', 'company/members/99999999999/leave', company)).status).toBe(400);
  });
});

describe('join by QR code', () => {
  const joinBody = (token: string, over: Record<string, unknown> = {}) => ({
    token,
    name: '王五',
    idNumber: idNumber('1995-05-05', 331),
    mobile: '13700137000',
    ...over,
  });

  it('the company creates an invitation, a member joins once, isScan tells who; a second scan is refused', async () => {
    const d = await dept(company, '市场部');
    const inv = await call<Invitation>('POST', 'company/members/invitations', company, { departmentId: d.id });
    expect(inv.status).toBe(200);
    expect(inv.data.joinUrl).toContain(encodeURIComponent(inv.data.token));
    expect(new Date(inv.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await call<ScanState>('GET', `company/members/isScan/${inv.data.id}`, company)).data).toMatchObject({
      scanned: false,
      expired: false,
    });
    expect((await call('GET', `company/members/isScan/${inv.data.id}`, rival)).status).toBe(404);
    expect((await call('POST', 'company/members/invitations', rival, { departmentId: d.id })).status).toBe(400);

    const joined = await call<Joined>('POST', 'company/members/join', joiner, joinBody(inv.data.token));
    expect(joined).toMatchObject({ status: 200, data: { departmentName: '市场部' } });
    const state = (await call<ScanState>('GET', `company/members/isScan/${inv.data.id}`, company)).data;
    expect(state).toMatchObject({ scanned: true, memberName: '王五', companyMemberId: joined.data.companyMemberId });
    const list = await call<CompanyMemberList>('GET', `company/members?departmentId=${d.id}`, company);
    expect(list.data.list).toEqual([
      expect.objectContaining({ name: '王五', memberId: joiner.memberId, joinedByScan: true }),
    ]);
    const again = await call(
      'POST',
      'company/members/join',
      plain,
      joinBody(inv.data.token, { idNumber: idNumber('1993-03-03', 441) }),
    );
    expect(again).toMatchObject({ status: 409 });
    expect(again.msg).toContain('已被使用');
    expect((await call('POST', 'company/members/join/preview', plain, { token: inv.data.token })).status).toBe(409);
  });

  it('the join link names the company and department before the member gives an ID, and changes nothing', async () => {
    await ctx.database.db.update(members).set({ nickname: '示例科技' }).where(eq(members.id, company.memberId));
    const d = await dept(company, '研发部');
    const inv = (await call<Invitation>('POST', 'company/members/invitations', company, { departmentId: d.id })).data;
    const asked = await call<JoinPreview>('POST', 'company/members/join/preview', joiner, { token: inv.token });
    expect(asked).toMatchObject({
      status: 200,
      data: { companyName: '示例科技', departmentName: '研发部', expiresAt: inv.expiresAt },
    });
    expect((await call<ScanState>('GET', `company/members/isScan/${inv.id}`, company)).data.scanned).toBe(false);
    // Refused as the join itself would be; anonymous callers learn nothing.
    expect((await call('POST', 'company/members/join/preview', null, { token: inv.token })).status).toBe(401);
    expect((await call('POST', 'company/members/join/preview', company, { token: inv.token })).status).toBe(400);
    const unknown = await call('POST', 'company/members/join/preview', joiner, { token: 'x'.repeat(32) });
    expect(unknown).toMatchObject({ status: 404, code: 'A0404' });
    expect((await call('POST', 'company/members/join/preview', joiner, { token: 'short' })).status).toBe(400);
    expect((await call('POST', 'company/members/join/preview', joiner, {})).status).toBe(400);
    await ctx.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, inv.id));
    const late = await call('POST', 'company/members/join/preview', joiner, { token: inv.token });
    expect(late).toMatchObject({ status: 400, code: 'A0400' });
    expect(late.msg).toContain('已过期');
    await ctx.database.db.update(members).set({ nickname: '' }).where(eq(members.id, company.memberId));
  });

  it('an expired invitation is refused clearly and isScan says expired', async () => {
    const d = await dept(company, '过期部');
    const inv = (await call<Invitation>('POST', 'company/members/invitations', company, { departmentId: d.id })).data;
    await ctx.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, inv.id));
    const res = await call(
      'POST',
      'company/members/join',
      plain,
      joinBody(inv.token, { idNumber: idNumber('1993-03-03', 441) }),
    );
    expect(res).toMatchObject({ status: 400, code: 'A0400' });
    expect(res.msg).toContain('已过期');
    expect((await call<ScanState>('GET', `company/members/isScan/${inv.id}`, company)).data).toMatchObject({
      scanned: false,
      expired: true,
    });
    expect((await call<CompanyMemberList>('GET', `company/members?departmentId=${d.id}`, company)).data.total).toBe(0);
  });

  it('of parallel scans exactly one joins', async () => {
    const d = await dept(company, '并发部');
    const inv = (await call<Invitation>('POST', 'company/members/invitations', company, { departmentId: d.id })).data;
    const others = await Promise.all([1, 2, 3, 4].map((i) => account(`parallel.${i}`, ['member'])));
    const answers = await Promise.all(
      others.map((who, i) =>
        call(
          'POST',
          'company/members/join',
          who,
          joinBody(inv.token, { idNumber: idNumber('1980-02-02', 501 + i * 2) }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect((await call<CompanyMemberList>('GET', `company/members?departmentId=${d.id}`, company)).data.total).toBe(1);
  });

  it('an unknown token, a bad ID and the company scanning its own code are refused; join needs sign-in', async () => {
    expect((await call('POST', 'company/members/join', plain, joinBody('x'.repeat(32)))).status).toBe(404);
    expect((await call('POST', 'company/members/join', plain, joinBody('short'))).status).toBe(400);
    expect((await call('POST', 'company/members/join', null, joinBody('x'.repeat(32)))).status).toBe(401);
    const d = await dept(company, '自扫部');
    const inv = (await call<Invitation>('POST', 'company/members/invitations', company, { departmentId: d.id })).data;
    expect(
      (await call('POST', 'company/members/join', plain, joinBody(inv.token, { idNumber: wrongCheckDigit(zhang) })))
        .status,
    ).toBe(400);
    expect((await call('POST', 'company/members/join', company, joinBody(inv.token))).status).toBe(400);
    expect((await call<ScanState>('GET', `company/members/isScan/${inv.id}`, company)).data.scanned).toBe(false);
  });
});

describe('commission shares', () => {
  it('stores shares per department and month, sum at most 100%, own departments only', async () => {
    const a = await dept(rival, '一部');
    const b = await dept(rival, '二部');
    const saved = await call<Bonus>('PUT', 'company/bonus', rival, {
      period: '2026-10',
      shares: [
        { departmentId: a.id, percent: 60 },
        { departmentId: b.id, percent: 40 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.data.totalPercent).toBe(100);
    expect(
      (
        await call('PUT', 'company/bonus', rival, {
          period: '2026-10',
          shares: [
            { departmentId: a.id, percent: 60.5 },
            { departmentId: b.id, percent: 40 },
          ],
        })
      ).status,
    ).toBe(400);
    const mine = await dept(company, '佣金部');
    expect(
      (
        await call('PUT', 'company/bonus', rival, {
          period: '2026-10',
          shares: [{ departmentId: mine.id, percent: 10 }],
        })
      ).status,
    ).toBe(400);
    expect((await call('PUT', 'company/bonus', rival, { period: '2026-13', shares: [] })).status).toBe(400);
    const read = await call<Bonus>('GET', 'company/bonus?period=2026-10', rival);
    expect(read.data.shares.find((s) => s.departmentId === a.id)?.percent).toBe(60);
    expect((await call<Bonus>('GET', 'company/bonus?period=2026-11', rival)).data.totalPercent).toBe(0);
    expect((await call('GET', 'company/bonus?period=2026-10', plain)).code).toBe('A0303');
  });
});

describe('the company picker of channel staff', () => {
  it('channel staff list every company account (searchable) and act on the one they pick; a company sees only itself', async () => {
    const all = await call<CompanyOptionList>('GET', 'company/companies', channel);
    expect(all.status).toBe(200);
    const ids = all.data.list.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([company.memberId, rival.memberId]));
    expect(ids).not.toContain(plain.memberId);
    expect(ids).not.toContain(channel.memberId);
    expect((await call<CompanyOptionList>('GET', 'company/companies?keyword=rival', channel)).data.list).toEqual([
      { id: rival.memberId, name: 'rival.company' },
    ]);
    expect((await call<CompanyOptionList>('GET', 'company/companies', company)).data.list).toEqual([
      { id: company.memberId, name: 'acme.company' },
    ]);
    expect((await call('GET', 'company/companies', plain)).code).toBe('A0303');

    // Without a pick the bonus call asks for one; with it, channel staff see and save that company's shares.
    expect(await call('GET', 'company/bonus?period=2026-10', channel)).toMatchObject({ status: 400, code: 'A0410' });
    const shares = await call<Bonus>('GET', `company/bonus?period=2026-10&companyId=${rival.memberId}`, channel);
    expect(shares.data.shares.map((s) => s.departmentName)).toEqual(expect.arrayContaining(['一部', '二部']));
    expect(shares.data.shares.map((s) => s.departmentName)).not.toContain('佣金部');
    const dept1 = shares.data.shares.find((s) => s.departmentName === '一部')!.departmentId;
    const saved = await call<Bonus>('PUT', `company/bonus?companyId=${rival.memberId}`, channel, {
      period: '2026-08',
      shares: [{ departmentId: dept1, percent: 25 }],
    });
    expect(saved).toMatchObject({ status: 200, data: { totalPercent: 25 } });
    expect((await call<Bonus>('GET', 'company/bonus?period=2026-08', rival)).data.totalPercent).toBe(25);
    // A company id that is no company answers 404; a company cannot act for another one.
    expect(await call('GET', `company/bonus?period=2026-10&companyId=${plain.memberId}`, channel)).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(
      (await call<Bonus>('GET', `company/bonus?period=2026-08&companyId=${rival.memberId}`, company)).data.totalPercent,
    ).toBe(0);
  });
});

describe('team insurance from company members', () => {
  it("copies chosen members into the owner's team draft with their whole ID, masked in the list; others refused", async () => {
    const { productByCode } = await import('../../test/buying.ts');
    const { startDate, yearsBefore } = await import('../../test/dates.ts');
    const employer = await productByCode(ctx, 'TEAM-EMP');
    const start = startDate();
    const draft = await call<{ id: number }>('POST', 'order/drafts', company, {
      productId: employer.id,
      planCode: employer.plans[0].code,
      termDays: 365,
      startDate: start,
    });
    expect(draft.status).toBe(200);
    const d = await dept(company, '投保部');
    const ids: number[] = [];
    for (const [i, name] of ['赵一', '钱二'].entries()) {
      const added = await call<CompanyMember>('POST', 'company/members', company, {
        departmentId: d.id,
        name,
        idNumber: idNumber(yearsBefore(start, 30 + i), 601 + i * 2),
      });
      ids.push(added.data.id);
    }
    const theirs = await call<CompanyMember>('POST', 'company/members', rival, {
      departmentId: (await dept(rival, '投保部')).id,
      name: '孙三',
      idNumber: idNumber(yearsBefore(start, 40), 701),
    });
    expect(
      (await call('POST', `company/members/team/${draft.data.id}`, company, { ids: [theirs.data.id] })).status,
    ).toBe(400);
    expect((await call('POST', `company/members/team/${draft.data.id}`, rival, { ids: [theirs.data.id] })).status).toBe(
      404,
    );
    expect((await call('POST', `company/members/team/${draft.data.id}`, plain, { ids })).code).toBe('A0303');
    const res = await call<{ rows: { name: string; idNumberMasked: string }[] }>(
      'POST',
      `company/members/team/${draft.data.id}`,
      company,
      { ids, occupationClass: 2 },
    );
    expect(res.status).toBe(200);
    expect(res.data.rows.map((r) => r.name).sort()).toEqual(['赵一', '钱二'].sort());
    expect(res.data.rows[0].idNumberMasked).toContain('*');
    const again = await call('POST', `company/members/team/${draft.data.id}`, company, { ids: [ids[0]] });
    expect(again.status).toBe(400);
    expect(again.msg).toContain('已在名单中');
    await call('PUT', `company/members/${ids[1]}/leave`, company);
    expect((await call('POST', `company/members/team/${draft.data.id}`, company, { ids: [ids[1]] })).msg).toContain(
      '未在职',
    );
  });
});

describe('commission amounts per department', () => {
  it("splits the company's commission earned in the month (China time, reversed left out) by the shares, rounding down", async () => {
    const { paidPolicy, productByCode } = await import('../../test/buying.ts');
    const { commissions } = await import('../../db/schema.ts');
    const accident = await productByCode(ctx, 'ACC-ZH');
    const a = await dept(rival, '甲部');
    const b = await dept(rival, '乙部');
    await call('PUT', 'company/bonus', rival, {
      period: '2026-09',
      shares: [
        { departmentId: a.id, percent: 33.33 },
        { departmentId: b.id, percent: 66.67 },
      ],
    });
    const row = (
      orderId: number,
      orderNo: string,
      amountFen: number,
      earnedAt: string,
      status: 'earned' | 'reversed' = 'earned',
    ) => ({
      memberId: rival.memberId,
      orderId,
      orderNo,
      basePremiumFen: amountFen * 10,
      rateBp: 1000,
      amountFen,
      earnedAt: new Date(earnedAt),
      status,
    });
    const p1 = await paidPolicy(ctx, rival, accident);
    const p2 = await paidPolicy(ctx, rival, accident);
    const p3 = await paidPolicy(ctx, rival, accident);
    await ctx.database.db.insert(commissions).values([
      // 1 September 00:30 in China is still 31 August in UTC: it counts for September.
      row(p1.order.id, p1.order.orderNo, 10_001, '2026-08-31T16:30:00Z'),
      row(p2.order.id, p2.order.orderNo, 5_000, '2026-09-10T00:00:00Z', 'reversed'),
      row(p3.order.id, p3.order.orderNo, 7_000, '2026-09-30T16:30:00Z'),
    ]);
    const bonus = (
      await call<Bonus & { commissionFen: number; shares: { amountFen: number }[] }>(
        'GET',
        'company/bonus?period=2026-09',
        rival,
      )
    ).data;
    expect(bonus.commissionFen).toBe(10_001);
    expect(bonus.shares.find((s) => s.departmentId === a.id)?.amountFen).toBe(3333);
    expect(bonus.shares.find((s) => s.departmentId === b.id)?.amountFen).toBe(6667);
    expect(
      (await call<Bonus & { commissionFen: number }>('GET', 'company/bonus?period=2026-10', rival)).data.commissionFen,
    ).toBe(7000);
    expect(
      (await call<Bonus & { commissionFen: number }>('GET', 'company/bonus?period=2026-09', company)).data
        .commissionFen,
    ).toBe(0);
  });
});
