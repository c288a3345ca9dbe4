import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteDef } from '#shared/routes.ts';
import { hashRoute } from '../api/first-screen.ts';
import { RedirectTo } from '../components/shell/redirect-to.tsx';
import { resolveView, type ViewLoader } from './resolve-view.ts';
import type { RouteHandle } from './types.ts';

export interface RouteParts {
  /** The component of `Layout` items: the page shell. */
  Layout: ComponentType;
  /** The view registry (src/app/views/registry.ts). */
  views: Record<string, ViewLoader>;
  /**
   * What a view that failed to load or render shows, in its place inside the page shell (header
   * and tab bar stay): e.g. its code did not arrive because the network is down.
   */
  ViewError?: ComponentType<{ error?: unknown }>;
  /** Loads the dictionaries views need (i18n `loadDictionaries`). */
  loadTexts?: (view: string) => Promise<void>;
  /**
   * The sign-in on entry (a WeChat callback's code): the first screen's data waits for it, so
   * that its call carries the new token, as the view's own call after the guard would.
   */
  entry?: Promise<unknown>;
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function handleOf(def: RouteDef): RouteHandle {
  return {
    name: def.name ?? def.path,
    title: def.meta.title,
    hidden: def.meta.hidden === true,
    noTransition: def.meta.noTransition === true,
  };
}

/**
 * Route defs (static table or server menu) as react-router route objects: `Layout` → the shell,
 * any other component → its lazily loaded view, `redirect` → an index child that redirects (or, on
 * a leaf, a redirect that keeps the query, e.g. `/login?redirect=…` → `/index?redirect=…`).
 * Ids follow the full path, so that adding the same route twice is recognised (router.patchRoutes).
 */
export function toRouteObjects(defs: readonly RouteDef[], parts: RouteParts, parentPath = ''): RouteObject[] {
  return defs.map((def) => {
    const fullPath = joinPath(parentPath, def.path);
    const handle = handleOf(def);
    const base = { id: `route:${fullPath}`, path: def.path, handle };
    const children = def.children?.length ? toRouteObjects(def.children, parts, fullPath) : [];
    if (def.redirect && children.length) {
      children.unshift({
        id: `route:${fullPath}#index`,
        index: true,
        handle,
        element: <RedirectTo to={def.redirect} />,
      });
    }
    if (def.component === 'Layout') return { ...base, Component: parts.Layout, children };
    if (def.redirect && !children.length) return { ...base, element: <RedirectTo to={def.redirect} keepSearch /> };
    const load = resolveView(def.component, parts.views);
    // The view's code and the texts views use arrive together, so a view never renders keys.
    const { ViewError } = parts;
    const lazy = async () => {
      let module: Awaited<ReturnType<ViewLoader>>;
      try {
        [module] = await Promise.all([load(), parts.loadTexts?.(def.component)]);
      } catch (error) {
        // Code that did not arrive (offline) becomes the view's own failure, drawn in the shell:
        // a route whose `lazy` rejects is drawn as nothing by the router, header and tabs included.
        if (!ViewError) throw error;
        return { Component: () => <ViewError error={error} /> };
      }
      // The view of the address at start: its first call too, so its first paint shows the data.
      // (An in-app navigation loads the view while the address is still the page being left.)
      const here = hashRoute(window.location.hash);
      if (module.firstScreenData && here.path === fullPath) {
        await parts.entry?.catch(() => undefined);
        await module.firstScreenData(new URLSearchParams(here.search));
      }
      return { Component: module.default };
    };
    const view = ViewError ? { ...base, lazy, ErrorBoundary: ViewError } : { ...base, lazy };
    return children.length ? { ...view, children } : view;
  });
}
