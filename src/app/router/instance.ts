import type { createHashRouter } from 'react-router-dom';

export type AppRouter = ReturnType<typeof createHashRouter>;

let current: AppRouter | null = null;

/** The router of this page, for code outside React (sign-out, reset token, adding routes). */
export function setAppRouter(router: AppRouter | null): void {
  current = router;
}

export function getAppRouter(): AppRouter | null {
  return current;
}
