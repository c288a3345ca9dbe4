import { beforeEach, describe, expect, it } from 'vitest';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import { store } from '../../../store.ts';
import { buildShareLink } from '../../../wechat/share.ts';
import { POSTER_HEIGHT, POSTER_WIDTH, posterFilename, posterLayout, wrapText } from './poster.ts';
import { countsOf, productRoute } from './promo-links.ts';

/** A fixed-width measure: every character 10 px, so widths are easy to reason about. */
const tenPx = (s: string) => Array.from(s).length * 10;

describe('poster text wrapping', () => {
  it('keeps a short name on one line', () => {
    expect(wrapText('综合意外险', 100, 2, tenPx)).toEqual(['综合意外险']);
  });

  it('breaks a long name at the width, character by character', () => {
    expect(wrapText('一二三四五六七八九十甲乙', 50, 3, tenPx)).toEqual(['一二三四五', '六七八九十', '甲乙']);
  });

  it('ends the last allowed line with … when text is left over, still within the width', () => {
    const lines = wrapText('一二三四五六七八九十甲乙丙丁', 50, 2, tenPx);
    expect(lines).toEqual(['一二三四五', '六七八九…']);
    for (const line of lines) expect(tenPx(line)).toBeLessThanOrEqual(50);
  });

  it('draws nothing for an empty text', () => {
    expect(wrapText('   ', 50, 2, tenPx)).toEqual([]);
  });
});

describe('poster layout', () => {
  it('puts the QR code, centred, below the price whatever the title length, and inside the poster', () => {
    for (const name of ['短', '很长很长的产品名称'.repeat(10)]) {
      const layout = posterLayout(
        { productName: name, tagline: '意外身故、伤残与医疗' },
        (s) => Array.from(s).length * 52,
        (s) => Array.from(s).length * 30,
      );
      expect(layout.title.lines.length).toBeGreaterThanOrEqual(1);
      expect(layout.title.lines.length).toBeLessThanOrEqual(3);
      expect(layout.qr.x * 2 + layout.qr.size).toBe(POSTER_WIDTH);
      expect(layout.band.height).toBeGreaterThan(layout.price.y);
      expect(layout.qr.y).toBeGreaterThan(layout.band.height);
      // Centred in the white area: as much room above the code as below the scan hint.
      expect(
        Math.abs(layout.qr.y - layout.band.height - (POSTER_HEIGHT - (layout.qr.y + layout.qr.size + 124))),
      ).toBeLessThanOrEqual(1);
      expect(layout.scan.y).toBeLessThan(POSTER_HEIGHT);
      expect(layout.sharer.y).toBeGreaterThan(layout.qr.y + layout.qr.size);
    }
  });
});

describe('promotion links', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/?channel=demo&recommendId=12#/help/userpromo');
  });

  it("the poster's and the copy button's link carry the partner's own id, not the one they came with", () => {
    store.set(userAtom, { id: 77 } as never);
    store.set(rolesAtom, ['member', 'partner']);
    expect(buildShareLink(productRoute(5))).toBe('http://localhost:3000/?recommendId=77#/productDetails/index?id=5');
  });

  it('a link the server does not list has all zeros', () => {
    const stats = {
      total: { visits: 3, signups: 1, paidOrders: 1, commissionFen: 150 },
      links: [{ productId: 5, visits: 3, signups: 1, paidOrders: 1, commissionFen: 150 }],
    };
    expect(countsOf(stats, 5)).toEqual({ visits: 3, signups: 1, paidOrders: 1, commissionFen: 150 });
    expect(countsOf(stats, 6)).toEqual({ visits: 0, signups: 0, paidOrders: 0, commissionFen: 0 });
    expect(countsOf(undefined, null).visits).toBe(0);
  });

  it('a file name without characters file systems refuse', () => {
    expect(posterFilename('学平险 / 少儿"版"')).toBe('学平险少儿版-推广海报.png');
    expect(posterFilename('///')).toBe('poster-推广海报.png');
  });
});
