import { Tag } from 'antd-mobile';
import type { ProductDetail } from '#shared/catalogue.ts';
import { useT } from '../../i18n/index.ts';
import { COVER_GRADIENTS } from '#shared/covers.ts';
import { PRODUCT_TYPES } from '../../components/product/product-types.ts';
import styles from './product-details.module.css';

/** Name, category, tagline, tags, insurer and highlights on the product's cover colours. */
export function ProductHeader({ product }: { product: ProductDetail }) {
  const t = useT();
  const type = PRODUCT_TYPES.find((p) => p.code === product.type.code);
  return (
    // A dark veil keeps white text readable on the lighter covers (sunrise, coral).
    <header
      className={styles.header}
      style={{ background: `linear-gradient(rgba(0,0,0,0.2), rgba(0,0,0,0.2)), ${COVER_GRADIENTS[product.cover]}` }}
    >
      <span className={styles.headerType}>{type ? t(type.label) : product.type.name}</span>
      <h2 className={styles.headerName}>{product.name}</h2>
      <p className={styles.headerTagline}>{product.tagline}</p>
      <div className={styles.headerTags}>
        {product.tags.map((tag) => (
          <Tag key={tag} round color="rgba(255,255,255,0.25)">
            {tag}
          </Tag>
        ))}
      </div>
      {product.highlights.length > 0 && (
        <ul className={styles.highlights}>
          {product.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      <p className={styles.headerInsurer}>{t('details.insurer', { name: product.insurer })}</p>
    </header>
  );
}
