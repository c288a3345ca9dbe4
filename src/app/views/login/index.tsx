import { RedirectTo } from '../../components/shell/redirect-to.tsx';

/** `/login` (spec §2): goes to the home page keeping `?redirect=…`, where the sign-in opens. */
export default function Login() {
  return <RedirectTo to="/index" keepSearch />;
}
