import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '../../components/shell/login-form.tsx';
import { safeRedirect } from '../../components/shell/use-sign-in-request.ts';
import LoginHeader from './header.tsx';

/** `/loginIndex`: the sign-in page (header + username/password + WeChat sign-in). */
export default function LoginIndex() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect')) ?? '/index';
  return (
    <div className="login-page">
      <LoginHeader />
      <LoginForm onSuccess={() => navigate(target, { replace: true })} wechatTarget={target} />
    </div>
  );
}
