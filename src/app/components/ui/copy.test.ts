import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy.ts';

afterEach(() => vi.unstubAllGlobals());

describe('copyText (spec §8)', () => {
  it('copies and shows 复制成功', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await expect(copyText('https://example.com/share')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://example.com/share');
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });
});
