import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClaimClock } from '#shared/claims.ts';
import { renderView } from '../testing.tsx';
import { ClaimClockCard, DeskClockLine } from './claim-clock.tsx';

const empty: ClaimClock = {
  materialsCompleteOn: null,
  decisionDueOn: null,
  decidedOn: null,
  paymentDueOn: null,
  paidOn: null,
  running: null,
};

describe('the claim clock', () => {
  it('waits for the materials before any date', async () => {
    renderView(<ClaimClockCard clock={empty} />);
    expect(await screen.findByText('材料齐全后开始计算核定时限。')).toBeTruthy();
    expect(screen.queryByText('核定截止')).toBeNull();
  });

  it('shows the decision due with the days left, then the payment due once agreed', async () => {
    const reviewing: ClaimClock = {
      ...empty,
      materialsCompleteOn: '2026-01-31',
      decisionDueOn: '2026-03-02',
      running: { kind: 'decision', dueOn: '2026-03-02', daysLeft: 4, urgency: 'due_soon' },
    };
    const { unmount } = renderView(<ClaimClockCard clock={reviewing} />);
    expect(await screen.findByText('2026-03-02')).toBeTruthy();
    const badge = screen.getByTestId('claim-clock-badge');
    expect(badge.textContent).toBe('剩 4 天');
    expect(badge.dataset.urgency).toBe('due_soon');
    unmount();
    const agreed: ClaimClock = {
      ...reviewing,
      decidedOn: '2026-02-20',
      paymentDueOn: '2026-03-02',
      running: { kind: 'payment', dueOn: '2026-03-02', daysLeft: -2, urgency: 'overdue' },
    };
    renderView(<ClaimClockCard clock={agreed} />);
    expect(await screen.findByText('赔付截止')).toBeTruthy();
    // One badge, on the payment: the decision was made.
    expect(screen.getAllByTestId('claim-clock-badge').map((b) => b.textContent)).toEqual(['已超时 2 天']);
  });

  it('names the running deadline on a desk row', async () => {
    renderView(<DeskClockLine running={{ kind: 'payment', dueOn: '2026-03-02', daysLeft: 0, urgency: 'due_soon' }} />);
    expect((await screen.findByTestId('claim-desk-clock')).textContent).toBe('赔付截止 2026-03-02今天到期');
  });
});
