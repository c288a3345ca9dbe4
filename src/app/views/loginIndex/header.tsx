import { useT } from '../../i18n/index.ts';

/** Brand header of the sign-in page. */
export default function LoginHeader() {
  const t = useT();
  return (
    <div className="login-page__header">
      <svg className="login-page__logo" viewBox="0 0 48 48" aria-hidden="true">
        <path d="M24 4l16 6v12c0 10-7 17-16 20C15 39 8 32 8 22V10z" fill="currentColor" />
        <path
          d="M17 24l5 5 9-10"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="login-page__brand">{t('app.name')}</div>
      <p className="login-page__subtitle">{t('login.subtitle')}</p>
    </div>
  );
}
