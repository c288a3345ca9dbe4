import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';

/** The fallback page (spec §8, §9: /404), also shown for unknown view names. */
export default function NotFound() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="app-error">
      <ErrorBlock status="empty" title={t('error.404.title')} description={t('error.404.description')}>
        <Button color="primary" onClick={() => navigate('/index', { replace: true })}>
          {t('error.backHome')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
