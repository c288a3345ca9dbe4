import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { renderView } from '../testing.tsx';
import { KNOW_SECTIONS, searchKnow } from './content.ts';
import KnowView from './index.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);

function search(text: string) {
  fireEvent.change(screen.getByPlaceholderText(zh('know.searchPlaceholder')), { target: { value: text } });
}

describe('service guide', () => {
  it('lists every section with several questions', () => {
    renderView(<KnowView />);
    for (const section of KNOW_SECTIONS) {
      expect(section.items.length).toBeGreaterThanOrEqual(3);
      expect(screen.getByText(zh(section.items[0].q))).toBeTruthy();
    }
    // Closed until the reader opens one.
    expect(screen.getByText(zh('know.invoice.a1')).closest('details')?.open).toBe(false);
  });

  it('filters the questions by the search text and opens the answers found', () => {
    renderView(<KnowView />);
    search('发票抬头');
    expect(screen.getByText(zh('know.invoice.q1'))).toBeTruthy();
    expect(screen.getByText(zh('know.invoice.a1')).closest('details')?.open).toBe(true);
    expect(screen.queryByText(zh('know.purchase.q1'))).toBeNull();
    expect(screen.queryByText(zh('know.claims.q1'))).toBeNull();
  });

  it('says so when nothing matches and offers to show everything again', () => {
    renderView(<KnowView />);
    search('火星旅行');
    expect(screen.getByText(zh('know.noMatch').replace('{query}', '火星旅行'))).toBeTruthy();
    fireEvent.click(screen.getByText(zh('know.showAll')));
    expect(screen.getByText(zh('know.purchase.q1'))).toBeTruthy();
  });

  it('matches every word of the query, in the reader language', () => {
    const pl = (key: Parameters<typeof translate>[1]) => translate('pl', key);
    const found = searchKnow(KNOW_SECTIONS, 'faktura firmę', pl);
    expect(found.map((s) => s.key)).toEqual(['invoice']);
    expect(found[0].items.map((i) => i.q)).toEqual(['know.invoice.q2']);
  });
});
