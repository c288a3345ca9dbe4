import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { ICONS } from '../../../components/ui/icons.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import uiStyles from '../../../components/ui/ui.module.css';

/**
 * 部门管理 (company, channel): departments and their members, and the commission rules. Company
 * members (`company/members`) come with the company issue; until then the lists are empty.
 */
export default function DepartmentView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SectionCard>
        <StatTiles
          stats={[
            { key: 'departments', label: t('department.count'), value: 0 },
            { key: 'members', label: t('department.members'), value: 0 },
            { key: 'pending', label: t('department.pending'), value: 0 },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('department.list')} flush>
        <EmptyState title={t('department.empty')} description={t('department.emptyHint')} />
      </SectionCard>
      <SectionCard title={t('department.join')}>
        <Hint>{t('department.joinHint')}</Hint>
      </SectionCard>
      <SectionCard title={t('department.commission')} flush>
        <List>
          <List.Item prefix={<span className={uiStyles.rowIcon}>{ICONS.chart}</span>} description={t('department.bonusHint')} onClick={() => navigate('/help/department/bonus')}>
            {t('department.bonus')}
          </List.Item>
          <List.Item prefix={<span className={uiStyles.rowIcon}>{ICONS.draft}</span>} description={t('department.templateHint')} onClick={() => navigate('/help/department/bonusTemplate')}>
            {t('department.template')}
          </List.Item>
        </List>
      </SectionCard>
    </ViewPage>
  );
}
