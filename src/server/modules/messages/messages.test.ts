import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MessageList, MessageType } from '#shared/orders.ts';
import { messages } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { sendMessage } from './repository.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const db = ctx.database.db;
const member = await signIn(ctx, 'demo.member');
const other = await signIn(ctx, 'demo.company');

async function call<T>(method: 'GET' | 'PUT', path: string, who = member) {
  const res = await ctx.app.inject({ method, url: `${V1}/${path}`, headers: who.headers });
  const json = res.json();
  return { status: res.statusCode, code: json.code as string, data: json.data as T };
}

/** A message as written before templates: plain Chinese text, no template. */
async function plainMessage(
  memberId: number,
  type: MessageType,
  title: string,
  body: string,
  link: string | null = null,
): Promise<number> {
  const [row] = await db.insert(messages).values({ memberId, type, title, body, link }).returning({ id: messages.id });
  return row.id;
}

const ids: number[] = [];
for (let i = 1; i <= 3; i += 1)
  ids.push(await plainMessage(member.memberId, 'payment', `支付成功 ${i}`, `第 ${i} 条`, '/policy/index'));
const othersMessage = await plainMessage(other.memberId, 'system', '别人的', '不给你看');

describe('messages', () => {
  it("lists one's own, newest first, with the unread count", async () => {
    const { status, data } = await call<MessageList>('GET', 'messages?pageSize=2');
    expect(status).toBe(200);
    expect(data).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(data.list.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(data.list[0]).toMatchObject({
      type: 'payment',
      template: null,
      title: '支付成功 3',
      body: '第 3 条',
      link: '/policy/index',
      read: false,
      createdAt: expect.any(String),
    });
    expect((await call<MessageList>('GET', 'messages?page=2&pageSize=2')).data.list.map((m) => m.id)).toEqual([ids[0]]);
    expect((await call('GET', 'messages?page=0')).status).toBe(400);
  });

  it("marks one read (answering the new unread count), not anyone else's", async () => {
    expect(await call('PUT', `messages/${ids[0]}/read`)).toMatchObject({ status: 200, data: { count: 2 } });
    expect(await call('PUT', `messages/${ids[0]}/read`)).toMatchObject({ status: 200, data: { count: 2 } });
    expect(await call('GET', 'messages/unread-count')).toMatchObject({ data: { count: 2 } });
    expect(await call('PUT', `messages/${othersMessage}/read`)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await call('GET', 'messages/unread-count', other)).toMatchObject({ data: { count: 1 } });
    const list = await call<MessageList>('GET', 'messages');
    expect(list.data.list.find((m) => m.id === ids[0])?.read).toBe(true);
  });

  it('marks all read', async () => {
    expect(await call('PUT', 'messages/read-all')).toMatchObject({ status: 200, data: { updated: 2 } });
    expect(await call('GET', 'messages/unread-count')).toMatchObject({ data: { count: 0 } });
    expect(await call('PUT', 'messages/read-all')).toMatchObject({ data: { updated: 0 } });
    expect(await call('GET', 'messages/unread-count', other)).toMatchObject({ data: { count: 1 } });
  });
});

const reader = await signIn(ctx, 'demo.partner');
const product = { 'zh-cn': '境外旅行险', pl: 'Ubezpieczenie podróży zagranicznych' };
const list = async (language?: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${V1}/messages`,
    headers: { ...reader.headers, ...(language ? { 'accept-language': language } : {}) },
  });
  return { vary: res.headers.vary, list: (res.json().data as MessageList).list };
};
const supplement = await sendMessage(db, {
  memberId: reader.memberId,
  type: 'claim',
  template: 'claim.supplement',
  params: {
    claimNo: 'LP20261120000001',
    product,
    note: '请补充发票原件',
    bank: '招商银行',
    accountTail: '1234',
    paidFen: null,
  },
});
const refund = await sendMessage(db, {
  memberId: reader.memberId,
  type: 'policy',
  template: 'refund.succeeded',
  params: { product: { 'zh-cn': '百万医疗险' }, refundFen: 12_900 },
});
const old = await plainMessage(reader.memberId, 'system', '系统维护通知', '今晚 23:00 系统维护。');

describe('messages in the reader\u2019s language (docs/decisions/messages-in-the-readers-language.md)', () => {
  it('stores the Chinese text with the template key and parameters', async () => {
    const [row] = await db.select().from(messages).where(eq(messages.id, supplement));
    expect(row).toMatchObject({ template: 'claim.supplement', title: '请补充理赔材料' });
    expect(row.params).toMatchObject({ claimNo: 'LP20261120000001', note: '请补充发票原件' });
    // The note is a sentence of its own, before the next one.
    expect(row.body).toBe(
      '您的理赔 LP20261120000001（境外旅行险）需要补充材料。说明：请补充发票原件。请在“理赔”页面上传后点击“提交补充材料”。',
    );
  });

  it('renders Polish for a Polish reader, with Polish product names, and Chinese by default', async () => {
    const pl = await list('pl-PL,pl;q=0.9');
    expect(pl.vary).toMatch(/Accept-Language/);
    const byId = new Map(pl.list.map((m) => [m.id, m]));
    expect(byId.get(supplement)).toMatchObject({
      template: 'claim.supplement',
      title: 'Uzupełnij dokumenty',
      body: 'Szkoda LP20261120000001 (Ubezpieczenie podróży zagranicznych): potrzebne są dodatkowe dokumenty. Uwaga: 请补充发票原件. Dodaj je na stronie szkody i wybierz „Wyślij uzupełnienie”.',
    });
    const zh = new Map((await list()).list.map((m) => [m.id, m]));
    expect(zh.get(supplement)?.title).toBe('请补充理赔材料');
    expect(zh.get(refund)).toMatchObject({ title: '退款已到账', body: '您退保的百万医疗险保费 ¥129.00 已原路退回。' });
  });

  it('falls back to the Chinese name of a product without a Polish one', async () => {
    const pl = new Map((await list('pl')).list.map((m) => [m.id, m]));
    expect(pl.get(refund)).toMatchObject({
      title: 'Zwrot zaksięgowany',
      body: 'Składka ¥129.00 za wypowiedzianą polisę (百万医疗险) wróciła na konto, z którego zapłacono.',
    });
  });

  it('keeps showing a message written before templates as it was written', async () => {
    const pl = new Map((await list('pl')).list.map((m) => [m.id, m]));
    expect(pl.get(old)).toMatchObject({ template: null, title: '系统维护通知', body: '今晚 23:00 系统维护。' });
  });

  it('shows the stored text of a row whose template this version does not know', async () => {
    const [row] = await db
      .insert(messages)
      .values({
        memberId: reader.memberId,
        type: 'system',
        title: '新功能',
        body: '未来版本的消息',
        template: 'future.kind',
        params: {},
      })
      .returning({ id: messages.id });
    const pl = new Map((await list('pl')).list.map((m) => [m.id, m]));
    expect(pl.get(row.id)).toMatchObject({ template: 'future.kind', title: '新功能', body: '未来版本的消息' });
  });
});
