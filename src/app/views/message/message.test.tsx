import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '#shared/orders.ts';
import { renderView } from '../testing.tsx';
import { badgeText } from '../../components/ui/badge.ts';
import MessageView from './index.tsx';

describe('badge text', () => {
  it('is empty at 0, the number up to 99, 99+ beyond', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1000)).toBe('99+');
  });
});

const server = vi.hoisted(() => ({
  messages: [] as Message[],
  readCalls: [] as number[],
  readAllCalls: 0,
}));
vi.mock('../../api/messages.ts', () => ({
  listMessages: async () => ({
    list: server.messages,
    total: server.messages.length,
    page: 1,
    pageSize: 50,
    unread: server.messages.filter((m) => !m.read).length,
  }),
  markMessageRead: async (id: number) => {
    server.readCalls.push(id);
    server.messages = server.messages.map((m) => (m.id === id ? { ...m, read: true } : m));
    return server.messages.filter((m) => !m.read).length;
  },
  markAllMessagesRead: async () => {
    server.readAllCalls += 1;
    const n = server.messages.filter((m) => !m.read).length;
    server.messages = server.messages.map((m) => ({ ...m, read: true }));
    return n;
  },
}));

const msg = (id: number, title: string, read: boolean): Message => ({
  id,
  type: 'claim',
  template: null,
  title,
  body: `${title}的内容`,
  link: '/claim/index',
  read,
  createdAt: '2026-11-20T02:00:00.000Z',
});

describe('站内信', () => {
  it('lists messages, tapping an unread one marks it read and shows it, the unread tab follows', async () => {
    server.messages = [msg(3, '理赔审核中', false), msg(2, '报案成功', false), msg(1, '支付成功', true)];
    server.readCalls = [];
    renderView(<MessageView />);
    expect(await screen.findByText('理赔审核中')).toBeTruthy();
    expect(within(screen.getByTestId('unread-badge')).getByText('2')).toBeTruthy();
    fireEvent.click(screen.getByText('理赔审核中'));
    await waitFor(() => expect(server.readCalls).toEqual([3]));
    expect(await screen.findByText('理赔审核中的内容', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('unread-badge')).getByText('1')).toBeTruthy());
    fireEvent.click(screen.getByText('未读'));
    await waitFor(() => expect(screen.queryByLabelText('未读 理赔审核中')).toBeNull());
    expect(screen.getByLabelText('未读 报案成功')).toBeTruthy();
  });

  it('全部已读 clears the count and the unread tab', async () => {
    server.messages = [msg(5, '理赔款已支付', false), msg(4, '请补充理赔材料', false)];
    server.readAllCalls = 0;
    renderView(<MessageView />);
    await screen.findByText('理赔款已支付');
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(server.readAllCalls).toBe(1));
    await waitFor(() => expect(screen.queryByText('2')).toBeNull());
    expect(screen.getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('未读'));
    expect(await screen.findByText('没有未读消息')).toBeTruthy();
  });
});
