import { ErrorBlock, Space } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';

/** The fallback page (spec §8, §9: /404), also shown for unknown view names. */
export default function NotFound() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="app-error">
      <ErrorBlock status="empty" title={t('error.404.title')} description={t('error.404.description')}>
        {/* Full width, as on 401 and every error page. */}
        <Space direction="vertical" block>
          <Button block color="primary" onClick={() => navigate('/index', { replace: true })}>
            {t('error.backHome')}
          </Button>
        </Space>
      </ErrorBlock>
    </div>
  );
}
