import { List } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { HotlineItem } from '../../components/ui/service-hotline.tsx';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { rolesAtom, tokenAtom } from '../../session/atoms.ts';
import { ClaimDesk } from './claim-desk.tsx';
import { ClaimDocuments } from './claim-documents.tsx';
import { ClaimDetailView } from './claim-detail.tsx';
import { ClaimSteps } from './claim-steps.tsx';
import { DeskClaimView } from './desk-claim.tsx';
import { isDeskStaff } from './desk-logic.ts';
import { ClaimSignIn, MyClaims } from './my-claims.tsx';
import { ServiceRating } from './rating.tsx';
import { PrecheckEntry, PrecheckView } from './precheck.tsx';
import { PolicyChooser, ReportForm } from './report-form.tsx';

const idOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * Claims (`/claim/index`, open to visitors as a guide). Signed-in members also get, by query:
 * `?claimId=` one claim with its timeline, `?precheck=1` the claim pre-check (理赔预审, optionally
 * `&policyId=`), `?policyId=` the report form on that policy (pre-filled by the pre-check's
 * `insuredId`, `type`, `incidentDate`, `amountFen`),
 * `?report=1` the choice of policy; without one, their claims and the service rating. Members
 * holding the channel role (claims staff) also get 理赔处理 on top: every member's claims, and
 * `?deskClaimId=` one of them with the steps it may take next.
 */
export default function ClaimView() {
  const t = useT();
  const [params] = useSearchParams();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const claimId = idOf(params.get('claimId'));
  const policyId = idOf(params.get('policyId'));
  const roles = useAtomValue(rolesAtom);
  const staff = signedIn && isDeskStaff(roles);
  const deskClaimId = idOf(params.get('deskClaimId'));
  if (staff && deskClaimId) return <DeskClaimView key={deskClaimId} id={deskClaimId} />;
  if (signedIn && claimId) return <ClaimDetailView key={claimId} id={claimId} />;
  if (signedIn && params.get('precheck')) return <PrecheckView policyId={policyId} />;
  if (signedIn && policyId) return <ReportForm key={policyId} policyId={policyId} />;
  if (signedIn && params.get('report')) return <PolicyChooser />;
  return (
    <ViewPage>
      {staff && <ClaimDesk />}
      {signedIn ? <MyClaims /> : <ClaimSignIn />}
      {signedIn && <PrecheckEntry />}
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
