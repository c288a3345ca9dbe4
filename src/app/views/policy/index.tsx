import { useSearchParams } from 'react-router-dom';
import { PolicyDetailView } from './policy-detail.tsx';
import { PolicyList } from './policy-list.tsx';

/**
 * 保单查询 (`/policy/index`): the list by state and search, or with `?id=<policyId>` (as 我的订单
 * and the list link to it) one policy with its documents and actions.
 */
export default function PolicyView() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id !== null ? <PolicyDetailView key={id} id={id} /> : <PolicyList />;
}
