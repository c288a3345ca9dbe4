import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';

/** 常用投保人: people who often buy for others (e.g. a parent for the family). */
export default function HelpApplicantView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SectionCard title={t('applicant.title')} flush>
        <EmptyState title={t('applicant.empty')} description={t('applicant.emptyHint')}>
          <Button size="small" color="primary" onClick={() => navigate('/help/collect/addPerson?kind=applicant')}>
            {t('applicant.add')}
          </Button>
        </EmptyState>
        <Hint>{t('addPerson.privacy')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
