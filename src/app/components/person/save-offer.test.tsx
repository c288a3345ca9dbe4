import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { translate } from '../../i18n/index.ts';
import { renderView } from '../../views/testing.tsx';
import { notSavedYet, offeredPersons, purchasePersons, rememberPurchasePersons } from './save-offer.ts';
import { SavePersonsOffer } from './save-offer.tsx';

const zh = (key: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('zh-cn', key, p);
const ZHANG = { name: '张三', idNumber: '440304199001011233', mobile: '13800000001' };
const CHILD = { name: '张小', idNumber: '110105201503022249', mobile: '', relation: 'child' as const };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the persons of a purchase', () => {
  it('offers the applicant, and for 本人 the applicant again as the insured person', () => {
    expect(offeredPersons(ZHANG, { ...ZHANG, relation: 'self' })).toEqual([
      { kind: 'applicant', ...ZHANG },
      { kind: 'insured', ...ZHANG, relation: 'self' },
    ]);
    expect(offeredPersons(ZHANG, CHILD)[1]).toEqual({ kind: 'insured', ...CHILD });
  });

  it('keeps them for one order only', () => {
    rememberPurchasePersons(5, offeredPersons(ZHANG, CHILD));
    expect(purchasePersons(5)).toHaveLength(2);
    expect(purchasePersons(6)).toEqual([]);
  });

  it('leaves out those saved already (same kind, name and masked ID number)', () => {
    const saved = [{ id: 1, kind: 'applicant', name: '张三', idNumber: '4403**********1233' }] as never[];
    expect(notSavedYet(offeredPersons(ZHANG, CHILD), saved).map((p) => p.kind)).toEqual(['insured']);
  });
});

describe('保存为常用投保人/被保人', () => {
  it('saves nothing until the consent is ticked, then posts each person with string fields', async () => {
    rememberPurchasePersons(9, offeredPersons(ZHANG, CHILD));
    const posted: Record<string, unknown>[] = [];
    const { fetch } = fakeFetch(async (request, call) => {
      if (call.method === 'GET') return envelope({ list: [], total: 0, max: 50 });
      posted.push((await request.json()) as Record<string, unknown>);
      return envelope({ person: { id: posted.length, name: 'x' }, created: true });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<SavePersonsOffer orderId={9} />);
    await waitFor(() => expect(screen.getByText(zh('savedPersons.offerInsured', { name: '张小' }))).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('savedPersons.offerSave') }));
    });
    expect(screen.getByText(zh('persons.consentRequired'))).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.click(screen.getByText(zh('persons.consent')));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('savedPersons.offerSave') }));
    });
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0]).toEqual({
      kind: 'applicant',
      name: '张三',
      idType: 'id_card',
      idNumber: ZHANG.idNumber,
      mobile: ZHANG.mobile,
      consent: true,
    });
    expect(posted[1]).toMatchObject({ kind: 'insured', name: '张小', relation: 'child', consent: true });
    await waitFor(() => expect(screen.queryByText(zh('savedPersons.offerTitle'))).toBeNull());
    expect(purchasePersons(9)).toEqual([]);
  });

  it('shows nothing without the purchase in this tab', () => {
    renderView(<SavePersonsOffer orderId={3} />);
    expect(screen.queryByText(zh('savedPersons.offerTitle'))).toBeNull();
  });
});
