import { Navigate, useLocation } from 'react-router-dom';

/** A route-table redirect; `keepSearch` carries the query over (`/login?redirect=…`, spec §2). */
export function RedirectTo({ to, keepSearch = false }: { to: string; keepSearch?: boolean }) {
  const { search } = useLocation();
  return <Navigate to={keepSearch ? { pathname: to, search } : to} replace />;
}
