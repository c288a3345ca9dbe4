import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/index.ts';
import { closeSnackbar, currentSnackbar, showSnackbar, subscribeSnackbar } from './snackbar.ts';

/**
 * The bar at the bottom of the column, above the tab bar and the safe area. The region is always
 * there so screen readers announce what appears in it (a polite live region, without the status
 * role: a page's own status line stays the one `status` of the page).
 */
export function SnackbarHost() {
  const bar = useSyncExternalStore(subscribeSnackbar, currentSnackbar);
  const t = useT();
  return (
    <div className="app-snackbar-region" aria-live="polite" data-testid="snackbar">
      {bar && (
        <div className="app-snackbar" key={bar.id}>
          <span className="app-snackbar-text">{bar.message}</span>
          {bar.actionText && (
            <button
              type="button"
              className="app-snackbar-action"
              onClick={() => {
                closeSnackbar(bar.id);
                bar.onAction?.();
              }}
            >
              {bar.actionText}
            </button>
          )}
          <button
            type="button"
            className="app-snackbar-close"
            aria-label={t('snackbar.close')}
            onClick={() => closeSnackbar(bar.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Losing the network on a phone is common (lifts, trains): a snackbar that stays until the
 * connection is back (-1), then a short "恢复" note with the usual time-out.
 */
export function useOfflineNotice(): void {
  const t = useT();
  useEffect(() => {
    let close: (() => void) | null = null;
    const offline = () => {
      close = showSnackbar({ message: t('net.offline'), timeout: -1 });
    };
    const online = () => {
      if (!close) return;
      close();
      close = null;
      showSnackbar({ message: t('net.online') });
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      close?.();
    };
  }, [t]);
}
