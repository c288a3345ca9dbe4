import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen.ts';

function fakeRouter() {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router = {
    state: { initialized: false },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    finishFirstNavigation() {
      router.state = { initialized: true };
      for (const listener of [...listeners]) listener(router.state);
    },
    listeners,
  };
  return router;
}

describe('afterFirstScreen', () => {
  it('waits for the first navigation, then runs once when the page is idle', async () => {
    const router = fakeRouter();
    const work = vi.fn();
    afterFirstScreen(router, work);
    await new Promise((r) => setTimeout(r, 20));
    expect(work).not.toHaveBeenCalled();
    router.finishFirstNavigation();
    expect(router.listeners.size).toBe(0);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    router.finishFirstNavigation();
    await new Promise((r) => setTimeout(r, 20));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once (when idle) if the first navigation is already over', async () => {
    const router = fakeRouter();
    router.state = { initialized: true };
    const work = vi.fn();
    afterFirstScreen(router, work);
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
  });
});
