import { createHashRouter, type RouteObject } from 'react-router-dom';
import { FALLBACK_PAGE } from '#shared/constants.ts';
import { STATIC_ROUTES, type RouteDef } from '#shared/routes.ts';
import { AppFrame } from '../components/shell/app-frame.tsx';
import { ShellLayout } from '../components/shell/layout.tsx';
import { RedirectTo } from '../components/shell/redirect-to.tsx';
import { RouteError } from '../components/shell/route-error.tsx';
import { Splash } from '../components/shell/splash.tsx';
import { forgetFirstScreenData } from '../components/ui/first-screen-data.ts';
import { languageAtom, loadDictionaries } from '../i18n/index.ts';
import { store } from '../store.ts';
import { views } from '../views/registry.ts';
import { earlySignIn } from '../wechat/authorize.ts';
import { autoWebOAuth, startWebOAuth } from '../wechat/oauth.ts';
import { createGuardLoader } from './guard-loader.ts';
import type { AppRouter } from './instance.ts';
import { toRouteObjects, type RouteParts } from './route-objects.tsx';
import { isRouteHandle } from './types.ts';

const ROOT_ID = 'root';
const parts: RouteParts = {
  Layout: ShellLayout,
  views,
  ViewError: RouteError,
  loadTexts: (view) => loadDictionaries(store.get(languageAtom), view),
};

function findRoute(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const found = route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Adds route objects under `parentId`, merging into routes that exist already (same id = same full
 * path), so a second menu (another user signing in) adds its extra children instead of a shadow copy.
 */
function patchInto(router: AppRouter, parentId: string, objects: RouteObject[]): void {
  const added: RouteObject[] = [];
  for (const object of objects) {
    const existing = object.id ? findRoute(router.routes, object.id) : undefined;
    if (existing) {
      if (object.children?.length) patchInto(router, object.id!, object.children);
    } else {
      added.push(object);
    }
  }
  // One call per parent: each call flattens and ranks every route of the router again.
  if (added.length) router.patchRoutes(parentId, added);
}

/** Inside WeChat a needed sign-in goes straight to the authorize page (docs/specification.md#product-shape). */
async function leaveForSignIn(target: string): Promise<boolean> {
  // index.html's script may have started the same trip already (boot/early-start.ts).
  const early = earlySignIn();
  if (early && (await early)) return true;
  if (!autoWebOAuth()) return false;
  try {
    await startWebOAuth(target);
    return true;
  } catch {
    return false; // no client config: the sign-in dialog instead
  }
}

/** Path and query of the page being left, when its route has a name (guard: "previous named route"). */
function previousNamedPath(router: AppRouter): string | null {
  const { matches, location } = router.state;
  const last = matches[matches.length - 1];
  return last && isRouteHandle(last.route.handle) && last.route.handle.name
    ? location.pathname + location.search
    : null;
}

/**
 * The hash router (spec §2): the root route runs the guard on every navigation and renders the
 * frame (progress bar, scroll to top, sign-in dialog); the static routes are built in and the
 * user's server routes are added once the guard has loaded them. Unknown paths reach the guard,
 * which sends them on (sign-in, previous page or /404).
 */
export function createAppRouter(entry: Promise<unknown>): AppRouter {
  const routeParts: RouteParts = { ...parts, entry };
  const loader = createGuardLoader({
    store,
    entry,
    addRoutes: (routes: RouteDef[]) => patchInto(router, ROOT_ID, toRouteObjects(routes, routeParts)),
    previousNamedPath: () => previousNamedPath(router),
    leaveForSignIn,
  });
  const router = createHashRouter([
    {
      id: ROOT_ID,
      Component: AppFrame,
      ErrorBoundary: RouteError,
      HydrateFallback: Splash,
      loader,
      shouldRevalidate: () => true,
      children: [
        ...toRouteObjects(STATIC_ROUTES, routeParts),
        { id: 'not-found', path: '*', element: <RedirectTo to={FALLBACK_PAGE} /> },
      ],
    },
  ]);
  // The first screen's data is for the first screen only (components/ui/first-screen-data.ts).
  router.subscribe((state) => {
    if (state.initialized && state.navigation.state !== 'idle') forgetFirstScreenData();
  });
  return router;
}
