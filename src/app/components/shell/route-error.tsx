import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/button.tsx';
import { useT } from '../../i18n/index.ts';

function subscribeOnline(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** Whether the browser says it is offline, kept current by its online and offline events. */
function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );
}

/**
 * A view's code that did not arrive: the dynamic import of its chunk failed (browsers word it
 * differently), or the build's preload of its styles did.
 */
export function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script failed|error loading dynamically|unable to preload/i.test(error.message)
  );
}

/**
 * A route that failed to render or whose code failed to load. On a view (src/app/router) it is
 * drawn inside the page shell, so the header and the tab bar stay; at the root it is the whole
 * page. Offline, or a view's code that did not arrive, it says the network is down and loads the
 * page by itself once the network is back: a reload, since the browser keeps a failed module
 * import failed. Otherwise it offers the reload. Plain markup: this is part of the first load.
 * `error`: a view's code that failed to load (router/route-objects.tsx), which is no route error.
 */
export function RouteError({ error: failure }: { error?: unknown }) {
  const t = useT();
  const routeError = useRouteError();
  const error = failure ?? routeError;
  const offline = useOffline();
  // Once a network failure, until the page loads again: the network's return must not turn it into another.
  const wasNetwork = useRef(false);
  const network = (wasNetwork.current ||= offline || isChunkLoadFailure(error));

  useEffect(() => {
    if (!network) return;
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [network]);

  return (
    <div className="app-error" role="alert" data-testid="route-error">
      <h2 className="app-error__title">{t(network ? 'error.offlineTitle' : 'error.B0001')}</h2>
      <p className="app-error__text">{t(network ? 'error.offlineView' : 'error.view')}</p>
      <Button block color="primary" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </Button>
    </div>
  );
}
