import { describe, expect, it } from 'vitest';
import type { MessageList } from '#shared/orders.ts';
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

const ids: number[] = [];
for (let i = 1; i <= 3; i += 1) ids.push(await sendMessage(db, { memberId: member.memberId, type: 'payment', title: `支付成功 ${i}`, body: `第 ${i} 条`, link: '/policy/index' }));
const othersMessage = await sendMessage(db, { memberId: other.memberId, type: 'system', title: '别人的', body: '不给你看' });

describe('messages', () => {
  it('lists one\'s own, newest first, with the unread count', async () => {
    const { status, data } = await call<MessageList>('GET', 'messages?pageSize=2');
    expect(status).toBe(200);
    expect(data).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(data.list.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(data.list[0]).toMatchObject({ type: 'payment', title: '支付成功 3', body: '第 3 条', link: '/policy/index', read: false, createdAt: expect.any(String) });
    expect((await call<MessageList>('GET', 'messages?page=2&pageSize=2')).data.list.map((m) => m.id)).toEqual([ids[0]]);
    expect((await call('GET', 'messages?page=0')).status).toBe(400);
  });

  it('marks one read (answering the new unread count), not anyone else\'s', async () => {
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
