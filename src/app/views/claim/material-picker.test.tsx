import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../testing.tsx';
import { MaterialPicker, uploadMaterials, type PickedItem } from './material-picker.tsx';

const zh = (key: Parameters<typeof translate>[1]) => translate('zh-cn', key);
afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string) => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });

describe('claim materials', () => {
  it('files each picked document as the kind the member chose, and uploads each kind as that kind', async () => {
    let picked: PickedItem[] = [];
    function Harness() {
      const [items, setItems] = useState<PickedItem[]>([]);
      picked = items;
      return <MaterialPicker value={items} onChange={setItems} maxCount={20} />;
    }
    const { container } = renderView(<Harness />);
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;

    fireEvent.click(screen.getByText(zh('claim.file.invoice')));
    await act(async () => {
      fireEvent.change(input(), { target: { files: [pdf('invoice.pdf')] } });
    });
    fireEvent.click(screen.getByText(zh('claim.file.medical')));
    await act(async () => {
      fireEvent.change(input(), { target: { files: [pdf('record.pdf')] } });
    });
    await waitFor(() => expect(picked.map((i) => i.extra.kind)).toEqual(['invoice', 'medical']));
    expect(screen.getAllByText(zh('claim.file.invoice')).length).toBeGreaterThan(1);

    const kinds: string[] = [];
    const { fetch } = fakeFetch(async (request) => {
      const body = await request.formData();
      kinds.push(`${body.get('kind')}:${body.getAll('file').length}`);
      return envelope({ files: [] });
    });
    vi.stubGlobal('fetch', fetch);
    await uploadMaterials(7, picked);
    expect(kinds.sort()).toEqual(['invoice:1', 'medical:1']);
  });
});
