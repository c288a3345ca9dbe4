import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../i18n/index.ts';
import { envelope, fakeFetch } from '../../../test/fake-fetch.ts';
import { renderView } from '../../testing.tsx';
import { WithdrawalReview } from './withdrawal-review.tsx';

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('zh-cn', key, params);
afterEach(() => vi.unstubAllGlobals());

const pending = {
  id: 4,
  memberId: 9,
  amountFen: 12_345,
  status: 'pending',
  statusText: '待审核',
  payeeMasked: '王*（138****0003）',
  reviewNote: '',
  requestedAt: '2026-11-20T02:00:00.000Z',
  reviewedAt: null,
};

/** A server with one pending withdrawal that disappears from the pending list once reviewed. */
function server() {
  let reviewed: unknown = null;
  const { fetch, calls } = fakeFetch(async (request) => {
    if (request.method === 'POST') {
      reviewed = await request.clone().json();
      return envelope({ ...pending, status: 'rejected' });
    }
    return envelope({ list: reviewed ? [] : [pending], total: reviewed ? 0 : 1 });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, reviewed: () => reviewed };
}

describe('提现审核', () => {
  it('asks for a reason before rejecting, then sends it and empties the list', async () => {
    const s = server();
    renderView(<WithdrawalReview />);
    expect(await screen.findByText('¥123.45')).toBeTruthy();
    expect(s.calls[0].request.url).toContain('/finance/staff/withdrawals?status=pending');

    fireEvent.click(screen.getByRole('button', { name: zh('review.reject') }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    });
    await waitFor(() => expect(screen.getByText(zh('review.reasonRequired'))).toBeTruthy());
    expect(s.reviewed()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: zh('review.reject') }));
    // The first dialog may still be fading out: the newest one is last.
    fireEvent.change((await screen.findAllByLabelText(zh('review.reason'))).at(-1)!, {
      target: { value: '收款账户有误' },
    });
    await act(async () => {
      fireEvent.click((await screen.findAllByRole('button', { name: '确定' })).at(-1)!);
    });
    await waitFor(() => expect(s.reviewed()).toEqual({ action: 'reject', note: '收款账户有误' }));
    expect(await screen.findByText(zh('review.empty'))).toBeTruthy();
    expect(
      s.calls.some((c) => c.method === 'POST' && c.url === '/prod-api/app-api/v1/finance/staff/withdrawals/4/review'),
    ).toBe(true);
  });
});
