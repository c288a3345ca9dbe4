import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { PROGRESS_BAR } from '#shared/constants.ts';

// nprogress 0.2 reads trickleRate although its typings do not list it.
NProgress.configure({ ...PROGRESS_BAR } as Partial<NProgress.NProgressOptions>);

/** The bar of spec §2 and §9, configured; loaded by use-progress-bar.ts with the first navigation. */
export const progressBar = { start: () => NProgress.start(), done: () => NProgress.done() };
