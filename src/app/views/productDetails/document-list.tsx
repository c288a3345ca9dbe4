import { List, Popup } from 'antd-mobile';
import { useState } from 'react';
import type { DocumentKind, ProductDetail } from '#shared/catalogue.ts';
import { DocumentText } from '../../components/product/document-text.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import styles from './product-details.module.css';

/** 条款与须知: each document opens in a sheet; buying asks for them to be read and confirmed. */
export function DocumentList({ product }: { product: Pick<ProductDetail, 'id' | 'documents'> }) {
  const t = useT();
  const [open, setOpen] = useState<DocumentKind | null>(null);
  return (
    <SectionCard title={t('details.documents.title')} flush>
      <List>
        {product.documents.map((d) => (
          <List.Item key={d.kind} onClick={() => setOpen(d.kind)}>
            {t('details.documents.quoted', { title: d.title })}
          </List.Item>
        ))}
      </List>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        showCloseButton
        destroyOnClose
        bodyClassName={styles.docSheet}
      >
        {open && <DocumentText productId={product.id} kind={open} />}
      </Popup>
    </SectionCard>
  );
}
