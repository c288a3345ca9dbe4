import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import { PROGRESS_BAR } from '#shared/constants.ts';

// nprogress 0.2 reads trickleRate although its typings do not list it.
NProgress.configure({ ...PROGRESS_BAR } as Partial<NProgress.NProgressOptions>);

/** The progress bar of spec §2 and §9 while a navigation (guard, view code) is under way. */
export function useProgressBar(): void {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);
}
