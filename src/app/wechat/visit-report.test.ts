import { describe, expect, it } from 'vitest';
import { promoEntry } from './visit-beacon.ts';
import { visitOf, visitorKey } from './visit-report.ts';

describe('promotion visit report', () => {
  it('reads the recommendId and the route of the page open; none without a usable recommendId', () => {
    expect(promoEntry('http://h/?channel=demo&recommendId=12#/productDetails/index?id=3')).toEqual({
      recommendId: '12',
      route: '/productDetails/index?id=3',
    });
    expect(promoEntry('http://h/?recommendId=12')).toEqual({ recommendId: '12', route: '/' });
    // Written inside the hash route's query, as people and other tools write hash-routed links.
    expect(promoEntry('http://h/#/productDetails/index?id=1&recommendId=3')).toEqual({
      recommendId: '3',
      route: '/productDetails/index?id=1&recommendId=3',
    });
    for (const bad of [
      'http://h/#/index',
      'http://h/?recommendId=-1',
      'http://h/?recommendId=0',
      'http://h/?recommendId=abc',
      'http://h/?recommendId=1234567890',
    ]) {
      expect(promoEntry(bad), bad).toBeNull();
    }
  });

  it('names the product on a product page, only the path elsewhere, and never sends a malformed path', () => {
    expect(visitOf({ recommendId: '12', route: '/productDetails/index?id=3&plan=A' }, 'k'.repeat(32))).toEqual({
      recommendId: '12',
      path: '/productDetails/index',
      productId: 3,
      visitor: 'k'.repeat(32),
    });
    expect(visitOf({ recommendId: '12', route: '/index' }, 'v')).toEqual({
      recommendId: '12',
      path: '/index',
      visitor: 'v',
    });
    expect(visitOf({ recommendId: '12', route: '/productDetails/index?id=x' }, 'v')).toEqual({
      recommendId: '12',
      path: '/productDetails/index',
      visitor: 'v',
    });
    expect(visitOf({ recommendId: '12', route: '/insureDetails/index?id=3' }, 'v')).not.toHaveProperty('productId');
    expect(visitOf({ recommendId: '12', route: '/a b<script>' }, 'v').path).toBe('/');
  });

  it('keeps one random visitor key per browser', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const first = visitorKey(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorKey(storage)).toBe(first);
    expect(visitorKey({ getItem: () => null, setItem: () => undefined })).not.toBe(first);
  });
});
