import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../i18n/index.ts';
import { rolesAtom } from '../../../session/atoms.ts';
import { envelope, fakeFetch } from '../../../test/fake-fetch.ts';
import { renderView } from '../../testing.tsx';
import { CompanyPick } from './company-pick.tsx';

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('zh-cn', key, params);
const MEMBER = {
  id: 5,
  companyId: 9,
  departmentId: 3,
  departmentName: '销售部',
  name: '张三',
  mobile: null,
  idType: 'id_card',
  idNumber: '1101**********002X',
  memberId: null,
  status: 'active',
  joinedByScan: false,
  updatedAt: '',
};

afterEach(() => vi.unstubAllGlobals());

function renderAs(roles: string[], onAdded = vi.fn()) {
  const store = createStore();
  store.set(rolesAtom, roles);
  renderView(<CompanyPick draftId={12} occupationClass={1} onAdded={onAdded} />, { store });
  return onAdded;
}

describe('pick company members for a team list', () => {
  it('is not offered to a plain member', () => {
    renderAs(['member']);
    expect(screen.queryByText(zh('company.pickForTeam'))).toBeNull();
  });

  it('lists active members masked and sends only their ids', async () => {
    let sent: unknown;
    const { fetch, calls } = fakeFetch(async (request) => {
      if (request.method === 'POST') {
        sent = await request.clone().json();
        return envelope({ rows: [], count: 1 });
      }
      return envelope({ list: [MEMBER], total: 1, page: 1, pageSize: 50 });
    });
    vi.stubGlobal('fetch', fetch);
    const onAdded = renderAs(['member', 'company']);
    fireEvent.click(screen.getByRole('button', { name: zh('company.pickForTeam') }));
    expect(await screen.findByText('销售部 · 1101**********002X')).toBeTruthy();
    expect(calls[0].request.url).toContain('status=active');
    // antd-mobile's checkbox listens for clicks from a passive effect, which a busy machine may run
    // after the row is on screen: press until the choice is taken.
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: '张三' });
    for (let tries = 0; !box.checked && tries < 20; tries++) {
      fireEvent.click(box);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('company.addChosen', { n: 1 }) }));
    });
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(calls[1].url).toBe('/prod-api/app-api/v1/company/members/team/12');
    expect(sent).toEqual({ ids: [5], occupationClass: 1 });
  });
});
