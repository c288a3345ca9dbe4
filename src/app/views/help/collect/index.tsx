import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';

/** 常用被保人: people the member often insures, to fill the purchase form in one tap. */
export default function CollectView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SectionCard title={t('collect.title')} flush>
        <EmptyState title={t('collect.empty')} description={t('collect.emptyHint')}>
          <Button size="small" color="primary" onClick={() => navigate('/help/collect/addPerson')}>{t('collect.add')}</Button>
        </EmptyState>
        <Hint>{t('addPerson.privacy')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
