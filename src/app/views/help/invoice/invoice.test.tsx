import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../../../test/fake-fetch.ts';
import { translate } from '../../../i18n/index.ts';
import { renderView } from '../../testing.tsx';
import InvoiceHistoryView from './history/index.tsx';
import InvoiceView from './index.tsx';
import { formProblems, pairRedLetters } from './invoice-form.ts';

const zh = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
  translate('zh-cn', key, params);

const orders = {
  list: [
    {
      orderId: 11,
      orderNo: 'O2026112300000011',
      productName: '百万医疗险',
      planName: '基础版',
      amountFen: 35_800,
      paidAt: '2026-11-20T02:00:00Z',
    },
    {
      orderId: 12,
      orderNo: 'O2026112300000012',
      productName: '综合意外险',
      planName: '标准版',
      amountFen: 12_345_600,
      paidAt: '2026-11-21T02:00:00Z',
    },
  ],
  total: 2,
};

const invoice = {
  id: 5,
  invoiceNo: '20261123000000000005',
  orderId: 11,
  orderNo: 'O2026112300000011',
  productName: '百万医疗险',
  seller: '演示人寿',
  titleType: 'company',
  title: '上海演示科技有限公司',
  taxNo: '91350100M000100Y43',
  email: 'fin@example.com',
  amountFen: 35_800,
  issuedAt: '2026-11-23T01:00:00Z',
  lastSentAt: '2026-11-23T01:00:00Z',
  sendCount: 1,
  kind: 'blue',
  status: 'issued',
  reversedAt: null,
  originalId: null,
  originalInvoiceNo: null,
  redId: null,
  redInvoiceNo: null,
};

afterEach(() => vi.unstubAllGlobals());

function type(placeholder: string, value: string) {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
}

describe('invoice form rules', () => {
  it('needs a title, a valid 统一社会信用代码 for a company and an email', () => {
    const base = { titleType: 'company' as const, title: '某某公司', taxNo: '91350100m000100y43', email: 'a@b.cn' };
    expect(formProblems(base)).toEqual({});
    expect(formProblems({ ...base, taxNo: '91350100M000100Y44' })).toEqual({ taxNo: 'invoice.taxNoCheck' });
    expect(formProblems({ ...base, taxNo: '9135' })).toEqual({ taxNo: 'invoice.taxNoLength' });
    expect(formProblems({ ...base, taxNo: '' })).toEqual({ taxNo: 'invoice.taxNoRequired' });
    expect(formProblems({ ...base, titleType: 'personal', taxNo: 'whatever', title: '张', email: 'x' })).toEqual({
      title: 'invoice.titleRequired',
      email: 'invoice.emailFormat',
    });
  });
});

describe('发票管理', () => {
  it('lists the invoiceable orders with amounts and sends the chosen orders with a company title', async () => {
    const posted: unknown[] = [];
    const { fetch } = fakeFetch(async (request, call) => {
      if (call.url.endsWith('/invoice/orders')) return envelope(orders);
      if (call.url.endsWith('/invoice') && call.method === 'POST') {
        posted.push(await request.json());
        return envelope({ list: [invoice], mailed: true });
      }
      return envelope(null);
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<InvoiceView />, { path: '/help/invoice' });
    await waitFor(() => expect(screen.getByText('百万医疗险')).toBeTruthy());
    expect(screen.getByText('¥358.00')).toBeTruthy();
    expect(screen.getByText('¥123,456.00')).toBeTruthy();

    fireEvent.click(screen.getByText('百万医疗险'));
    expect(screen.getByText(zh('invoice.selectedTotal', { n: 1, amount: '¥358.00' }))).toBeTruthy();
    fireEvent.click(screen.getByText(zh('invoice.titleCompany')));
    type(zh('invoice.titlePlaceholderCompany'), '上海演示科技有限公司');
    type(zh('invoice.taxNoPlaceholder'), '91350100M000100Y44');
    type(zh('invoice.emailPlaceholder'), 'fin@example.com');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('invoice.submit') }));
    });
    expect(screen.getByText(zh('invoice.taxNoCheck'))).toBeTruthy();
    expect(posted).toHaveLength(0);

    type(zh('invoice.taxNoPlaceholder'), '91350100m000100y43');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: zh('invoice.submit') }));
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      orderIds: [11],
      titleType: 'company',
      title: '上海演示科技有限公司',
      taxNo: '91350100M000100Y43',
      email: 'fin@example.com',
    });
  });

  it('says so when nothing can be invoiced', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => envelope({ list: [], total: 0 })).fetch);
    renderView(<InvoiceView />, { path: '/help/invoice' });
    await waitFor(() => expect(screen.getByText(zh('invoice.empty'))).toBeTruthy());
    expect(screen.queryByRole('button', { name: zh('invoice.submit') })).toBeNull();
  });
});

describe('开票记录', () => {
  it('lists issued invoices and resends one by mail', async () => {
    const { fetch, calls } = fakeFetch((_request, call) => {
      if (call.url.endsWith('/resend')) return envelope({ invoice: { ...invoice, sendCount: 2 }, to: invoice.email });
      return envelope({ list: [invoice], total: 1 });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<InvoiceHistoryView />, { path: '/help/invoice/history' });
    await waitFor(() => expect(screen.getByText('上海演示科技有限公司')).toBeTruthy());
    expect(screen.getByText(zh('invoice.no', { no: invoice.invoiceNo }))).toBeTruthy();
    expect(screen.getByText('¥358.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: zh('invoice.resend') }));
    await waitFor(() => expect(screen.getByText(zh('invoice.resendTitle'))).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByText(zh('invoice.resendConfirm')));
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/invoice/5/resend'))).toBe(true),
    );
  });
});

describe('开票记录 after a surrender (红冲)', () => {
  const reversed = {
    ...invoice,
    status: 'reversed',
    reversedAt: '2026-11-24T01:00:00Z',
    redId: 6,
    redInvoiceNo: '20261124000000000006',
  };
  const red = {
    ...invoice,
    id: 6,
    invoiceNo: '20261124000000000006',
    amountFen: -35_800,
    issuedAt: '2026-11-24T01:00:00Z',
    kind: 'red',
    originalId: 5,
    originalInvoiceNo: invoice.invoiceNo,
  };
  const other = {
    ...invoice,
    id: 4,
    invoiceNo: '20261122000000000004',
    orderId: 10,
    orderNo: 'O2026112200000010',
    title: '李四',
  };

  it('puts each red-letter invoice right after the one it cancels', () => {
    // Newest first from the server: the red one (24 Nov) comes before its original (23 Nov).
    expect(pairRedLetters([red, reversed, other] as never).map((i) => i.id)).toEqual([5, 6, 4]);
    expect(pairRedLetters([red] as never).map((i) => i.id)).toEqual([6]);
  });

  it('shows the original as 已红冲 with the red one below it: negative amount, original number; both download and resend', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const { fetch, calls } = fakeFetch((_request, call) => {
      if (call.url.endsWith('/pdf'))
        return new Response(new Blob(['%PDF-']), { headers: { 'content-type': 'application/pdf' } });
      if (call.url.endsWith('/resend')) return envelope({ invoice: { ...red, sendCount: 2 }, to: invoice.email });
      return envelope({ list: [red, reversed], total: 2 });
    });
    vi.stubGlobal('fetch', fetch);
    renderView(<InvoiceHistoryView />, { path: '/help/invoice/history' });
    await waitFor(() => expect(screen.getByText(zh('invoice.reversed'))).toBeTruthy());
    expect(screen.getByText(zh('invoice.redTag'))).toBeTruthy();
    expect(screen.getByText('¥358.00')).toBeTruthy();
    expect(screen.getByText('-¥358.00')).toBeTruthy();
    expect(screen.getByText(zh('invoice.no', { no: invoice.invoiceNo }))).toBeTruthy();
    expect(screen.getByText(zh('invoice.redNo', { no: red.invoiceNo }))).toBeTruthy();
    expect(screen.getByText(zh('invoice.originalNo', { no: invoice.invoiceNo }))).toBeTruthy();
    expect(screen.getByText(new RegExp(zh('invoice.reversedHint')))).toBeTruthy();

    const text = document.body.textContent ?? '';
    expect(text.indexOf(zh('invoice.no', { no: invoice.invoiceNo }))).toBeLessThan(
      text.indexOf(zh('invoice.originalNo', { no: invoice.invoiceNo })),
    );

    const downloads = screen.getAllByRole('button', { name: zh('invoice.download') });
    expect(downloads).toHaveLength(2);
    await act(async () => {
      fireEvent.click(downloads[1]);
    });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/invoice/6/pdf'))).toBe(true));
    await act(async () => {
      fireEvent.click(downloads[0]);
    });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/invoice/5/pdf'))).toBe(true));

    const resends = screen.getAllByRole('button', { name: zh('invoice.resend') });
    expect(resends).toHaveLength(2);
    fireEvent.click(resends[1]);
    await waitFor(() => expect(screen.getByText(zh('invoice.resendTitle'))).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByText(zh('invoice.resendConfirm')));
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/invoice/6/resend'))).toBe(true),
    );
  });
});
