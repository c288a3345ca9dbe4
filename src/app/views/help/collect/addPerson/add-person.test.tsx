import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../../../test/fake-fetch.ts';
import { translate } from '../../../../i18n/index.ts';
import { renderView } from '../../../testing.tsx';
import AddPersonView from './index.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

async function submit() {
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: zh('common.save') })); });
}

afterEach(() => vi.unstubAllGlobals());

describe('add an insured person', () => {
  it('rejects an ID number whose check digit is wrong', async () => {
    renderView(<AddPersonView />, { path: '/help/collect/addPerson' });
    fill(zh('person.name.placeholder'), '张三');
    fill(zh('person.id.placeholder'), '440304199001011234');
    await submit();
    await waitFor(() => expect(screen.getByText(zh('person.id.checkDigit'))).toBeTruthy());
    expect(screen.queryByText(/已通过校验/)).toBeNull();
  });

  it('rejects a malformed mobile when one is given', async () => {
    renderView(<AddPersonView />, { path: '/help/collect/addPerson?kind=applicant' });
    fill(zh('person.name.placeholder'), '张三');
    fill(zh('person.id.placeholder'), '440304199001011233');
    fill(zh('person.mobile.placeholder'), '12800000001');
    await submit();
    await waitFor(() => expect(screen.getByText(zh('person.mobile.format'))).toBeTruthy());
  });

  it('needs the consent to keep sensitive data before anything is sent', async () => {
    const { fetch, calls } = fakeFetch(() => envelope(null));
    vi.stubGlobal('fetch', fetch);
    renderView(<AddPersonView />, { path: '/help/collect/addPerson' });
    fill(zh('person.name.placeholder'), '李四');
    fill(zh('person.id.placeholder'), '11010519491231002x');
    await submit();
    await waitFor(() => expect(screen.getByText(zh('persons.consentRequired'))).toBeTruthy());
    expect(calls).toHaveLength(0);
  });

  it('saves a valid person with the consent, showing what the ID number tells', async () => {
    const sent: unknown[] = [];
    const { fetch } = fakeFetch(async (request) => {
      sent.push(await request.json());
      return envelope({ person: { id: 1, name: '李四' }, created: true }, '00000', '已保存');
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<AddPersonView />, { path: '/help/collect/addPerson' });
    fill(zh('person.name.placeholder'), '李四');
    fill(zh('person.id.placeholder'), '11010519491231002x');
    expect(screen.getByText(/1949-12-31 · 女/)).toBeTruthy();
    fireEvent.click(screen.getByText(zh('persons.consent')));
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'insured', name: '李四', idNumber: '11010519491231002X', relation: 'self', consent: true });
    expect(screen.queryByText(zh('person.id.checkDigit'))).toBeNull();
  });
});
