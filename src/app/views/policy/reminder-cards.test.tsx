import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import type { PolicyDetail, RenewalAnswer } from '#shared/policies.ts';
import { languageAtom } from '../../i18n/index.ts';
import { renderView } from '../testing.tsx';
import PolicyView from './index.tsx';

/*
 * The pages the reminders link to (docs/decisions/reminders-that-act.md), against answers shaped
 * as the server gives them; the api module is replaced.
 */
const api = vi.hoisted(() => ({
  listPolicies: vi.fn(),
  getPolicy: vi.fn(),
  surrenderPolicy: vi.fn(),
  keepPolicy: vi.fn(),
  renewPolicy: vi.fn(),
}));
vi.mock('../../api/policies.ts', () => ({
  ...api,
  policyPdfPath: (id: number) => `order/downloadPolicy/${id}`,
  voucherPdfPath: (id: number) => `order/downloadVoucher/${id}`,
}));

const IN_THREE_DAYS = new Date(Date.now() + 3 * 86_400_000).toISOString();

function detail(over: Partial<PolicyDetail> = {}): PolicyDetail {
  return {
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
    applicantName: '张三',
    status: 'active',
    statusText: '保障中',
    issuedAt: '2026-11-23T01:00:00.000Z',
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
    insured: [],
    coolingOffDays: 15,
    waitingDays: 30,
    surrender: null,
    coolingOffKeptAt: null,
    renewable: false,
    actions: {
      download: true,
      surrender: { allowed: true, until: IN_THREE_DAYS, beforeStart: false, reason: null },
      claim: { allowed: true, reason: null },
    },
    ...over,
  };
}

const refused = (refusal: NonNullable<RenewalAnswer['refusal']>): RenewalAnswer => ({
  policyId: 11,
  productId: 3,
  startDate: '2027-11-26',
  draftId: null,
  refusal,
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe("the cooling-off reminder's page", () => {
  it('offers 保留 and 退保; 保留 is recorded and the page then says so', async () => {
    api.getPolicy
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ coolingOffKeptAt: '2026-11-24T02:00:00.000Z' }));
    api.keepPolicy.mockResolvedValue({ policyId: 11, keptAt: '2026-11-24T02:00:00.000Z' });
    renderView(<PolicyView />, { path: '/policy/index?id=11&ask=cooling-off' });
    const card = await screen.findByRole('region', { name: '犹豫期即将结束' });
    expect(card.textContent).toContain('¥218.00');
    expect(within(card).getByRole('button', { name: '退保' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '保留保单' }));
    expect(await within(card).findByTestId('kept')).toBeTruthy();
    expect(api.keepPolicy).toHaveBeenCalledWith(11);
    expect(within(card).queryByRole('button', { name: '保留保单' })).toBeNull();
  });

  it('退保 opens the surrender confirmation', async () => {
    api.getPolicy.mockResolvedValue(detail());
    renderView(<PolicyView />, { path: '/policy/index?id=11&ask=cooling-off' });
    const card = await screen.findByRole('region', { name: '犹豫期即将结束' });
    fireEvent.click(within(card).getByRole('button', { name: '退保' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('surrender-refund').textContent).toBe('¥218.00');
  });

  it('shows no choice once the policy was surrendered', async () => {
    api.getPolicy.mockResolvedValue(
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
          surrender: { allowed: false, until: IN_THREE_DAYS, beforeStart: false, reason: '保单已退保' },
          claim: { allowed: false, reason: '保单已退保，不能报案' },
        },
      }),
    );
    renderView(<PolicyView />, { path: '/policy/index?id=11&ask=cooling-off' });
    expect(await screen.findByText('退保信息')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '犹豫期即将结束' })).toBeNull();
  });
});

describe("the renewal reminder's page", () => {
  it('opens the renewal draft the way 草稿箱 resumes a draft', async () => {
    api.getPolicy.mockResolvedValue(detail());
    api.renewPolicy.mockResolvedValue({
      policyId: 11,
      productId: 3,
      startDate: '2027-11-26',
      draftId: 77,
      refusal: null,
    });
    renderView(
      <>
        <PolicyView />
        <Where />
      </>,
      { path: '/policy/index?id=11&ask=renew' },
    );
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/insureDetails/index?productId=3&draftId=77'),
    );
    expect(api.renewPolicy).toHaveBeenCalledWith(11);
  });

  it("says why not, with the product's age limits", async () => {
    api.getPolicy.mockResolvedValue(detail());
    api.renewPolicy.mockResolvedValue(refused({ code: 'insured_age', message: '…', from: null, min: 0, max: 65 }));
    renderView(<PolicyView />, { path: '/policy/index?id=11&ask=renew' });
    expect((await screen.findByTestId('renewal-refusal')).textContent).toBe(
      '续保起保时被保险人已不在本产品的投保年龄（0–65 周岁）内，不能续保。',
    );
    expect(screen.getByRole('region', { name: '续保' }).textContent).toContain('暂不能续保');
  });

  it('is offered on the policy page in the last 30 days of a renewable policy, and only then', async () => {
    const inDays = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
    api.getPolicy.mockResolvedValue(detail({ renewable: true, endDate: inDays(40) }));
    const first = renderView(<PolicyView />, { path: '/policy/index?id=11' });
    await screen.findByRole('button', { name: '申请理赔' });
    expect(screen.queryByRole('button', { name: '续保' })).toBeNull();
    first.unmount();

    api.getPolicy.mockResolvedValue(detail({ renewable: true, endDate: inDays(20) }));
    api.renewPolicy.mockResolvedValue(refused({ code: 'off_sale', message: '…', from: null, min: null, max: null }));
    renderView(<PolicyView />, { path: '/policy/index?id=11' });
    fireEvent.click(await screen.findByRole('button', { name: '续保' }));
    expect((await screen.findByTestId('renewal-refusal')).textContent).toBe(
      '该产品已停售，不能续保，可选择其他产品投保。',
    );
    expect(api.renewPolicy).toHaveBeenCalledWith(11);
  });

  it('says it in Polish for a Polish reader', async () => {
    const store = createStore();
    store.set(languageAtom, 'pl');
    api.getPolicy.mockResolvedValue(detail());
    api.renewPolicy.mockResolvedValue(
      refused({ code: 'too_early', message: '续保可在 2027-10-27 起办理', from: '2027-10-27', min: null, max: null }),
    );
    renderView(<PolicyView />, { store, path: '/policy/index?id=11&ask=renew' });
    expect((await screen.findByTestId('renewal-refusal')).textContent).toBe(
      'Odnowienie będzie możliwe od 2027-10-27; przypomnimy o nim.',
    );
    expect(screen.getByRole('button', { name: 'Zobacz inne produkty' })).toBeTruthy();
  });
});
