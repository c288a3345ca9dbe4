import { List } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { HotlineItem } from '../../components/ui/service-hotline.tsx';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { tokenAtom } from '../../session/atoms.ts';
import { ClaimDocuments } from './claim-documents.tsx';
import { ClaimDetailView } from './claim-detail.tsx';
import { ClaimSteps } from './claim-steps.tsx';
import { ClaimSignIn, MyClaims } from './my-claims.tsx';
import { ServiceRating } from './rating.tsx';
import { PolicyChooser, ReportForm } from './report-form.tsx';

const idOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * Claims (`/claim/index`, open to visitors as a guide). Signed-in members also get, by query:
 * `?claimId=` one claim with its timeline, `?policyId=` the report form on that policy,
 * `?report=1` the choice of policy; without one, their claims and the service rating.
 */
export default function ClaimView() {
  const t = useT();
  const [params] = useSearchParams();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const claimId = idOf(params.get('claimId'));
  const policyId = idOf(params.get('policyId'));
  if (signedIn && claimId) return <ClaimDetailView key={claimId} id={claimId} />;
  if (signedIn && policyId) return <ReportForm key={policyId} policyId={policyId} />;
  if (signedIn && params.get('report')) return <PolicyChooser />;
  return (
    <ViewPage>
      {signedIn ? <MyClaims /> : <ClaimSignIn />}
      <ClaimSteps />
      <ClaimDocuments />
      {signedIn && <ServiceRating />}
      <SectionCard title={t('claim.contact.title')} flush>
        <List>
          <HotlineItem />
        </List>
      </SectionCard>
    </ViewPage>
  );
}
