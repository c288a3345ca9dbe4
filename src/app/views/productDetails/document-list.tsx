import { DotLoading, List, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import type { DocumentKind, ProductDetail, ProductDocumentAnswer } from '#shared/catalogue.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { getProductDocument } from '../product/catalogue.ts';
import styles from './product-details.module.css';

interface DocumentTextProps {
  productId: number;
  kind: DocumentKind;
  /** Called once the text is on screen (buying records the opening with its version). */
  onLoaded?: (doc: ProductDocumentAnswer) => void;
}

/** The full text of one document of the product's current version, paragraph by paragraph. */
export function DocumentText({ productId, kind, onLoaded }: DocumentTextProps) {
  const t = useT();
  const doc = useRemote(() => getProductDocument(productId, kind), [productId, kind]);
  useEffect(() => {
    if (doc.data) onLoaded?.(doc.data);
  }, [doc.data]); // eslint-disable-line react-hooks/exhaustive-deps -- once per loaded text
  if (!doc.data) {
    return <div className={styles.docLoading}>{doc.error ? t('common.loadFailed') : <DotLoading color="primary" />}</div>;
  }
  return (
    <article className={styles.doc}>
      <h2>{doc.data.title}</h2>
      {doc.data.content.split(/\n\s*\n/).map((p, i) => <p key={i}>{p}</p>)}
      {doc.data.questions && (
        <ol>
          {doc.data.questions.map((q) => <li key={q.id}>{q.text}</li>)}
        </ol>
      )}
    </article>
  );
}

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
