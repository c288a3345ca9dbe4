import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { Carousel } from '../../components/ui/carousel.tsx';
import { elderModeAtom } from '../../components/elder/elder-mode.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';
import styles from './home.module.css';

interface Banner {
  key: string;
  title: MessageKey;
  text: MessageKey;
  to: string;
  gradient: string;
  art: 'shield' | 'cross' | 'plane';
}

const BANNERS: Banner[] = [
  {
    key: 'accident',
    title: 'home.banner.accident.title',
    text: 'home.banner.accident.text',
    to: '/product/index?type=accident',
    gradient: 'linear-gradient(120deg, #0a5fd8, #2c6fdc)',
    art: 'shield',
  },
  {
    key: 'medical',
    title: 'home.banner.medical.title',
    text: 'home.banner.medical.text',
    to: '/product/index?type=medical',
    gradient: 'linear-gradient(120deg, #00794f, #0a7d55)',
    art: 'cross',
  },
  {
    key: 'travel',
    title: 'home.banner.travel.title',
    text: 'home.banner.travel.text',
    to: '/product/index?type=travel',
    gradient: 'linear-gradient(120deg, #b45309, #ba560c)',
    art: 'plane',
  },
];

/** Decorative drawings in white on the gradient: no image requests on the first screen. */
function BannerArt({ kind }: { kind: Banner['art'] }) {
  return (
    <svg className={styles.bannerArt} viewBox="0 0 150 150" aria-hidden="true">
      <circle cx="95" cy="75" r="62" fill="rgba(255,255,255,0.12)" />
      <circle cx="95" cy="75" r="42" fill="rgba(255,255,255,0.16)" />
      <g fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        {kind === 'shield' && (
          <>
            <path d="M95 45l26 11v18c0 16-11 30-26 36-15-6-26-20-26-36V56z" />
            <path d="M83 76l9 9 16-17" />
          </>
        )}
        {kind === 'cross' && (
          <>
            <rect x="68" y="48" width="54" height="54" rx="14" />
            <path d="M95 62v26M82 75h26" />
          </>
        )}
        {kind === 'plane' && <path d="M88 82L62 73l5-5 28 3 14-15c4-4 9-5 11-2 2 2 1 7-2 11l-15 14 3 28-5 5-9-26" />}
      </g>
    </svg>
  );
}

/** Three campaign banners drawn in CSS and SVG; each leads to its category or service. */
export function HomeBanners() {
  const t = useT();
  const navigate = useNavigate();
  // 长辈版: nothing on the page moves by itself.
  const elder = useAtomValue(elderModeAtom);
  return (
    <Carousel
      label={t('home.banner.label')}
      autoplay={!elder}
      pauseLabel={t('home.banner.pause')}
      playLabel={t('home.banner.play')}
    >
      {BANNERS.map((b) => (
        <button
          key={b.key}
          type="button"
          className={styles.banner}
          style={{ background: b.gradient }}
          onClick={() => navigate(b.to)}
        >
          <span className={styles.bannerTitle}>{t(b.title)}</span>
          <span className={styles.bannerText}>{t(b.text)}</span>
          <span className={styles.bannerCta}>{t('home.banner.cta')} ›</span>
          <BannerArt kind={b.art} />
        </button>
      ))}
    </Carousel>
  );
}
