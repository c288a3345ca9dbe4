import { List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { Hint } from '../../components/ui/hint.tsx';
import { ICONS } from '../../components/ui/icons.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import uiStyles from '../../components/ui/ui.module.css';
import { useLedger } from './ledger.ts';

/** 财务管理 (partner, channel): commission balance and income at a glance, with the way to each. */
export default function FinanceView() {
  const t = useT();
  const navigate = useNavigate();
  const ledger = useLedger();
  return (
    <ViewPage>
      <SectionCard>
        <StatTiles
          stats={[
            {
              key: 'balance',
              label: t('finance.balance'),
              value: formatYuan(ledger.balanceFen),
              onClick: () => navigate('/help/finance/balance'),
            },
            {
              key: 'month',
              label: t('finance.thisMonth'),
              value: formatYuan(ledger.monthFen),
              onClick: () => navigate('/help/finance/income'),
            },
            {
              key: 'total',
              label: t('finance.total'),
              value: formatYuan(ledger.totalFen),
              onClick: () => navigate('/help/finance/income?period=all'),
            },
          ]}
        />
      </SectionCard>
      <SectionCard flush>
        <List>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.wallet}</span>}
            onClick={() => navigate('/help/finance/balance')}
          >
            {t('finance.balancePage')}
          </List.Item>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.chart}</span>}
            onClick={() => navigate('/help/finance/income')}
          >
            {t('finance.incomePage')}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title={t('finance.rules')}>
        <Hint>{t('finance.rulesText')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
