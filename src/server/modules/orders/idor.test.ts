import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Draft, OrderDetail, PayAnswer, TeamList } from '#shared/orders.ts';
import { messages, orders } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { sendMessage } from '../messages/repository.ts';
import { individualDraft, productByCode, unpaidOrder } from '../../test/buying.ts';
import { startDate, yearsBefore } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const accident = await productByCode(ctx, 'ACC-ZH');
const employer = await productByCode(ctx, 'TEAM-EMP');
const start = startDate();

// The owner's things: an individual draft, a team draft with one row, an unpaid and a paid order, a message.
const draft = await individualDraft(ctx, owner, accident);
const team = (
  await call<Draft>('POST', 'order/drafts', owner, {
    productId: employer.id,
    planCode: 'A',
    termDays: 365,
    startDate: start,
  })
).data;
const teamRow = (
  await call<TeamList>('POST', `order/drafts/${team.id}/team/insured`, owner, {
    name: '张三',
    idNumber: idNumber(yearsBefore(start, 30)),
    occupationClass: 1,
  })
).data.rows[0];
const unpaid = await unpaidOrder(ctx, owner, accident);
await call<PayAnswer>('POST', `order/${unpaid.id}/pay`, owner, {});
const paid = await unpaidOrder(ctx, owner, accident);
const paying = (await call<PayAnswer>('POST', `order/${paid.id}/pay`, owner, {})).data;
await fetch(`${ctx.url}/wx-sim/pay/test/pay`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ prepayId: paying.payParams.package.slice(10) }),
});
const messageId = await sendMessage(db, {
  memberId: owner.memberId,
  type: 'policy',
  template: 'refund.succeeded',
  params: { product: { 'zh-cn': '仅本人可见' }, refundFen: 100 },
});
const strangerTeam = (await call<Draft>('POST', 'order/drafts', stranger, { productId: employer.id })).data;

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('被保人名单').addRow(['姓名', '证件类型', '证件号码', '手机号', '职业类别']);
  wb.getWorksheet('被保人名单')!.addRow(['李四', '居民身份证', idNumber(yearsBefore(start, 40), 33), '', 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const file = await xlsx();

type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: (ids: Ids) => string, body?: unknown];
interface Ids {
  draft: number;
  team: number;
  row: number;
  order: number;
  message: number;
}

const rowBody = { name: '王五', idNumber: idNumber(yearsBefore(start, 35), 55), occupationClass: 2 };
const ROUTES: Route[] = [
  ['GET', (i) => `order/drafts/${i.draft}`],
  ['PUT', (i) => `order/drafts/${i.draft}`, { planCode: 'basic' }],
  ['DELETE', (i) => `order/drafts/${i.draft}`],
  ['POST', (i) => `order/drafts/${i.draft}/trail`, { type: 'consent', granted: true }],
  ['POST', (i) => `order/drafts/${i.draft}/submit`, {}],
  ['GET', (i) => `order/drafts/${i.team}/team`],
  ['GET', (i) => `order/drafts/${i.team}/team/template`],
  ['GET', (i) => `order/drafts/${i.team}/team/export`],
  ['POST', (i) => `order/drafts/${i.team}/team/insured`, rowBody],
  ['GET', (i) => `order/drafts/${i.team}/team/insured/${i.row}`],
  ['PUT', (i) => `order/drafts/${i.team}/team/insured/${i.row}`, rowBody],
  ['DELETE', (i) => `order/drafts/${i.team}/team/insured/${i.row}`],
  ['GET', (i) => `order/${i.order}`],
  ['GET', (i) => `order/${i.order}/status`],
  ['POST', (i) => `order/${i.order}/pay`, {}],
  ['POST', (i) => `order/${i.order}/cancel`],
  ['PUT', (i) => `messages/${i.message}/read`],
];

async function importAs(who: Caller | null, teamId: number) {
  const boundary = 'idor-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${V1}/order/drafts/${teamId}/team/import`,
    payload,
    headers: { ...(who?.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe("another member's drafts, team rows, orders and messages", () => {
  const theirs: Ids = { draft: draft.id, team: team.id, row: teamRow.id, order: unpaid.id, message: messageId };
  const nobody: Ids = { draft: 999_999, team: 999_998, row: 999_997, order: 999_996, message: 999_995 };

  it.each(ROUTES.map((r) => [`${r[0]} ${r[1](theirs).replace(/\d{2,}/g, '{id}')}`, r] as const))(
    '%s answers 404, exactly as for an id that does not exist',
    async (_name, [method, path, body]) => {
      const other = await call(method, path(theirs), stranger, body);
      const missing = await call(method, path(nobody), stranger, body);
      expect(other).toMatchObject({ status: 404, code: 'A0404' });
      expect(other.msg).toBe(missing.msg);
    },
  );

  it('the paid order is hidden the same way', async () => {
    for (const path of [`order/${paid.id}`, `order/${paid.id}/status`])
      expect(await call('GET', path, stranger)).toMatchObject({ status: 404 });
    expect(await call('POST', `order/${paid.id}/pay`, stranger, {})).toMatchObject({ status: 404 });
    expect(await call('POST', `order/${paid.id}/cancel`, stranger)).toMatchObject({ status: 404 });
  });

  it("import into another member's team draft answers 404 too", async () => {
    expect(await importAs(stranger, team.id)).toMatchObject({ status: 404, body: { code: 'A0404' } });
  });

  it("a row of their list cannot be reached through one's own draft", async () => {
    const path = `order/drafts/${strangerTeam.id}/team/insured/${teamRow.id}`;
    expect(await call('GET', path, stranger)).toMatchObject({ status: 404 });
    expect(await call('PUT', path, stranger, rowBody)).toMatchObject({ status: 404 });
    expect(await call('DELETE', path, stranger)).toMatchObject({ status: 404 });
  });

  it("lists show only one's own", async () => {
    const drafts = await call<{ list: { id: number }[] }>('GET', 'order/drafts?pageSize=50', stranger);
    expect(drafts.data.list.map((d) => d.id)).toEqual([strangerTeam.id]);
    const list = await call<{ list: OrderDetail[]; total: number }>('GET', 'order/list', stranger);
    expect(list.data).toMatchObject({ list: [], total: 0 });
    const inbox = await call<{ list: unknown[]; unread: number }>('GET', 'messages', stranger);
    expect(inbox.data).toMatchObject({ list: [], unread: 0 });
  });

  it("after all that, the owner's things are unchanged", async () => {
    expect((await call<Draft>('GET', `order/drafts/${draft.id}`, owner)).data).toMatchObject({
      planCode: draft.planCode,
      progress: { consent: false },
    });
    expect((await call<TeamList>('GET', `order/drafts/${team.id}/team`, owner)).data.rows.map((r) => r.name)).toEqual([
      '张三',
    ]);
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, unpaid.id));
    expect(o.status).toBe('unpaid');
    const [m] = await db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, messageId));
    expect(m.readAt).toBeNull();
  });

  it('without a token every route answers 401', async () => {
    for (const [method, path, body] of ROUTES)
      expect((await call(method, path(theirs), null, body)).status, path(theirs)).toBe(401);
    for (const path of ['order/drafts', 'order/list', 'messages', 'messages/unread-count'])
      expect((await call('GET', path, null)).status).toBe(401);
    expect((await call('PUT', 'messages/read-all', null)).status).toBe(401);
    expect((await call('POST', 'order/drafts', null, { productId: accident.id })).status).toBe(401);
    expect((await importAs(null, team.id)).status).toBe(401);
  });
});
