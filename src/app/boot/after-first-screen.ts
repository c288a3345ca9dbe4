/** What the router says of its first navigation (react-router's `router.state` and `subscribe`). */
interface RouterState {
  initialized: boolean;
}

interface FirstNavigation {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

/** A browser that never goes idle still gets the work after this. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` once the first screen is drawn: after the router's first navigation (guard, view code
 * and its data) and the page's load, at the next idle moment. The load event alone came before the
 * largest paint on a busy phone (the view's data still on its way), and what it started was
 * downloaded and run before that paint (docs/decisions/deferred-first-screen-code.md).
 */
export function afterFirstScreen(router: FirstNavigation, work: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(work, 0);
  };
  const afterLoad = () => {
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  if (router.state.initialized) return afterLoad();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    afterLoad();
  });
}
