import { List } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { HotlineItem } from '../../components/ui/service-hotline.tsx';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { tokenAtom } from '../../session/atoms.ts';
import { ClaimDocuments } from './claim-documents.tsx';
import { ClaimSteps } from './claim-steps.tsx';
import { ClaimSignIn, MyClaims } from './my-claims.tsx';

/** Claims: open to visitors as a guide; signed-in members also see their claims and can report. */
export default function ClaimView() {
  const t = useT();
  const signedIn = useAtomValue(tokenAtom) !== null;
  return (
    <ViewPage>
      {signedIn ? <MyClaims /> : <ClaimSignIn />}
      <ClaimSteps />
      <ClaimDocuments />
      <SectionCard title={t('claim.contact.title')} flush>
        <List>
          <HotlineItem />
        </List>
      </SectionCard>
    </ViewPage>
  );
}
