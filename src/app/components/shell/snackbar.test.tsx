import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_TIMEOUT_MS } from '#shared/constants.ts';
import { SnackbarHost, useOfflineNotice } from './snackbar-host.tsx';
import { closeSnackbar, showSnackbar } from './snackbar.ts';

function Host() {
  useOfflineNotice();
  return <SnackbarHost />;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  act(() => closeSnackbar());
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('closes by itself after 5000 ms', () => {
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: '已保存' });
    });
    expect(screen.getByText('已保存')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS - 1);
    });
    expect(screen.getByText('已保存')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('已保存')).toBeNull();
  });

  it('with -1 stays until closed, and the action runs once and closes it', () => {
    const retry = vi.fn();
    render(<SnackbarHost />);
    act(() => {
      showSnackbar({ message: '提交失败', actionText: '重试', onAction: retry, timeout: -1 });
    });
    act(() => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('提交失败')).toBeNull();
  });

  it('a closer of a replaced snackbar leaves the newer one alone', () => {
    render(<SnackbarHost />);
    let closeFirst = () => {};
    act(() => {
      closeFirst = showSnackbar({ message: '第一条', timeout: -1 });
    });
    act(() => {
      showSnackbar({ message: '第二条', timeout: -1 });
    });
    act(() => closeFirst());
    expect(screen.getByText('第二条')).toBeTruthy();
  });

  it('says so while the phone is offline, and that it is back when it returns', () => {
    render(<Host />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('snackbar').textContent).toContain('网络已断开');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('snackbar').textContent).toContain('网络已断开');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByTestId('snackbar').textContent).toContain('网络已恢复');
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_TIMEOUT_MS);
    });
    expect(screen.getByTestId('snackbar').textContent).toBe('');
  });
});
