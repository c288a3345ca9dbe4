import { List } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import type { DocumentKind, ProductDetail } from '#shared/catalogue.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import ui from '../../components/ui/ui.module.css';

/** Loaded on the first tap on a document, not with the page (docs/decisions/deferred-first-screen-code.md). */
const DocumentSheet = lazy(() => import('./document-sheet.tsx'));

/** 条款与须知: each document opens in a sheet; buying asks for them to be read and confirmed. */
export function DocumentList({ product }: { product: Pick<ProductDetail, 'id' | 'documents'> }) {
  const t = useT();
  const [open, setOpen] = useState<DocumentKind | null>(null);
  // Mounted from the first tap on, so that closing keeps the popup's closing animation.
  const [used, setUsed] = useState(false);
  const show = (kind: DocumentKind) => {
    setUsed(true);
    setOpen(kind);
  };
  return (
    <SectionCard title={t('details.documents.title')} flush>
      <List>
        {product.documents.map((d) => (
          // A button in the row, not a clickable row: antd-mobile draws one as an anchor without
          // an address, which is no link (docs/decisions/native-disclosures.md).
          <List.Item key={d.kind} arrow>
            <button type="button" className={ui.rowTarget} onClick={() => show(d.kind)}>
              {t('details.documents.quoted', { title: d.title })}
            </button>
          </List.Item>
        ))}
      </List>
      {used && (
        <Suspense fallback={null}>
          <DocumentSheet
            productId={product.id}
            open={open}
            title={product.documents.find((d) => d.kind === open)?.title}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </SectionCard>
  );
}
