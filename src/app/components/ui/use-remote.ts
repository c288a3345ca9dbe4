import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  loading: boolean;
  data: T | undefined;
  error: unknown;
  reload: () => Promise<void>;
}

/**
 * Loads data for a screen and reloads it on demand (pull to refresh, after a save). The client has
 * already shown a failed call's message; the screen only decides what to draw. An answer that
 * arrives after a newer request started is dropped, so fast tab switches never show stale rows.
 */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[], initial?: T): Remote<T> {
  // `initial`: the answer already read (components/ui/first-screen-data.ts); no first load then.
  const [state, setState] = useState<{ loading: boolean; data: T | undefined; error: unknown }>({
    loading: initial === undefined,
    data: initial,
    error: undefined,
  });
  const skipFirstLoad = useRef(initial !== undefined);
  const seq = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again, as with useEffect
  const run = useCallback(load, deps);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    try {
      const data = await run();
      if (mine === seq.current) setState({ loading: false, data, error: undefined });
    } catch (error) {
      if (mine === seq.current) setState((s) => ({ loading: false, data: s.data, error }));
    }
  }, [run]);

  useEffect(() => {
    if (skipFirstLoad.current) skipFirstLoad.current = false;
    else void reload();
    return () => {
      seq.current += 1;
    };
  }, [reload]);

  return { ...state, reload };
}
