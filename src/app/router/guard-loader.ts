import { redirect, replace, type LoaderFunctionArgs } from 'react-router-dom';
import { OPEN_PATHS } from '#shared/constants.ts';
import type { RouteDef } from '#shared/routes.ts';
import { allowedRoutesAtom, rolesAtom, tokenAtom } from '../session/atoms.ts';
import { ensureSession } from './load-session.ts';
import { clearSession, type Store } from '../session/token.ts';
import { decide, loginPath, routeExists, type Target } from './guard.ts';

export interface GuardDeps {
  store: Store;
  /** Settles when the sign-in on entry (WeChat code exchange) is over. */
  entry: Promise<unknown>;
  /** Adds the user's server routes to the router. */
  addRoutes: (routes: RouteDef[]) => void;
  /** Path of the page being left, when it has a route name. */
  previousNamedPath: () => string | null;
  loadSession?: (store: Store) => Promise<RouteDef[]>;
  /**
   * Starts a sign-in that leaves the page (WeChat web OAuth) for a visitor the guard would send to
   * /login; resolves to false when that is not possible here. Skips showing the home page first.
   */
  leaveForSignIn?: (target: string) => Promise<boolean>;
}

/** The loader result while the browser is leaving for the sign-in page: it never settles. */
const leaving = () => new Promise<null>(() => undefined);

/**
 * Applies `decide` on every navigation (the root route's loader, revalidated always). "load" runs
 * steps 1–3 of spec §2: user info, routes added, then the same navigation again; a failure clears
 * the token and goes to /login with the redirect.
 */
export function createGuardLoader(deps: GuardDeps) {
  const { store } = deps;
  const load = deps.loadSession ?? ensureSession;

  function stateFor(target: Target) {
    return {
      hasToken: Boolean(store.get(tokenAtom)),
      rolesLoaded: store.get(rolesAtom) !== null,
      routeExists: routeExists(store.get(allowedRoutesAtom), target.pathname),
      previousNamedPath: deps.previousNamedPath(),
    };
  }

  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    await deps.entry.catch(() => undefined);
    const url = new URL(request.url);
    const target: Target = { pathname: url.pathname, search: url.search };
    const decision = decide(stateFor(target), target);
    if ('load' in decision) {
      try {
        deps.addRoutes(await load(store));
      } catch {
        clearSession(store);
        throw redirect(loginPath(target));
      }
      // The same page again, in place of this entry: a reload must not add a second one (Back
      // would then seem to do nothing, e.g. between purchase steps).
      throw replace(target.pathname + target.search);
    }
    if ('redirect' in decision) {
      const toLogin = !store.get(tokenAtom) && decision.redirect.startsWith('/login?');
      if (toLogin && deps.leaveForSignIn && (await deps.leaveForSignIn(target.pathname + target.search)))
        return leaving();
      throw redirect(decision.redirect);
    }
    // Open pages do not wait for the user's routes, but get them ready for the next link.
    const open = (OPEN_PATHS as readonly string[]).includes(target.pathname);
    if (open && store.get(tokenAtom) && store.get(rolesAtom) === null) {
      load(store).then(deps.addRoutes, () => undefined);
    }
    return null;
  };
}
