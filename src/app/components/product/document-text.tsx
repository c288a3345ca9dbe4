import { DotLoading } from 'antd-mobile';
import { useEffect } from 'react';
import type { DocumentKind, Plan, ProductDocumentAnswer } from '#shared/catalogue.ts';
import { formatYuan } from '#shared/money.ts';
import { getProductDocument } from '../../api/catalogue.ts';
import { useT } from '../../i18n/index.ts';
import { useRemote } from '../ui/use-remote.ts';
import styles from './document-text.module.css';

interface DocumentTextProps {
  productId: number;
  kind: DocumentKind;
  /** Called once the text is on screen (buying records the opening with its version). */
  onLoaded?: (doc: ProductDocumentAnswer) => void;
  /**
   * The plan being bought: the clause then opens with that plan's cover, which is what the
   * customer consents to (the clause itself describes every plan of the product).
   */
  plan?: Plan;
  /** The document's title as the list that opened it shows it: the sheet's heading while the text loads. */
  title?: string;
}

/** The chosen plan's coverages with their sums insured, as the policy will state them. */
function ChosenPlan({ plan }: { plan: Plan }) {
  const t = useT();
  return (
    <section className={styles.chosen} aria-label={t('insure.docPlan', { plan: plan.name })}>
      <h3>{t('insure.docPlan', { plan: plan.name })}</h3>
      <ul>
        {plan.coverages.map((c) => (
          <li key={c.name}>
            <strong>
              {c.name} {formatYuan(c.sumInsuredFen)}
            </strong>
            ：{c.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The full text of one document of the product's current version, paragraph by paragraph. */
export function DocumentText({ productId, kind, onLoaded, plan, title }: DocumentTextProps) {
  const t = useT();
  const doc = useRemote(() => getProductDocument(productId, kind), [productId, kind]);
  useEffect(() => {
    if (doc.data) onLoaded?.(doc.data);
  }, [doc.data]); // eslint-disable-line react-hooks/exhaustive-deps -- once per loaded text
  if (!doc.data) {
    // The heading names the sheet for a screen reader from the moment it opens; the article (the
    // text itself) comes with the text.
    return (
      <div className={styles.doc} aria-busy={!doc.error}>
        {title && <h2>{title}</h2>}
        <div className={styles.docLoading}>{doc.error ? t('common.loadFailed') : <DotLoading color="primary" />}</div>
      </div>
    );
  }
  return (
    <article className={styles.doc}>
      <h2>{doc.data.title}</h2>
      {plan && kind === 'clause' && <ChosenPlan plan={plan} />}
      {doc.data.content.split(/\n\s*\n/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {doc.data.questions && (
        <ol>
          {doc.data.questions.map((q) => (
            <li key={q.id}>{q.text}</li>
          ))}
        </ol>
      )}
    </article>
  );
}
