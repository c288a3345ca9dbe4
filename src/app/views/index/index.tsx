import { useNavigate } from 'react-router-dom';
import { EntryGrid, type Entry } from '../../components/ui/entry-grid.tsx';
import { ICONS } from '../../components/ui/icons.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { prefetchFirstScreenData, useFirstScreenData } from '../../components/ui/first-screen-data.ts';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import type { ProductListItem } from '#shared/catalogue.ts';
import { hotProducts } from '../../api/catalogue.ts';
import { PRODUCT_TYPES } from '../../components/product/product-types.ts';
import { ElderOffer, ElderSwitchButton } from '../../components/elder/elder-offer.tsx';
import { HomeBanners } from './home-banners.tsx';
import { HotProducts } from './hot-products.tsx';
import styles from './home.module.css';

const SERVICES = [
  {
    key: 'policy',
    label: 'home.service.policy',
    icon: 'policy',
    to: '/policy/index',
    tone: { bg: '#e8f1ff', fg: '#0a5fd8' },
  },
  {
    key: 'claim',
    label: 'home.service.claim',
    icon: 'claim',
    to: '/claim/index',
    tone: { bg: '#fff0ed', fg: '#c7361f' },
  },
  { key: 'know', label: 'home.service.know', icon: 'guide', to: '/know/index', tone: { bg: '#e7f8f0', fg: '#00794f' } },
  { key: 'help', label: 'home.service.help', icon: 'help', to: '/help', tone: { bg: '#f2ecff', fg: '#6b4fd8' } },
] as const;

const HOT_PRODUCTS_DATA = 'home:hot-products';

/** The best sellers, read with the code when the home is the first screen (first-screen-data.ts). */
export function firstScreenData(): Promise<void> {
  return prefetchFirstScreenData(HOT_PRODUCTS_DATA, () => hotProducts());
}

/** Home: banners, the four categories, the service entries and the hot products. */
export default function HomeView() {
  const t = useT();
  const navigate = useNavigate();
  const hot = useRemote(() => hotProducts(), [], useFirstScreenData<ProductListItem[]>(HOT_PRODUCTS_DATA));

  const categories: Entry[] = PRODUCT_TYPES.map((p) => ({
    key: p.code,
    label: t(p.label),
    icon: ICONS[p.icon],
    tone: p.tone,
    onClick: () => navigate(`/product/index?type=${p.code}`),
  }));
  const services: Entry[] = SERVICES.map((s) => ({
    key: s.key,
    label: t(s.label),
    icon: ICONS[s.icon],
    tone: s.tone,
    onClick: () => navigate(s.to),
  }));

  return (
    <div className={styles.home}>
      <HomeBanners />
      <ElderOffer />
      <SectionCard title={t('home.categories')} flush>
        <EntryGrid entries={categories} />
      </SectionCard>
      <SectionCard title={t('home.services')} flush>
        <EntryGrid entries={services} />
      </SectionCard>
      <HotProducts products={hot.data} failed={hot.error !== undefined} onRetry={() => void hot.reload()} />
      <ElderSwitchButton />
    </div>
  );
}
