import { Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { ProductListItem } from '#shared/catalogue.ts';
import { useT } from '../../i18n/index.ts';
import { COVER_GRADIENTS } from '#shared/covers.ts';
import { PriceFrom } from './price-from.tsx';
import styles from './product-card.module.css';

/** One product in a list: cover, name, tagline, tags and the "from" price; tapping opens its details. */
export function ProductCard({ product }: { product: ProductListItem }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <button type="button" className={styles.card} onClick={() => navigate(`/productDetails/index?id=${product.id}`)}>
      <span className={styles.cover} style={{ background: COVER_GRADIENTS[product.cover] }} aria-hidden="true">
        {product.name.slice(0, 2)}
      </span>
      <span className={styles.cardMain}>
        <span className={styles.cardName}>{product.name}</span>
        <span className={styles.cardTagline}>{product.tagline}</span>
        <span className={styles.cardTags}>
          {product.tags.slice(0, 3).map((tag) => (
            <Tag key={tag} color="primary" fill="outline">
              {tag}
            </Tag>
          ))}
        </span>
        <span className={styles.cardFoot}>
          <span className={styles.cardSales}>
            {product.salesCount > 0 && t('product.sales', { n: product.salesCount })}
          </span>
          <span className={styles.cardPrice}>
            <PriceFrom fen={product.minPremiumFen} perHead={product.team} />
          </span>
        </span>
      </span>
    </button>
  );
}
