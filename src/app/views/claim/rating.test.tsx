import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Feedback, FeedbackInput } from '#shared/feedback.ts';
import { renderView } from '../testing.tsx';
import { ClaimRating, ServiceRating } from './rating.tsx';

const server = vi.hoisted(() => ({ given: [] as Feedback[], sent: [] as FeedbackInput[] }));
vi.mock('../../api/claims.ts', () => ({
  myFeedback: async ({ claimId }: { claimId?: number }) => {
    const list = server.given.filter((f) => claimId === undefined || f.claimId === claimId);
    return { list, total: list.length };
  },
  sendFeedback: async (input: FeedbackInput) => {
    server.sent.push(input);
    const f: Feedback = {
      id: server.sent.length,
      kind: input.kind,
      claimId: input.claimId ?? null,
      claimNo: null,
      rating: input.rating,
      comment: input.comment ?? null,
      createdAt: new Date().toISOString(),
    };
    server.given.push(f);
    return f;
  },
}));

/*
 * antd-mobile's Rate reads taps through a drag gesture and the stars' on-screen positions, which
 * jsdom has none of; here it is a row of buttons with the same props (the e2e runs the real one).
 */
vi.mock('antd-mobile', async (importOriginal) => {
  const actual = await importOriginal<typeof import('antd-mobile')>();
  const Rate = ({
    count = 5,
    value = 0,
    onChange,
    readOnly,
  }: {
    count?: number;
    value?: number;
    onChange?: (v: number) => void;
    readOnly?: boolean;
  }) => (
    <div role="radiogroup" aria-readonly={readOnly}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={value >= i + 1}
          className="star"
          disabled={readOnly}
          onClick={() => onChange?.(i + 1)}
        >
          {i + 1}
        </button>
      ))}
    </div>
  );
  return { ...actual, Rate };
});

const stars = () => [...document.querySelectorAll('.star')] as HTMLElement[];

describe('ratings', () => {
  it('a finished claim is rated once with 1–5 stars and a comment, then shows the rating read-only', async () => {
    server.given = [];
    server.sent = [];
    renderView(<ClaimRating claimId={42} />);
    const send = await screen.findByRole('button', { name: '提交评价' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(stars()).toHaveLength(5);
    fireEvent.click(stars()[3]);
    fireEvent.change(screen.getByPlaceholderText('说说您的感受（选填）'), { target: { value: ' 理赔很快 ' } });
    fireEvent.click(send);
    await waitFor(() => expect(server.sent).toEqual([{ kind: 'claim', claimId: 42, rating: 4, comment: '理赔很快' }]));
    expect(await screen.findByTestId('claim-rated')).toBeTruthy();
    expect(screen.getByText('理赔很快')).toBeTruthy();
    expect(stars().filter((b) => b.getAttribute('aria-checked') === 'true')).toHaveLength(4);
    expect(stars().every((b) => b.hasAttribute('disabled'))).toBe(true);
    expect(screen.queryByRole('button', { name: '提交评价' })).toBeNull();
  });

  it('the service is rated without a claim, and the form clears for another time', async () => {
    server.sent = [];
    renderView(<ServiceRating />);
    fireEvent.click(stars()[4]);
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(server.sent).toEqual([{ kind: 'service', rating: 5 }]));
    await waitFor(() => expect(screen.getByRole('button', { name: '提交评价' }).hasAttribute('disabled')).toBe(true));
  });
});
