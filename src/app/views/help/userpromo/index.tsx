import { DotLoading, List, Popup, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { ProductListItem } from '#shared/catalogue.ts';
import type { PromoCounts } from '#shared/promo.ts';
import { getPromoStats } from '../../../api/promo.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { formatYuan } from '#shared/money.ts';
import { useT } from '../../../i18n/index.ts';
import { copyText } from '../../../components/ui/copy.ts';
import { userAtom } from '../../../session/atoms.ts';
import { isWeChat } from '../../../wechat/env.ts';
import { buildShareLink, setShareCard } from '../../../wechat/share.ts';
import { SHARE_ICON } from '../../../wechat/share-icon.ts';
import { listTypeProds } from '../../../api/catalogue.ts';
import { useDisplayName } from '../../../components/member/profile-text.ts';
import styles from '../help.module.css';
import { HOME_ROUTE, countsOf, productRoute } from './promo-links.ts';
import { drawPoster, posterFilename, savePoster } from './poster.ts';
import own from './userpromo.module.css';
import '../../../lib/antd-react19.ts';

const PROMO_PAGE = 20;

/** One link's figures in a line: 访问 · 注册 · 成交 · 佣金. */
function Figures({ counts, testId, className }: { counts: PromoCounts; testId: string; className?: string }) {
  const t = useT();
  return (
    <div className={`${own.figures} ${className ?? ''}`} data-testid={testId}>
      <span>
        {t('promo.visits')} <b data-testid="promo-visits">{counts.visits}</b>
      </span>
      <span>
        {t('promo.members')} <b data-testid="promo-signups">{counts.signups}</b>
      </span>
      <span>
        {t('promo.orders')} <b data-testid="promo-orders">{counts.paidOrders}</b>
      </span>
      <span>
        {t('promo.commission')} <b data-testid="promo-commission">{formatYuan(counts.commissionFen)}</b>
      </span>
    </div>
  );
}

/**
 * 推广中心 (partner, channel): per product on sale a link carrying my `recommendId`, the same link
 * as a WeChat share card and as a poster with its QR code, and what each link brought: visits,
 * sign-ups, paid orders and commission (`promo/stats`), in total and per link.
 */
export default function UserPromoView() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const sharer = useDisplayName(user);
  const products = useRemote(
    async () => (await listTypeProds({ pageSize: PROMO_PAGE })).flatMap((type) => type.products),
    [],
  );
  const stats = useRemote(getPromoStats, []);
  const [poster, setPoster] = useState<{ product: ProductListItem; link: string; image?: string } | null>(null);
  const code = user ? String(user.id) : '';
  const total = stats.data?.total;

  const share = async (p: ProductListItem) => {
    const link = setShareCard({ title: p.name, desc: p.tagline, link: productRoute(p.id), imgUrl: SHARE_ICON });
    if (isWeChat()) {
      Toast.show({ content: t('promo.shareGuide'), duration: 3000 });
    } else if (typeof navigator.share === 'function') {
      await navigator.share({ title: p.name, text: p.tagline, url: link }).catch(() => undefined);
    } else {
      await copyText(link);
    }
  };

  const openPoster = async (p: ProductListItem) => {
    const link = buildShareLink(productRoute(p.id));
    setPoster({ product: p, link });
    try {
      const image = await drawPoster({
        productName: p.name,
        tagline: p.tagline,
        priceText: t('promo.priceFrom', { price: formatYuan(p.minPremiumFen) }),
        sharerText: t('promo.sharer', { name: sharer }),
        scanText: t('promo.scan'),
        link,
      });
      setPoster((current) => (current?.product.id === p.id ? { product: p, link, image } : current));
    } catch {
      setPoster(null);
      Toast.show({ content: t('promo.posterFailed') });
    }
  };

  return (
    <ViewPage>
      <SectionCard title={t('promo.code')}>
        <div className={styles.promoCode}>
          <span className={styles.code}>{code}</span>
          <Button
            size="small"
            color="primary"
            fill="outline"
            disabled={!code}
            onClick={() => void copyText(buildShareLink(HOME_ROUTE))}
          >
            {t('promo.copyHome')}
          </Button>
        </div>
        <StatTiles
          stats={[
            { key: 'visits', label: t('promo.visits'), value: total?.visits ?? '–' },
            { key: 'members', label: t('promo.members'), value: total?.signups ?? '–' },
            { key: 'orders', label: t('promo.orders'), value: total?.paidOrders ?? '–' },
            { key: 'commission', label: t('promo.commission'), value: total ? formatYuan(total.commissionFen) : '–' },
          ]}
        />
        {stats.data && (
          <>
            <Hint>{t('promo.homeLink')}</Hint>
            <Figures counts={countsOf(stats.data, null)} testId="promo-home-stats" />
          </>
        )}
      </SectionCard>
      <SectionCard title={t('promo.products')} flush>
        {products.data === undefined ? (
          <div className={styles.center}>
            {products.error ? t('common.loadFailed') : <DotLoading color="primary" />}
          </div>
        ) : products.data.length === 0 ? (
          <EmptyState title={t('promo.noProducts')} description={t('promo.noProductsHint')} />
        ) : (
          <List>
            {products.data.map((p) => (
              <List.Item
                key={p.id}
                description={
                  <>
                    <div>{p.tagline}</div>
                    {stats.data && <Figures counts={countsOf(stats.data, p.id)} testId={`promo-stats-${p.id}`} />}
                    <div className={own.buttons}>
                      <Button
                        size="small"
                        color="primary"
                        onClick={() => void copyText(buildShareLink(productRoute(p.id)))}
                      >
                        {t('promo.copyLink')}
                      </Button>
                      <Button size="small" color="primary" fill="outline" onClick={() => void share(p)}>
                        {t('promo.share')}
                      </Button>
                      <Button size="small" color="primary" fill="outline" onClick={() => void openPoster(p)}>
                        {t('promo.poster')}
                      </Button>
                    </div>
                  </>
                }
              >
                {p.name}
              </List.Item>
            ))}
          </List>
        )}
        <Hint>{t('promo.hint')}</Hint>
      </SectionCard>
      <Popup
        visible={poster !== null}
        onMaskClick={() => setPoster(null)}
        onClose={() => setPoster(null)}
        bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '92vh', overflowY: 'auto' }}
      >
        {poster && (
          <div className={own.poster}>
            <h2 className={own.posterTitle}>{t('promo.posterAlt', { name: poster.product.name })}</h2>
            {poster.image ? (
              <img
                className={own.posterImage}
                src={poster.image}
                alt={t('promo.posterAlt', { name: poster.product.name })}
                data-testid="promo-poster"
                data-link={poster.link}
              />
            ) : (
              <div className={own.posterWait}>
                <DotLoading color="primary" />
                {t('promo.posterMaking')}
              </div>
            )}
            <p className={own.posterHint}>{t('promo.posterLongPress')}</p>
            {!isWeChat() && (
              <Button
                block
                color="primary"
                disabled={!poster.image}
                onClick={() => {
                  if (poster.image) savePoster(poster.image, posterFilename(poster.product.name));
                }}
              >
                {t('promo.posterDownload')}
              </Button>
            )}
            <Button block fill="none" onClick={() => setPoster(null)}>
              {t('promo.close')}
            </Button>
          </div>
        )}
      </Popup>
    </ViewPage>
  );
}
