import { ErrorBlock, Space } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/index.ts';
import { loginDialogAtom } from '../../session/atoms.ts';

/** No right to the page: go home, or sign in with another account. */
export default function Unauthorized() {
  const t = useT();
  const navigate = useNavigate();
  const openLogin = useSetAtom(loginDialogAtom);
  return (
    <div className="app-error">
      <ErrorBlock status="default" title={t('error.401.title')} description={t('error.401.description')}>
        <Space direction="vertical" block>
          <Button block color="primary" onClick={() => navigate('/index', { replace: true })}>
            {t('error.backHome')}
          </Button>
          <Button block color="primary" fill="outline" onClick={() => openLogin({ open: true, redirect: '/index' })}>
            {t('error.signIn')}
          </Button>
        </Space>
      </ErrorBlock>
    </div>
  );
}
