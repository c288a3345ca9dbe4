import { afterEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({ cleared: 0 }));
vi.mock('./toast-show.ts', () => ({
  showToast: () => {
    const mask = document.createElement('div');
    mask.className = 'adm-toast-mask';
    document.body.append(mask);
  },
  clearToast: () => {
    shown.cleared += 1;
    document.querySelectorAll('.adm-toast-mask').forEach((m) => m.remove());
  },
}));

const { clearToastsOnNavigation, showErrorToast, showSuccessToast } = await import('./toast.ts');
const onScreen = () => document.querySelectorAll('.adm-toast-mask').length;
const settle = () => vi.waitFor(() => expect(onScreen()).toBe(1));

afterEach(() => {
  document.body.innerHTML = '';
  shown.cleared = 0;
});

describe('toasts and navigation', () => {
  it('takes a toast of the page left away on navigation (an error no longer covers the next page)', async () => {
    showErrorToast('系统错误');
    await settle();
    clearToastsOnNavigation();
    await vi.waitFor(() => expect(onScreen()).toBe(0));
  });

  it('keeps a toast that announces the navigation for that navigation only', async () => {
    showSuccessToast('报案成功', { travels: true });
    await settle();
    clearToastsOnNavigation();
    expect(onScreen()).toBe(1);
    clearToastsOnNavigation();
    await vi.waitFor(() => expect(onScreen()).toBe(0));
  });

  it('does nothing (and loads nothing) when no toast is on screen', () => {
    clearToastsOnNavigation();
    expect(shown.cleared).toBe(0);
  });
});
