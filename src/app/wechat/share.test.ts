import { beforeEach, describe, expect, it } from 'vitest';
import { rolesAtom, userAtom } from '../session/atoms.ts';
import { store } from '../store.ts';
import { rememberShareParams } from './share-context.ts';
import { buildShareLink, setShareCard } from './share.ts';

beforeEach(() => {
  sessionStorage.clear();
  store.set(userAtom, null);
  store.set(rolesAtom, null);
  window.history.replaceState(null, '', '/?channel=demo&recommendId=12&code=abc&state=zz#/productDetails/index?id=3');
  rememberShareParams();
});

describe('share links (docs/specification.md#product-shape, docs/domain.md#js-sdk)', () => {
  it('passes on the recommendId a visitor came with, never code or state', () => {
    expect(buildShareLink('/productDetails/index?id=3&code=x&token=t')).toBe(
      'http://localhost:3000/?channel=demo&recommendId=12#/productDetails/index?id=3',
    );
  });

  it("carries a partner's own member id as recommendId", () => {
    store.set(userAtom, { id: 77 } as never);
    store.set(rolesAtom, ['member', 'partner']);
    expect(buildShareLink('#/productDetails/index?id=5')).toBe(
      'http://localhost:3000/?channel=demo&recommendId=77#/productDetails/index?id=5',
    );
  });

  it('keeps the recommendId of the link for a plain member', () => {
    store.set(userAtom, { id: 8 } as never);
    store.set(rolesAtom, ['member']);
    expect(setShareCard({ title: 't', desc: 'd', link: '/productDetails/index?id=5', imgUrl: '/logo.png' })).toContain(
      'recommendId=12',
    );
  });

  it('accepts a full address of the site', () => {
    expect(buildShareLink('http://localhost:3000/?state=1#/know/index')).toBe(
      'http://localhost:3000/?channel=demo&recommendId=12#/know/index',
    );
  });
});
