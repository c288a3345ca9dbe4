import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../testing.tsx';
import ProductListView, { firstScreenData } from './index.tsx';

afterEach(() => vi.unstubAllGlobals());

// InfiniteScroll loads only when its element is laid out; jsdom lays out nothing.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
});

const product = (id: number, name: string) => ({
  id,
  code: `P${id}`,
  typeCode: 'accident',
  name,
  tagline: '意外保障',
  insurer: '示例保险',
  minPremiumFen: 5000,
  team: false,
  tags: [],
  cover: 'blue',
  salesCount: 0,
});

/** A catalogue of one type; the keyword 旅行 matches nothing. */
function catalogue() {
  const { fetch, calls } = fakeFetch((request) => {
    const keyword = new URL(request.url).searchParams.get('keyword');
    const products = keyword === '旅行' ? [] : [product(1, '综合意外险'), product(2, '交通意外险')];
    return envelope([{ code: 'accident', name: '意外险', products, page: 1, pageSize: 10, total: products.length }]);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('产品列表', () => {
  it('loads the first page once, and once again for a new keyword', async () => {
    const calls = catalogue();
    renderView(<ProductListView />, { path: '/product/index' });
    expect(await screen.findByText('综合意外险')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '旅行' } });
    await waitFor(() => expect(screen.queryByText('综合意外险')).toBeNull(), { timeout: 2000 });
    await waitFor(() => expect(calls).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(2);
    expect(new URL(calls[1].request.url).searchParams.get('keyword')).toBe('旅行');
  });

  it('shows the first page read with its code, without asking again', async () => {
    const calls = catalogue();
    await firstScreenData(new URLSearchParams('type=accident'));
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0].request.url).searchParams.get('type')).toBe('accident');
    renderView(<ProductListView />, { path: '/product/index?type=accident' });
    expect(await screen.findByText('综合意外险')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
  });
});
