import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Popup } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { installOverlayFocus } from './overlay-focus.ts';

let undo: (() => void) | undefined;
// Unmounted here: test files share one jsdom (vite.config.ts), where a popup left mounted would go
// on animating into the next file's fake timers.
afterEach(() => {
  cleanup();
  undo?.();
});

/** A sheet whose heading comes after it opened, as a document loaded on demand does. */
const Sheet = ({ loaded }: { loaded: boolean }) => (
  <Popup visible>{loaded ? <h3>用户服务协议</h3> : <span>…</span>}</Popup>
);

describe('overlay focus (docs/accessibility.md#screen-readers)', () => {
  it('names a sheet by its heading when the heading arrives after the sheet opened', async () => {
    undo = installOverlayFocus();
    const { rerender } = render(<Sheet loaded={false} />);
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy(), { timeout: 5_000 });
    rerender(<Sheet loaded />);
    await waitFor(() => expect(screen.getByRole('dialog', { name: '用户服务协议' })).toBeTruthy(), { timeout: 5_000 });
  });
});
