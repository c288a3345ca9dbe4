import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyDetail, PolicyList, PolicyListItem, UnpaidOrderItem } from '#shared/policies.ts';
import { renderView } from '../testing.tsx';
import PolicyView from './index.tsx';

/*
 * The screen against answers shaped as the server gives them (src/shared/policies.ts). A real call
 * from jsdom would fail late, so the api module is replaced; documents.ts too (the WeChat choice
 * has its own test).
 */
const api = vi.hoisted(() => ({
  listPolicies: vi.fn(),
  getPolicy: vi.fn(),
  surrenderPolicy: vi.fn(),
}));
vi.mock('../../api/policies.ts', () => ({
  ...api,
  policyPdfPath: (id: number) => `order/downloadPolicy/${id}`,
  voucherPdfPath: (id: number) => `order/downloadVoucher/${id}`,
  recordPdfPath: (id: number) => `order/downloadRecord/${id}`,
}));
const openDocument = vi.hoisted(() => vi.fn());
vi.mock('./documents.ts', () => ({ openDocument }));

// InfiniteScroll loads only when its element is laid out; jsdom lays out nothing.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
});

const policyItem = (over: Partial<PolicyListItem> = {}): PolicyListItem => ({
  kind: 'policy',
  id: 11,
  policyNo: 'P2026112300000011',
  orderId: 21,
  productId: 3,
  productName: '百万医疗险',
  planName: '标准版',
  insurer: '演示健康保险股份有限公司',
  team: false,
  startDate: '2026-11-26',
  endDate: '2027-11-25',
  effectiveAt: '2026-11-25T16:00:00.000Z',
  expiresAt: '2027-11-25T16:00:00.000Z',
  premiumFen: 21800,
  insuredCount: 1,
  insured: [{ name: '张三', idNumberMasked: '1101**********5031' }],
  applicantName: '张三',
  status: 'active',
  statusText: '保障中',
  issuedAt: '2026-11-23T01:00:00.000Z',
  ...over,
});

const unpaidItem: UnpaidOrderItem = {
  kind: 'order',
  orderId: 31,
  orderNo: 'O2026112300000031',
  productId: 3,
  productName: '综合意外险',
  planName: '基础版',
  team: false,
  startDate: '2026-11-30',
  endDate: '2027-11-29',
  premiumFen: 6900,
  insuredCount: 1,
  insured: [{ name: '李四', idNumberMasked: '1101**********1234' }],
  applicantName: '李四',
  status: 'unpaid',
  statusText: '待支付',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-11-23T01:30:00.000Z',
};

const page = (list: PolicyList['list'], total = list.length): PolicyList => ({ list, total, page: 1, pageSize: 10 });

function detail(over: Partial<PolicyDetail> = {}): PolicyDetail {
  const { kind: _k, insured: _i, ...base } = policyItem();
  return {
    ...base,
    productTypeCode: 'medical',
    orderNo: 'O2026112300000021',
    termLabel: '1年',
    paidAt: '2026-11-23T01:00:00.000Z',
    coverages: [{ name: '一般医疗保险金', sumInsuredFen: 300_000_000, description: '住院医疗' }],
    totalSumInsuredFen: 300_000_000,
    claimLimitsFen: {},
    applicant: {
      name: '张三',
      idType: 'id_card',
      idNumberMasked: '1101**********5031',
      mobileMasked: '139****5671',
      sex: 'male',
      age: 36,
      relation: null,
    },
    holder: null,
    insured: [
      {
        id: 41,
        name: '张三',
        idType: 'id_card',
        idNumberMasked: '1101**********5031',
        mobileMasked: '139****5671',
        sex: 'male',
        age: 36,
        relation: 'self',
        voucherNo: 'P2026112300000011-001',
        occupationClass: null,
        premiumFen: null,
      },
    ],
    coolingOffDays: 15,
    waitingDays: 30,
    surrender: null,
    coolingOffKeptAt: null,
    renewable: false,
    actions: {
      download: true,
      surrender: { allowed: true, until: '2026-12-08T16:00:00.000Z', beforeStart: false, reason: null },
      claim: { allowed: true, reason: null },
    },
    ...over,
  };
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('policy list', () => {
  it('asks for the tab in the address and shows product, plan, number, insured, period, premium and state', async () => {
    api.listPolicies.mockResolvedValue(page([policyItem()]));
    renderView(<PolicyView />, { path: '/policy/index?status=active' });
    const card = await screen.findByTestId('policy-card');
    expect(api.listPolicies).toHaveBeenCalledWith({ status: 'active', keyword: '', page: 1, pageSize: 10 });
    // Dates sit in boxes of their own (kept on one line): the card's text as read.
    for (const text of ['百万医疗险', '标准版', 'P2026112300000011', '2026-11-26 至 2027-11-25', '¥218.00', '保障中']) {
      expect(card.textContent).toContain(text);
    }
    // Applicant and insured.
    expect(within(card).getAllByText('张三')).toHaveLength(2);
  });

  it('lists every state under 全部 when the address names none', async () => {
    api.listPolicies.mockResolvedValue(page([]));
    renderView(<PolicyView />, { path: '/policy/index' });
    expect(await screen.findByText('暂无保单')).toBeTruthy();
    expect(api.listPolicies).toHaveBeenCalledWith(expect.objectContaining({ status: undefined }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('全部');
  });

  it('searches once typing pauses, with the whole keyword, and says when nothing matches', async () => {
    api.listPolicies.mockResolvedValue(page([]));
    renderView(<PolicyView />, { path: '/policy/index?status=active' });
    await screen.findByText('暂无保单');
    const box = screen.getByPlaceholderText('保单号或被保人姓名');
    fireEvent.change(box, { target: { value: '张' } });
    fireEvent.change(box, { target: { value: '张三' } });
    expect(await screen.findByText('没有找到与“张三”相关的保单')).toBeTruthy();
    const keywords = api.listPolicies.mock.calls.map(([q]) => q.keyword);
    expect(keywords).toEqual(['', '张三']);
  });

  it("opens the QR code's ?policyNo= as a search in 全部", async () => {
    api.listPolicies.mockResolvedValue(page([policyItem()]));
    renderView(<PolicyView />, { path: '/policy/index?policyNo=P2026112300000011' });
    await screen.findByTestId('policy-card');
    expect(api.listPolicies).toHaveBeenCalledWith({
      status: undefined,
      keyword: 'P2026112300000011',
      page: 1,
      pageSize: 10,
    });
  });

  it('loads the next page while more remain', async () => {
    const first = Array.from({ length: 10 }, (_, i) => policyItem({ id: i + 1, policyNo: `P${i + 1}` }));
    api.listPolicies
      .mockResolvedValueOnce(page(first, 11))
      .mockResolvedValueOnce({ ...page([policyItem({ id: 11, policyNo: 'P11' })], 11), page: 2 });
    renderView(<PolicyView />, { path: '/policy/index?status=active' });
    await waitFor(() => expect(screen.getAllByTestId('policy-card')).toHaveLength(11));
    expect(api.listPolicies.mock.calls.map(([q]) => q.page)).toEqual([1, 2]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('shows orders waiting for payment under 待支付, with their pay-by time', async () => {
    api.listPolicies.mockResolvedValue(page([unpaidItem]));
    renderView(<PolicyView />, { path: '/policy/index?status=unpaid' });
    const card = await screen.findByTestId('policy-card');
    expect(api.listPolicies).toHaveBeenCalledWith(expect.objectContaining({ status: 'unpaid' }));
    expect(within(card).getByText('订单号：O2026112300000031')).toBeTruthy();
    expect(within(card).getByText('待支付')).toBeTruthy();
    expect(within(card).getByText(/^请于 .* 前支付$/)).toBeTruthy();
  });

  it('says a failed load plainly and loads again on 重新加载', async () => {
    api.listPolicies.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(page([policyItem()]));
    renderView(<PolicyView />, { path: '/policy/index?status=active' });
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('policy-card')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });
});

describe('policy detail', () => {
  it('shows the policy, its coverages and masked persons, and the cooling-off end in Beijing time', async () => {
    api.getPolicy.mockResolvedValue(detail());
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    expect((await screen.findByTestId('policy-no')).textContent).toBe('P2026112300000011');
    expect(api.getPolicy).toHaveBeenCalledWith('11');
    expect(screen.getByText('一般医疗保险金')).toBeTruthy();
    expect(screen.getByText('¥3,000,000.00')).toBeTruthy();
    expect(document.body.textContent).toContain('15 天，至 2026-12-08 24:00 止');
    expect(screen.getAllByText(/1101\*{10}5031/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '下载凭证' })).toBeNull();
  });

  it("says when the policy is not the member's or does not exist", async () => {
    api.getPolicy.mockResolvedValue(null);
    renderView(<PolicyView />, { path: '/policy/index?id=999' });
    expect(await screen.findByText('保单不存在')).toBeTruthy();
  });

  it('offers one voucher per insured person of a team policy, shown in the page when the choice is to view', async () => {
    const insured = detail().insured[0];
    api.getPolicy.mockResolvedValue(
      detail({
        team: true,
        applicant: null,
        insuredCount: 2,
        holder: {
          company: '演示物流有限公司',
          creditCode: '91310000MA1FL0XX3J',
          contact: '钱会计',
          contactMobileMasked: '137****0002',
        },
        insured: [
          { ...insured, id: 51, name: '王一', relation: null },
          { ...insured, id: 52, name: '王二', relation: null },
        ],
      }),
    );
    openDocument.mockResolvedValue({ kind: 'view', url: 'blob:voucher', filename: '保险凭证-王二.pdf' });
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    const buttons = await screen.findAllByRole('button', { name: '下载凭证' });
    expect(buttons).toHaveLength(2);
    expect(screen.getByText('演示物流有限公司')).toBeTruthy();
    fireEvent.click(buttons[1]);
    expect(await screen.findByRole('button', { name: '在浏览器中打开' })).toBeTruthy();
    expect(openDocument).toHaveBeenCalledWith('order/downloadVoucher/52', '保险凭证-王二.pdf');
    expect(screen.getByText('保险凭证-王二.pdf')).toBeTruthy();
  });

  it('downloads the purchase record (投保过程记录) of the policy', async () => {
    api.getPolicy.mockResolvedValue(detail());
    openDocument.mockResolvedValue({ kind: 'saved' });
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    fireEvent.click(await screen.findByRole('button', { name: '下载投保过程记录' }));
    await waitFor(() =>
      expect(openDocument).toHaveBeenCalledWith('order/downloadRecord/11', '投保过程记录-P2026112300000011.pdf'),
    );
  });

  it('links 申请理赔 to the claim screen with the policy', async () => {
    api.getPolicy.mockResolvedValue(detail());
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    const claim = await screen.findByRole('button', { name: '申请理赔' });
    expect((claim as HTMLButtonElement).disabled).toBe(false);
  });

  it('surrenders after the member confirms the refund and gives a reason, then shows the policy again', async () => {
    api.getPolicy.mockResolvedValueOnce(detail()).mockResolvedValue(
      detail({
        status: 'surrendered',
        statusText: '已退保',
        surrender: {
          surrenderedAt: '2026-11-23T02:00:00.000Z',
          reason: '重复投保',
          refundFen: 21800,
          refundStatus: 'SUCCESS',
        },
        actions: {
          download: true,
          surrender: { allowed: false, until: '2026-12-08T16:00:00.000Z', beforeStart: false, reason: '保单已退保' },
          claim: { allowed: false, reason: '保单已退保，不能报案' },
        },
      }),
    );
    api.surrenderPolicy.mockResolvedValue({ result: {}, message: '退保成功，保费将原路退回' });
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    fireEvent.click(await screen.findByRole('button', { name: '退保' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('surrender-refund').textContent).toBe('¥218.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退保' }));
    expect(await within(dialog).findByText('请选择或填写退保原因')).toBeTruthy();
    expect(api.surrenderPolicy).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByText('重复投保'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退保' }));
    expect(await screen.findByText('退保信息')).toBeTruthy();
    expect(api.surrenderPolicy).toHaveBeenCalledWith(11, '重复投保');
    expect(api.getPolicy).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: '退保' })).toBeNull();
    expect((screen.getByRole('button', { name: '申请理赔' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('before cover starts offers 退保 with a full refund on a product without a cooling-off period', async () => {
    api.getPolicy.mockResolvedValue(
      detail({
        status: 'pending',
        statusText: '待生效',
        coolingOffDays: 0,
        actions: {
          download: true,
          surrender: { allowed: true, until: null, beforeStart: true, reason: null },
          claim: { allowed: false, reason: '保单尚未生效，不能报案' },
        },
      }),
    );
    api.surrenderPolicy.mockResolvedValue({ result: {}, message: '退保成功，保费将原路退回' });
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    fireEvent.click(await screen.findByRole('button', { name: '退保' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('生效前退保')).toBeTruthy();
    expect(within(dialog).getByText(/保险责任开始（2026-11-26 00:00）前退保，全额退还保费/)).toBeTruthy();
    expect(within(dialog).getByTestId('surrender-refund').textContent).toBe('¥218.00');
    fireEvent.click(within(dialog).getByText('重复投保'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退保' }));
    await waitFor(() => expect(api.surrenderPolicy).toHaveBeenCalledWith(11, '重复投保'));
  });

  it('after the cooling-off period offers no 退保 and says why', async () => {
    api.getPolicy.mockResolvedValue(
      detail({
        actions: {
          download: true,
          surrender: {
            allowed: false,
            until: '2026-12-08T16:00:00.000Z',
            beforeStart: false,
            reason: '犹豫期已于 2026-12-08 24:00 结束，不能在线退保',
          },
          claim: { allowed: true, reason: null },
        },
      }),
    );
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    expect(await screen.findByText('犹豫期已于 2026-12-08 24:00 结束，不能在线退保')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退保' })).toBeNull();
  });
});
