import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ download: [] as string[], fetch: [] as string[] }));
vi.mock('../../api/download.ts', () => ({
  downloadFile: async (path: string) => {
    calls.download.push(path);
    return /MicroMessenger/.test(navigator.userAgent) ? 'wechat' : 'saved';
  },
  fetchFile: async (path: string, fallback: string) => {
    calls.fetch.push(path);
    return { blob: new Blob(['%PDF-1.7'], { type: 'application/octet-stream' }), filename: `${fallback}!` };
  },
}));

const { documentChoice, openDocument } = await import('./documents.ts');

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2600(0x28003235) NetType/WIFI';

describe('policy documents', () => {
  beforeEach(() => {
    calls.download.length = 0;
    calls.fetch.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:shown');
  });

  it('shows documents in the page inside WeChat and downloads them elsewhere', () => {
    expect(documentChoice(ANDROID_WECHAT)).toBe('view');
    expect(documentChoice(`${IPHONE} MicroMessenger/8.0.50`)).toBe('view');
    expect(documentChoice(IPHONE)).toBe('download');
    expect(documentChoice('')).toBe('download');
  });

  it('saves the file outside WeChat without fetching it for the page', async () => {
    expect(await openDocument('order/downloadPolicy/3', 'p.pdf', IPHONE)).toEqual({ kind: 'saved' });
    expect(calls).toEqual({ download: ['order/downloadPolicy/3'], fetch: [] });
  });

  it("inside WeChat fetches the PDF and answers a blob URL of type application/pdf with the server's name", async () => {
    const outcome = await openDocument('order/downloadVoucher/9', 'v.pdf', ANDROID_WECHAT);
    expect(outcome).toEqual({ kind: 'view', url: 'blob:shown', filename: 'v.pdf!' });
    expect(calls).toEqual({ download: [], fetch: ['order/downloadVoucher/9'] });
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });
});
