import { List, Tag } from 'antd-mobile';
import { Hint } from '../../../../components/ui/hint.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';
import { PRODUCT_TYPES } from '../../../product/catalogue.ts';

/** 佣金模板: one commission rule per product type; a type without a rule pays no shares. */
export default function BonusTemplateView() {
  const t = useT();
  return (
    <ViewPage>
      <SectionCard title={t('template.title')} flush>
        <List>
          {PRODUCT_TYPES.map((type) => (
            <List.Item key={type.code} extra={<Tag fill="outline">{t('template.unset')}</Tag>} description={t('template.ruleNone')}>
              {t(type.label)}
            </List.Item>
          ))}
        </List>
        <Hint>{t('template.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
