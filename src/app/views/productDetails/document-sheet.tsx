import { Popup } from 'antd-mobile';
import type { DocumentKind } from '#shared/catalogue.ts';
import { DocumentText } from '../../components/product/document-text.tsx';
import { useBackCloses } from '../../components/ui/use-back-closes.ts';
import styles from './product-details.module.css';

interface DocumentSheetProps {
  productId: number;
  /** The document shown; null closes the sheet. */
  open: DocumentKind | null;
  /** The open document's title, the sheet's heading while its text loads. */
  title?: string;
  onClose: () => void;
}

/**
 * The sheet a document opens in. Its own chunk (document-list.tsx loads it lazily): the popup's
 * animation and gesture libraries are not needed to paint the product, only to read a document.
 */
export default function DocumentSheet({ productId, open, title, onClose }: DocumentSheetProps) {
  // A phone's Back closes the document, not the product page.
  const close = useBackCloses(open !== null, onClose);
  return (
    <Popup
      visible={open !== null}
      onMaskClick={close}
      onClose={close}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.docSheet}
    >
      {open && <DocumentText productId={productId} kind={open} title={title} />}
    </Popup>
  );
}
