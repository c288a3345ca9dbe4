import { useState } from 'react';

/*
 * The data of the first screen, read together with its code (docs/decisions/first-screen-data.md): when the view of the
 * address is loaded at start, the router awaits the view's `firstScreenData` with the code
 * (router/route-objects.tsx), so that the view's first render already shows the data instead of a
 * loading state followed by a second render. The call itself is the view's usual one, which takes
 * the answer index.html's script asked for early (api/early-responses.ts), so this costs no
 * request and no waiting beyond the answer the first paint needs anyway. Later visits to the view
 * load as before: the view shows at once and fetches in its effect.
 */

const ready = new Map<string, unknown>();

/** Runs the view's first call and keeps its result for the view; a failure is left to the view, which asks again. */
export async function prefetchFirstScreenData(key: string, load: () => Promise<unknown>): Promise<void> {
  try {
    ready.set(key, await load());
  } catch {
    // The view's own call reports it.
  }
}

/**
 * Drops what no view took: called when the first in-app navigation starts (router.tsx), so that a
 * view opened later (e.g. after a sign-in the guard asked for) never shows data read before it.
 */
export function forgetFirstScreenData(): void {
  ready.clear();
}

/** The first screen's data under this key, taken once (the first render of the view), or undefined. */
export function useFirstScreenData<T>(key: string): T | undefined {
  const [data] = useState(() => {
    const value = ready.get(key) as T | undefined;
    ready.delete(key);
    return value;
  });
  return data;
}
