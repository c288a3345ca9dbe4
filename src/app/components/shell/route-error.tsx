import { Button } from '../ui/button.tsx';
import { useT } from '../../i18n/index.ts';

/**
 * A route that failed to render or whose code failed to load (e.g. a new deployment removed the old
 * chunks, or the network dropped): offer a reload rather than a blank page. Plain markup: this is
 * part of the first load, so no illustration.
 */
export function RouteError() {
  const t = useT();
  return (
    <div className="app-error" role="alert">
      <h2 className="app-error__title">{t('error.B0001')}</h2>
      <p className="app-error__text">{t('error.view')}</p>
      <Button block color="primary" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </Button>
    </div>
  );
}
