import { Button, DotLoading, List } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { formatFen } from '../../../components/ui/money.ts';
import { useT } from '../../../i18n/index.ts';
import { copyText } from '../../../lib/copy.ts';
import { userAtom } from '../../../session/atoms.ts';
import { buildShareLink } from '../../../wechat/share.ts';
import { listTypeProds } from '../../product/catalogue.ts';
import styles from '../help.module.css';

const PROMO_PAGE = 20;

/**
 * 推广中心 (partner, channel): links to each product on sale that carry my `recommendId`, so a
 * visitor who signs in through them is recorded as mine. Visit and conversion counts come with the
 * order service; they show 0 until then.
 */
export default function UserPromoView() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const products = useRemote(async () => (await listTypeProds({ pageSize: PROMO_PAGE })).flatMap((type) => type.products), []);
  const code = user ? String(user.id) : '';

  return (
    <ViewPage>
      <SectionCard title={t('promo.code')}>
        <div className={styles.promoCode}>
          <span className={styles.code}>{code}</span>
          <Button size="small" color="primary" fill="outline" disabled={!code} onClick={() => void copyText(buildShareLink('/index'))}>
            {t('promo.copyHome')}
          </Button>
        </div>
        <StatTiles
          stats={[
            { key: 'visits', label: t('promo.visits'), value: 0 },
            { key: 'members', label: t('promo.members'), value: 0 },
            { key: 'orders', label: t('promo.orders'), value: 0 },
            { key: 'commission', label: t('promo.commission'), value: formatFen(0) },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('promo.products')} flush>
        {products.data === undefined ? (
          <div className={styles.center}>{products.error ? t('common.loadFailed') : <DotLoading color="primary" />}</div>
        ) : products.data.length === 0 ? (
          <EmptyState title={t('promo.noProducts')} description={t('promo.noProductsHint')} />
        ) : (
          <List>
            {products.data.map((p) => (
              <List.Item
                key={p.id}
                description={p.tagline}
                extra={(
                  <Button size="small" color="primary" onClick={() => void copyText(buildShareLink(`/productDetails/index?id=${p.id}`))}>
                    {t('promo.copyLink')}
                  </Button>
                )}
              >
                {p.name}
              </List.Item>
            ))}
          </List>
        )}
        <Hint>{t('promo.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
