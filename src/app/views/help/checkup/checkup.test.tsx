import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Checkup, CheckupQuote, CheckupSuggestion } from '#shared/checkup.ts';
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
  source: 'ours' as const,
  policyId: 7,
  policyNo: 'P2026112500000007',
  insurer: null,
  productName: '综合意外险',
  planName: '基础版',
  startDate: '2025-12-26',
  endDate: '2026-12-24',
  pending: false,
  daysLeft: 30,
  endsSoon: true,
  ...over,
});

function unfit(personId: number, name: string, age: number, reason: CheckupSuggestion['reason']): CheckupSuggestion {
  return { personId, name, product: null, reason, age, ageRanges: [{ min: 0, max: 65 }], minDays: null };
}

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
          endDate: '2026-12-25',
          daysLeft: 31,
          endsSoon: false,
        }),
      ],
      gaps: ['travel'],
    },
    {
      personId: 2,
      self: false,
      name: '李小宝',
      relation: 'child',
      idNumber: '1101**********2240',
      mobile: null,
      age: 5,
      covers: [
        cover({
          category: 'travel',
          source: 'added',
          policyId: 3,
          policyNo: 'PA-778',
          insurer: '平安保险',
          productName: '家庭出行险',
          planName: null,
          startDate: '2026-12-01',
          endDate: '2027-11-30',
          pending: true,
          daysLeft: 371,
          endsSoon: false,
        }),
      ],
      gaps: ['accident', 'medical'],
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
      gaps: ['accident', 'medical', 'travel'],
    },
  ],
  gaps: [
    {
      category: 'accident',
      personIds: [2, 3],
      suggestions: [unfit(2, '李小宝', 5, 'age'), unfit(3, '李奶奶', 70, 'age')],
    },
    {
      category: 'medical',
      personIds: [2, 3],
      suggestions: [
        { ...unfit(2, '李小宝', 5, null), product: { id: 3, name: '百万医疗险' } },
        unfit(3, '李奶奶', 70, 'age'),
      ],
    },
    {
      category: 'travel',
      personIds: [1, 3],
      suggestions: [unfit(1, '李投保', 35, 'noProduct'), unfit(3, '李奶奶', 70, 'noProduct')],
    },
  ],
};

const quote: CheckupQuote = {
  category: 'medical',
  drafts: [{ draftId: 41, product: { id: 3, name: '百万医疗险' }, personIds: [2], names: ['李小宝'], reused: false }],
  leftOut: [unfit(3, '李奶奶', 70, 'age')],
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
    const more = {
      ...quote,
      drafts: [...quote.drafts, { ...quote.drafts[0], draftId: 42, personIds: [4], names: ['李大宝'] }],
    };
    expect(quoteNotes(zh, more)).toEqual([
      '李奶奶：按起保日 70 周岁，在售产品只承保 0–65 周岁，暂无适合的产品。',
      '每份保单保障一人，已为 李大宝 另建 1 份投保单，可在草稿箱继续。',
    ]);
    expect(quoteNotes(pl, more)[0]).toContain('0–65');
    expect(quoteNotes(zh, { ...quote, leftOut: [] })).toEqual([]);
    const again = { ...quote, leftOut: [], drafts: quote.drafts.map((d) => ({ ...d, reused: true })) };
    expect(quoteNotes(zh, again)).toEqual([zh('checkup.reused')]);
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
      zh('checkup.suggestFor', { name: '李小宝', product: '百万医疗险' }),
    );
    expect(screen.getByTestId('gap-accident').querySelector('button')!.disabled).toBe(true);
    expect(screen.getByText('李投保 · 意外险 · 综合意外险')).toBeTruthy();
    expect(screen.getAllByText(zh('checkup.daysLeft', { n: 30 })).length).toBeGreaterThan(0);
    // An added policy starting later: marked as held elsewhere, shown as starting on its date.
    const added = screen.getByTestId('cover-added');
    expect(added.textContent).toContain(zh('checkup.sourceAdded'));
    expect(added.textContent).toContain(zh('checkup.startsOn', { day: '2026-12-01' }));
    expect(added.textContent).toContain('平安保险 · 家庭出行险');

    const medical = screen.getByTestId('gap-medical');
    await act(async () => {
      fireEvent.click(medical.querySelector('button')!);
    });
    await waitFor(() =>
      expect(
        screen.getAllByText('李奶奶：按起保日 70 周岁，在售产品只承保 0–65 周岁，暂无适合的产品。').length,
      ).toBeGreaterThan(1),
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
