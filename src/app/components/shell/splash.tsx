import { useT } from '../../i18n/index.ts';

/** Shown while the first navigation (entry sign-in, guard) is under way. A CSS spinner: first load. */
export function Splash() {
  const t = useT();
  return (
    <div className="app-splash" role="status" aria-live="polite">
      <span className="app-splash__spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
