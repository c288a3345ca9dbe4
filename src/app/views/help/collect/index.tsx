import { List } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useNavigate } from 'react-router-dom';
import { ICONS } from '../../../components/ui/icons.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import uiStyles from '../../../components/ui/ui.module.css';
import { SavedPersonList } from './person-list.tsx';

/** 常用被保人: people the member often insures, to fill the purchase form in one tap; their cover check-up starts here too. */
export default function CollectView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SavedPersonList
        kind="insured"
        title="collect.title"
        empty="collect.empty"
        emptyHint="collect.emptyHint"
        add="collect.add"
      />
      <SectionCard flush>
        <List>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.shield}</span>}
            description={t('collect.checkupHint')}
            extra={
              <Button size="mini" color="primary" fill="outline">
                {t('collect.checkupOpen')}
              </Button>
            }
            onClick={() => navigate('/help/checkup')}
          >
            {t('collect.checkup')}
          </List.Item>
        </List>
      </SectionCard>
    </ViewPage>
  );
}
