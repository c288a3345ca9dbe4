import { Button } from '../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ProductDetail } from '#shared/catalogue.ts';
import { BottomBar } from '../../components/ui/bottom-bar.tsx';
import { ICONS } from '../../components/ui/icons.tsx';
import { useT } from '../../i18n/index.ts';
import { tokenAtom } from '../../session/atoms.ts';
import { setShareCard } from '../../wechat/share.ts';
import { SHARE_ICON } from '../../wechat/share-icon.ts';
import { setFavourite } from '../../api/catalogue.ts';
import { PriceFrom } from '../../components/product/price-from.tsx';
import { planFromFen } from './plan-from.ts';
import { CoverageTable } from './coverage-table.tsx';
import { DocumentList } from './document-list.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { ProductHeader } from './product-header.tsx';
import { SpecialSubInfo } from './special-sub-info.tsx';
import styles from './product-details.module.css';

/** A product on sale: header, plans, coverage, rules, documents and the "立即投保" bar. */
export function ProductContent({ product, initialPlan }: { product: ProductDetail; initialPlan?: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const [planCode, setPlanCode] = useState(
    product.plans.some((p) => p.code === initialPlan) ? initialPlan! : (product.plans[0]?.code ?? ''),
  );
  const [favourite, setFav] = useState(product.favourite);
  const [saving, setSaving] = useState(false);
  const plan = product.plans.find((p) => p.code === planCode);
  const from = planFromFen(product, planCode);

  // Shared from here, the card links to this product with the sharer's recommendId (share.ts).
  useEffect(() => {
    setShareCard({
      title: product.name,
      desc: product.tagline,
      link: `/productDetails/index?id=${product.id}`,
      imgUrl: SHARE_ICON,
    });
  }, [product.id, product.name, product.tagline]);

  const buy = () => navigate(`/insureDetails/index?productId=${product.id}&plan=${encodeURIComponent(planCode)}`);
  const toggleFavourite = async () => {
    if (!signedIn) {
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setSaving(true);
    try {
      setFav((await setFavourite(product.id, !favourite)).favourite);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <ProductHeader product={product} />
      <div className={styles.body}>
        {product.plans.length > 1 && <PlanPicker product={product} value={planCode} onChange={setPlanCode} />}
        {plan && <CoverageTable coverages={plan.coverages} />}
        <SpecialSubInfo product={product} />
        <DocumentList product={product} />
      </div>
      <BottomBar
        main={
          <span className={styles.barMain}>
            <button
              type="button"
              className={favourite ? `${styles.favourite} ${styles.favouriteOn}` : styles.favourite}
              onClick={toggleFavourite}
              disabled={saving}
              aria-pressed={favourite}
            >
              {ICONS.star}
              <span>{t(favourite ? 'details.favourited' : 'details.favourite')}</span>
            </button>
            {from !== null && (
              <span className={styles.price}>
                <PriceFrom fen={from} perHead={product.team} />
              </span>
            )}
          </span>
        }
      >
        <Button color="primary" shape="rounded" className={styles.buy} disabled={!plan} onClick={buy}>
          {t('details.buy')}
        </Button>
      </BottomBar>
    </div>
  );
}
