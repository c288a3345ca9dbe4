import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../testing.tsx';
import { Applicant } from './applicant.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);
const WHOLE = {
  id: 7,
  kind: 'applicant',
  name: '王小明',
  idType: 'id_card',
  idNumber: '11010519491231002X',
  birthDate: '1949-12-31',
  sex: 'female',
  mobile: '13800138000',
  email: null,
  relation: null,
  consentAt: '',
  updatedAt: '',
};
const MASKED = { ...WHOLE, idNumber: '1101**********002X', mobile: '138****8000' };

afterEach(() => vi.unstubAllGlobals());

describe('pick from saved applicants in the applicant step', () => {
  it('lists them masked and fills the form with the chosen one, read whole by id', async () => {
    const { fetch, calls } = fakeFetch((_request, call) =>
      call.url.endsWith('/persons/7') ? envelope(WHOLE) : envelope({ list: [MASKED], total: 1, max: 50 }),
    );
    vi.stubGlobal('fetch', fetch);
    const onNext = vi.fn();
    renderView(
      <Applicant
        value={null}
        minAge={18}
        startDate="2030-01-01"
        issues={[]}
        busy={null}
        onNext={onNext}
        onSave={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: zh('persons.pick') }));
    expect(await screen.findByText('1101**********002X · 138****8000')).toBeTruthy();
    expect(calls[0].url).toBe('/prod-api/app-api/v1/persons');
    fireEvent.click(screen.getByText('王小明'));
    await waitFor(() =>
      expect((screen.getByPlaceholderText(zh('person.id.placeholder')) as HTMLInputElement).value).toBe(
        '11010519491231002X',
      ),
    );
    expect((screen.getByPlaceholderText(zh('person.name.placeholder')) as HTMLInputElement).value).toBe('王小明');
    expect((screen.getByPlaceholderText(zh('person.mobile.placeholder')) as HTMLInputElement).value).toBe(
      '13800138000',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('insure.next') }));
    });
    await waitFor(() =>
      expect(onNext).toHaveBeenCalledWith(
        expect.objectContaining({ name: '王小明', idNumber: '11010519491231002X', mobile: '13800138000' }),
      ),
    );
  });
});
