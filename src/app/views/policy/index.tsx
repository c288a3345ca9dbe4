import { useSearchParams } from 'react-router-dom';
import { PolicyDetailView } from './policy-detail.tsx';
import { PolicyList } from './policy-list.tsx';
import { policyAskOf } from './reminder-cards.tsx';

/**
 * 保单查询 (`/policy/index`): the list by state and search, or with `?id=<policyId>` (as 我的订单
 * and the list link to it) one policy with its documents and actions; `&ask=cooling-off` or
 * `&ask=renew` (the reminders' links) puts the reminder's choice first.
 */
export default function PolicyView() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id !== null ? <PolicyDetailView key={id} id={id} ask={policyAskOf(params.get('ask'))} /> : <PolicyList />;
}
