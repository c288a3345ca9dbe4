import { DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import type { DocumentKind, ProductDocumentAnswer } from '#shared/catalogue.ts';
import { getProductDocument } from '../../api/catalogue.ts';
import { useT } from '../../i18n/index.ts';
import { useRemote } from '../ui/use-remote.ts';
import styles from './document-text.module.css';

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
