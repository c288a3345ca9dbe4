import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRemote } from './use-remote.ts';

function Shows({ load, initial }: { load: () => Promise<string>; initial?: string }) {
  const remote = useRemote(load, [], initial);
  return <p>{remote.loading ? 'loading' : remote.data}</p>;
}

describe('useRemote', () => {
  it('loads on mount and shows the loading state until the answer', async () => {
    const load = vi.fn(async () => 'fresh');
    render(<Shows load={load} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('fresh')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows an answer read with the code at once, without asking again until a reload', async () => {
    const load = vi.fn(async () => 'fresh');
    render(<Shows load={load} initial="early" />);
    expect(screen.getByText('early')).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(load).not.toHaveBeenCalled();
  });
});
