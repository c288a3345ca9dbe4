import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('accepts a valid person and shows what the ID number tells', async () => {
    renderView(<AddPersonView />, { path: '/help/collect/addPerson' });
    fill(zh('person.name.placeholder'), '李四');
    fill(zh('person.id.placeholder'), '11010519491231002x');
    expect(screen.getByText(/1949-12-31 · 女/)).toBeTruthy();
    await submit();
    await waitFor(() => expect(screen.getByText(/李四/)).toBeTruthy());
    expect(screen.queryByText(zh('person.id.checkDigit'))).toBeNull();
  });
});
