import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../../../test/fake-fetch.ts';
import { translate } from '../../../../i18n/index.ts';
import { renderView } from '../../../testing.tsx';
import AddPersonView from './index.tsx';
import { single, toFormValues, toPersonInput } from './person-input.ts';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);

function fill(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: zh('common.save') }));
  });
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
    expect(sent[0]).toMatchObject({
      kind: 'insured',
      name: '李四',
      idNumber: '11010519491231002X',
      relation: 'self',
      consent: true,
    });
    expect(screen.queryByText(zh('person.id.checkDigit'))).toBeNull();
  });
});

describe('the values sent', () => {
  it('sends the relation and ID type as strings even when the Selector/Picker gives arrays', () => {
    const input = toPersonInput('insured', {
      name: ' 李四 ',
      idType: ['hmt_residence'],
      idNumber: '810000199204051113',
      relation: ['child'],
      mobile: ' ',
      email: ' a@b.cn ',
      consent: true,
    });
    expect(input).toEqual({
      kind: 'insured',
      name: '李四',
      idType: 'hmt_residence',
      idNumber: '810000199204051113',
      mobile: '',
      email: 'a@b.cn',
      relation: 'child',
      consent: true,
    });
    expect(typeof input.relation).toBe('string');
    expect(toPersonInput('insured', { name: '李四', idNumber: 'x', relation: 'spouse' }).relation).toBe('spouse');
    expect(toPersonInput('applicant', { name: '李四', idNumber: 'x', relation: ['child'] }).relation).toBeUndefined();
    expect(single<string>([])).toBeUndefined();
  });

  it('fills the edit form from the whole record, Selectors as arrays, consent asked again', () => {
    const values = toFormValues({
      id: 3,
      kind: 'insured',
      name: '王五',
      idType: 'id_card',
      idNumber: '11010519491231002X',
      birthDate: '1949-12-31',
      sex: 'female',
      mobile: null,
      email: 'w@x.cn',
      relation: 'parent',
      consentAt: '',
      updatedAt: '',
    });
    expect(values).toMatchObject({
      idType: ['id_card'],
      relation: ['parent'],
      mobile: '',
      email: 'w@x.cn',
      consent: false,
    });
  });
});

describe('ID type, email and editing', () => {
  it('sends the relation chosen on the Selector as a string', async () => {
    const sent: Record<string, unknown>[] = [];
    const { fetch } = fakeFetch(async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return envelope({ person: { id: 1, name: '李四' }, created: true });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<AddPersonView />, { path: '/help/collect/addPerson' });
    fireEvent.click(screen.getByText(zh('person.relation.child')));
    fill(zh('person.name.placeholder'), '李四');
    fill(zh('person.id.placeholder'), '110105201503022249');
    fireEvent.click(screen.getByText(zh('persons.consent')));
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].relation).toBe('child');
    expect(sent[0].idType).toBe('id_card');
  });

  it('refuses a malformed email and an ID number that does not fit the chosen type, sending nothing', async () => {
    const { fetch, calls } = fakeFetch(() => envelope(null));
    vi.stubGlobal('fetch', fetch);
    renderView(<AddPersonView />, { path: '/help/collect/addPerson?kind=applicant' });
    fill(zh('person.name.placeholder'), '张三');
    fill(zh('person.id.placeholder'), '440304199001011233');
    fill(zh('person.mobile.placeholder'), '13800000001');
    fill(zh('savedPersons.emailPlaceholder'), 'zhang@');
    fireEvent.click(screen.getByText(zh('persons.consent')));
    await submit();
    await waitFor(() => expect(screen.getByText(zh('savedPersons.emailFormat'))).toBeTruthy());
    fill(zh('savedPersons.emailPlaceholder'), 'zhang@example.com');
    fireEvent.click(screen.getByText(zh('savedPersons.idType.foreign_permanent')));
    await submit();
    await waitFor(() =>
      expect(
        screen.getByText(
          translate('zh-cn', 'savedPersons.idTypeMismatch', { type: zh('savedPersons.idType.foreign_permanent') }),
        ),
      ).toBeTruthy(),
    );
    expect(calls).toHaveLength(0);
  });

  it('edits a saved person: reads the whole record, then PUTs the changed mobile and email', async () => {
    const puts: Record<string, unknown>[] = [];
    const { fetch, calls } = fakeFetch(async (request, call) => {
      if (call.method === 'GET') {
        return envelope({
          id: 7,
          kind: 'insured',
          name: '王五',
          idType: 'id_card',
          idNumber: '11010519491231002X',
          birthDate: '1949-12-31',
          sex: 'female',
          mobile: '13800000002',
          email: null,
          relation: 'parent',
          consentAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        });
      }
      puts.push((await request.json()) as Record<string, unknown>);
      return envelope({ person: { id: 7, name: '王五' }, created: false });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<AddPersonView />, { path: '/help/collect/addPerson?id=7' });
    await waitFor(() => expect(screen.getByText(zh('savedPersons.editTitle'))).toBeTruthy());
    await waitFor(() =>
      expect((screen.getByPlaceholderText(zh('person.name.placeholder')) as HTMLInputElement).value).toBe('王五'),
    );
    fill(zh('person.mobile.placeholder'), '13900000003');
    fill(zh('savedPersons.emailPlaceholder'), 'wang@example.com');
    fireEvent.click(screen.getByText(zh('persons.consent')));
    await submit();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.url).toMatch(/\/persons\/7$/);
    expect(puts[0]).toMatchObject({
      kind: 'insured',
      name: '王五',
      idNumber: '11010519491231002X',
      relation: 'parent',
      mobile: '13900000003',
      email: 'wang@example.com',
      consent: true,
    });
  });
});
