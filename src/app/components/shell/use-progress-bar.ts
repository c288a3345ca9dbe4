import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';

type ProgressBar = (typeof import('./progress-bar.ts'))['progressBar'];

/**
 * nprogress and its styles load with the first navigation, not before the first paint (docs/decisions/deferred-first-screen-code.md):
 * the first screen never shows the bar. Calls chain on the one import, so a start and the done
 * that follows it keep their order.
 */
let loading: Promise<ProgressBar> | null = null;
const bar = () =>
  (loading ??= import('./progress-bar.ts').then(
    (m) => m.progressBar,
    (error: unknown) => {
      // Offline: no bar this time; the next navigation asks for its code again.
      loading = null;
      throw error;
    },
  ));
const ignore = () => undefined;

/** The progress bar of spec §2 and §9 while a navigation (guard, view code) is under way. */
export function useProgressBar(): void {
  const { state } = useNavigation();
  useEffect(() => {
    if (state !== 'idle') void bar().then((b) => b.start(), ignore);
    else if (loading) void loading.then((b) => b.done(), ignore);
  }, [state]);
}
