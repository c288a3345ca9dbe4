import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkup, CheckupQuote } from '#shared/checkup.ts';
import { envelope, fakeFetch } from '../../../test/fake-fetch.ts';
import { translate } from '../../../i18n/index.ts';
import { renderView } from '../../testing.tsx';
import { endingSoon, quoteNotes } from './checkup-logic.ts';
import CheckupView from './index.tsx';

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('zh-cn', key, params);
const pl = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('pl', key, params);

const cover = (over: Partial<Checkup['persons'][number]['covers'][number]>) => ({
  category: 'accident' as const,
  policyId: 7,
  policyNo: 'P2026112500000007',
  productId: 1,
  productName: '综合意外险',
  planName: '基础版',
  endDate: '2026-12-25',
  daysLeft: 30,
  endsSoon: true,
  ...over,
});

const checkup: Checkup = {
  today: '2026-11-25',
  endsSoonDays: 30,
  selfMissing: false,
  persons: [
    {
      personId: 1,
      self: true,
      name: '李投保',
      relation: 'self',
      idNumber: '1101**********1234',
      mobile: '139****5678',
      age: 35,
      covers: [
        cover({}),
        cover({
          category: 'medical',
          policyId: 8,
          productName: '百万医疗险',
          endDate: '2026-12-26',
          daysLeft: 31,
          endsSoon: false,
        }),
      ],
      gaps: ['travel', 'team'],
    },
    {
      personId: 2,
      self: false,
      name: '李小宝',
      relation: 'child',
      idNumber: '1101**********2240',
      mobile: null,
      age: 5,
      covers: [],
      gaps: ['accident', 'medical', 'travel', 'team'],
    },
    {
      personId: 3,
      self: false,
      name: '李奶奶',
      relation: 'parent',
      idNumber: '1101**********3361',
      mobile: '137****1111',
      age: 70,
      covers: [],
      gaps: ['accident', 'medical', 'travel', 'team'],
    },
  ],
  gaps: [
    { category: 'accident', personIds: [2, 3], product: { id: 1, name: '综合意外险' } },
    { category: 'medical', personIds: [2, 3], product: { id: 3, name: '百万医疗险' } },
    { category: 'travel', personIds: [1, 2, 3], product: null },
  ],
};

const quote: CheckupQuote = {
  category: 'medical',
  product: { id: 3, name: '百万医疗险' },
  drafts: [{ draftId: 41, personIds: [2], names: ['李小宝'] }],
  leftOut: [{ personId: 3, name: '李奶奶', reason: 'age', age: 70, minAge: 0, maxAge: 65, minDays: 28 }],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('check-up texts', () => {
  it('lists what ends soon, soonest first, with whose it is', () => {
    expect(endingSoon(checkup).map((c) => [c.personName, c.category, c.daysLeft])).toEqual([
      ['李投保', 'accident', 30],
    ]);
  });

  it('tells who was left out and where the other drafts wait, in both languages', () => {
    const more = { ...quote, drafts: [...quote.drafts, { draftId: 42, personIds: [4], names: ['李大宝'] }] };
    expect(quoteNotes(zh, more)).toEqual([
      '李奶奶 按起保日为 70 周岁，本产品只承保 0–65 周岁，未加入投保单。',
      '本产品每份保单保障一人，已为 李大宝 另建 1 份投保单，可在草稿箱继续。',
    ]);
    expect(quoteNotes(pl, more)[0]).toContain('0–65');
    expect(quoteNotes(zh, { ...quote, leftOut: [] })).toEqual([]);
  });
});

describe('保障体检', () => {
  it('shows each person by category, what ends soon and the gaps; a gap opens the prepared draft after naming who was left out', async () => {
    const posted: unknown[] = [];
    const { fetch } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/checkup/quote')) {
        posted.push(await request.json());
        return envelope(quote);
      }
      return envelope(checkup);
    });
    vi.stubGlobal('fetch', fetch);
    renderView(
      <>
        <CheckupView />
        <Where />
      </>,
      { path: '/help/checkup' },
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('checkup-person').map((e) => e.textContent)).toEqual(['李投保', '李小宝', '李奶奶']),
    );
    expect(screen.getByTestId('gap-medical').textContent).toContain(zh('checkup.gapWho', { names: '李小宝、李奶奶' }));
    expect(screen.getByTestId('gap-medical').textContent).toContain(
      zh('checkup.gapProduct', { product: '百万医疗险' }),
    );
    expect(screen.getByText('李投保 · 意外险 · 综合意外险')).toBeTruthy();
    expect(screen.getAllByText(zh('checkup.daysLeft', { n: 30 })).length).toBeGreaterThan(0);
    expect(screen.getByText(zh('checkup.noProduct'))).toBeTruthy();

    const medical = screen.getByTestId('gap-medical');
    await act(async () => {
      fireEvent.click(medical.querySelector('button')!);
    });
    await waitFor(() =>
      expect(screen.getByText('李奶奶 按起保日为 70 周岁，本产品只承保 0–65 周岁，未加入投保单。')).toBeTruthy(),
    );
    expect(posted).toEqual([{ category: 'medical' }]);
    await act(async () => {
      fireEvent.click(screen.getByText(zh('checkup.continue')));
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/insureDetails/index?productId=3&draftId=41'),
    );
  });

  it('asks for the member themself and for persons when there are none', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => envelope({ ...checkup, selfMissing: true, persons: [], gaps: [] })).fetch);
    renderView(<CheckupView />, { path: '/help/checkup' });
    await waitFor(() => expect(screen.getByText(zh('checkup.empty'))).toBeTruthy());
    expect(screen.getByText(zh('checkup.selfMissing'))).toBeTruthy();
  });
});
