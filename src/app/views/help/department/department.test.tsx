import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { translate } from '../../../i18n/index.ts';
import { rolesAtom } from '../../../session/atoms.ts';
import { envelope, fakeFetch } from '../../../test/fake-fetch.ts';
import { renderView } from '../../testing.tsx';
import BonusView, { totalBp } from './bonus/index.tsx';
import DepartmentView, { actionsFor } from './index.tsx';
import { JoinCompanyCard } from './join-card.tsx';
import { absoluteJoinUrl } from './join-qr.tsx';

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('zh-cn', key, params);

afterEach(() => vi.unstubAllGlobals());

describe('department helpers', () => {
  it('offers the status changes that fit the current status', () => {
    expect(actionsFor('active')).toEqual(['disable', 'leave']);
    expect(actionsFor('disabled')).toEqual(['enable', 'leave']);
    expect(actionsFor('left')).toEqual(['enable']);
  });

  it('sums typed percents exactly', () => {
    expect(totalBp(['33.33', '66.67'])).toBe(10_000);
    expect(totalBp(['abc', '', '12.5'])).toBe(1250);
  });

  it('makes the QR carry the whole address on this site', () => {
    expect(absoluteJoinUrl('/#/help/person?join=abc', 'https://h5.example.com')).toBe(
      'https://h5.example.com/#/help/person?join=abc',
    );
  });
});

describe('部门管理', () => {
  it("lists departments with counts and the chosen department's members masked", async () => {
    const { fetch, calls } = fakeFetch((_r, call) =>
      call.url.includes('/company/departments')
        ? envelope({ list: [{ id: 3, companyId: 9, name: '销售部', memberCount: 1 }] })
        : envelope({
            list: [
              {
                id: 5,
                companyId: 9,
                departmentId: 3,
                departmentName: '销售部',
                name: '张三',
                mobile: '138****8000',
                idType: 'id_card',
                idNumber: '1101**********002X',
                memberId: 8,
                status: 'active',
                joinedByScan: true,
                updatedAt: '',
              },
            ],
            total: 1,
            page: 1,
            pageSize: 50,
          }),
    );
    vi.stubGlobal('fetch', fetch);
    renderView(<DepartmentView />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('1101**********002X · 138****8000')).toBeTruthy();
    expect(screen.getByText(zh('company.byScan'))).toBeTruthy();
    expect(screen.getByText(zh('company.memberCount', { count: 1 }))).toBeTruthy();
    expect(calls.some((c) => c.request.url.includes('/company/members?departmentId=3'))).toBe(true);
  });
});

describe('部门管理 with an empty department', () => {
  it('says 暂无成员 (not 暂无部门) for a department without members', async () => {
    const { fetch } = fakeFetch((_r, call) =>
      call.url.includes('/company/departments')
        ? envelope({ list: [{ id: 3, companyId: 9, name: '销售部', memberCount: 0 }] })
        : envelope({ list: [], total: 0, page: 1, pageSize: 50 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderView(<DepartmentView />);
    expect(await screen.findByText('暂无成员')).toBeTruthy();
    expect(screen.queryByText('暂无部门')).toBeNull();
  });
});

describe('department actions', () => {
  it('tapping the chosen department offers rename and delete; delete asks first and calls the server', async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.url.includes('/company/departments')
        ? envelope(
            request.method === 'DELETE' ? null : { list: [{ id: 3, companyId: 9, name: '销售部', memberCount: 0 }] },
          )
        : envelope({ list: [], total: 0, page: 1, pageSize: 50 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderView(<DepartmentView />);
    fireEvent.click((await screen.findAllByText('销售部'))[0]);
    fireEvent.click(await screen.findByText(zh('company.deleteDepartment')));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/prod-api/app-api/v1/company/departments/3')).toBe(
        true,
      ),
    );
  });
});

describe('adding a department', () => {
  it('says the name is missing instead of doing nothing', async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.url.includes('/company/departments')
        ? envelope({ list: [{ id: 3, companyId: 9, name: '销售部', memberCount: 0 }] })
        : envelope({ list: [], total: 0, page: 1, pageSize: 50 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderView(<DepartmentView />);
    await screen.findAllByText('销售部');
    fireEvent.click(screen.getByRole('button', { name: zh('company.addDepartment') }));
    expect((await screen.findByRole('alert')).textContent).toBe(zh('company.departmentNameRequired'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('channel staff pick the company first, with the picker of 佣金分配, and add the department to it', async () => {
    let added: { url: string; body: unknown } | undefined;
    const { fetch, calls } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/company/companies')) return envelope({ list: [{ id: 42, name: '乙公司' }] });
      if (call.url.endsWith('/company/departments') && request.method === 'POST') {
        added = { url: request.url, body: await request.clone().json() };
        return envelope({ id: 8, companyId: 42, name: '客服部', memberCount: 0 });
      }
      if (call.url.endsWith('/company/departments')) return envelope({ list: [] });
      return envelope({ list: [], total: 0, page: 1, pageSize: 50 });
    });
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    store.set(rolesAtom, ['channel']);
    renderView(<DepartmentView />, { store });
    expect(await screen.findByText(zh('department.pickCompany'))).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/company/departments'))).toBe(false);

    fireEvent.click(screen.getByText(zh('companyPicker.label')));
    fireEvent.click(await screen.findByText('乙公司'));
    const name = await screen.findByRole('textbox', { name: zh('company.departmentName') });
    fireEvent.change(name, { target: { value: '客服部' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('company.addDepartment') }));
    });
    await waitFor(() => expect(added?.body).toEqual({ name: '客服部' }));
    expect(new URL(added!.url).searchParams.get('companyId')).toBe('42');
    const read = calls.find((c) => c.url.endsWith('/company/departments') && c.method === 'GET')!;
    expect(new URL(read.request.url).searchParams.get('companyId')).toBe('42');
  });
});

describe('department refusals', () => {
  it('a refused delete shows the reason and leaves no unhandled rejection behind', async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.url.includes('/company/departments')
        ? request.method === 'DELETE'
          ? envelope(null, 'A0409', '部门下还有成员，不能删除', 409)
          : envelope({ list: [{ id: 3, companyId: 9, name: '销售部', memberCount: 1 }] })
        : envelope({ list: [], total: 0, page: 1, pageSize: 50 }),
    );
    vi.stubGlobal('fetch', fetch);
    const rejections: unknown[] = [];
    const seen = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', seen);
    try {
      renderView(<DepartmentView />);
      fireEvent.click((await screen.findAllByText('销售部'))[0]);
      fireEvent.click(await screen.findByText(zh('company.deleteDepartment')));
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: '确定' }));
      });
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', seen);
    }
  });
});

describe('join landing', () => {
  it('shows nothing without a token', () => {
    renderView(<JoinCompanyCard />, { path: '/help/person' });
    expect(screen.queryByText(zh('company.joinTitle'))).toBeNull();
  });

  it("names who asks, sends the token with the member's details and shows the department joined", async () => {
    let sent: unknown;
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.url.endsWith('/join/preview'))
        return envelope({ companyName: '示例科技', departmentName: '销售部', expiresAt: '2026-09-01T00:10:00.000Z' });
      sent = await request.clone().json();
      return envelope({ companyMemberId: 1, departmentName: '销售部' });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<JoinCompanyCard />, { path: '/help/person?join=tok_abcdefghijklmnopqrstuv' });
    expect((await screen.findByTestId('join-asker')).textContent).toBe(
      zh('company.joinAsks', { company: '示例科技', department: '销售部' }),
    );
    fireEvent.change(screen.getAllByPlaceholderText(zh('company.name'))[0], { target: { value: '王五' } });
    fireEvent.change(screen.getByPlaceholderText(zh('company.idNumber')), { target: { value: '11010519491231002X' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('company.joinSubmit') }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(zh('company.joined', { name: '销售部' })),
    );
    expect(calls.map((c) => c.url)).toEqual([
      '/prod-api/app-api/v1/company/members/join/preview',
      '/prod-api/app-api/v1/company/members/join',
    ]);
    expect(sent).toMatchObject({ token: 'tok_abcdefghijklmnopqrstuv', name: '王五', idNumber: '11010519491231002X' });
  });
});

describe('佣金分配', () => {
  it("shows each department's share and amount of the month's commission and saves the typed percents", async () => {
    let sent: unknown;
    const bonus = {
      period: '2026-09',
      totalPercent: 100,
      commissionFen: 10_001,
      shares: [
        { departmentId: 3, departmentName: '销售部', percent: 60, amountFen: 6000 },
        { departmentId: 4, departmentName: '技术部', percent: 40, amountFen: 4000 },
      ],
    };
    const { fetch } = fakeFetch(async (request) => {
      if (request.method === 'PUT') sent = await request.clone().json();
      return envelope(bonus);
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<BonusView />);
    expect(await screen.findByText(zh('company.shareAmount', { amount: '¥60.00' }))).toBeTruthy();
    expect(screen.getByText(zh('company.monthCommission', { amount: '¥100.01' }))).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: '销售部' }), { target: { value: '55.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('company.save') }));
    });
    await waitFor(() =>
      expect(sent).toMatchObject({
        shares: [
          { departmentId: 3, percent: 55.5 },
          { departmentId: 4, percent: 40 },
        ],
      }),
    );
  });

  it("asks channel staff to pick a company first, then reads and saves that company's shares", async () => {
    let saved: { url: string; body: unknown } | undefined;
    const bonus = {
      period: '2026-09',
      totalPercent: 0,
      commissionFen: 0,
      shares: [{ departmentId: 7, departmentName: '客服部', percent: 0, amountFen: 0 }],
    };
    const { fetch, calls } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/company/companies'))
        return envelope({
          list: [
            { id: 41, name: '甲公司' },
            { id: 42, name: '乙公司' },
          ],
        });
      if (request.method === 'PUT') saved = { url: request.url, body: await request.clone().json() };
      return envelope(bonus);
    });
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    store.set(rolesAtom, ['channel']);
    renderView(<BonusView />, { store });
    expect(await screen.findByText(zh('companyPicker.pickFirst'))).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/company/bonus'))).toBe(false);

    fireEvent.click(screen.getByText(zh('companyPicker.label')));
    fireEvent.click(await screen.findByText('乙公司'));
    expect(await screen.findByRole('spinbutton', { name: '客服部' })).toBeTruthy();
    const read = calls.find((c) => c.url.endsWith('/company/bonus'))!;
    expect(new URL(read.request.url).searchParams.get('companyId')).toBe('42');
    fireEvent.change(screen.getByRole('spinbutton', { name: '客服部' }), { target: { value: '30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('company.save') }));
    });
    await waitFor(() => expect(saved?.body).toMatchObject({ shares: [{ departmentId: 7, percent: 30 }] }));
    expect(new URL(saved!.url).searchParams.get('companyId')).toBe('42');
  });
});
