import { Button, DotLoading, Result } from 'antd-mobile';
import { useState } from 'react';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { getProductDocument } from '../product/catalogue.ts';
import styles from './insure.module.css';

/**
 * Step 4, 健康告知: the product's questions with the Insurance Law art. 16 warning. Any "yes" stops
 * online purchase (DECISIONS.md §7); products without a health notice skip straight on.
 */
export function Health({ productId, hasHealth, onNext }: { productId: number; hasHealth: boolean; onNext: () => void }) {
  const t = useT();
  const [blocked, setBlocked] = useState(false);
  const doc = useRemote(async () => (hasHealth ? getProductDocument(productId, 'health') : null), [productId, hasHealth]);

  if (!hasHealth) {
    return (
      <SectionCard title={t('insure.health')}>
        <p className={styles.text}>{t('insure.healthNone')}</p>
        <Button block color="primary" size="large" onClick={onNext}>{t('insure.next')}</Button>
      </SectionCard>
    );
  }
  if (blocked) {
    return (
      <SectionCard>
        <Result status="warning" title={t('insure.healthBlocked')} description={t('insure.healthBlockedHint')} />
        <Button block onClick={() => setBlocked(false)}>{t('insure.healthReview')}</Button>
      </SectionCard>
    );
  }
  if (!doc.data) return <SectionCard><div className={styles.center}><DotLoading color="primary" /></div></SectionCard>;
  return (
    <SectionCard title={doc.data.title}>
      {doc.data.content.split(/\n\s*\n/).map((p, i) => <p key={i} className={styles.text}>{p}</p>)}
      <ol className={styles.questions}>
        {(doc.data.questions ?? []).map((q) => <li key={q.id}>{q.text}</li>)}
      </ol>
      <div className={styles.twoButtons}>
        <Button onClick={() => setBlocked(true)}>{t('insure.healthSomeYes')}</Button>
        <Button color="primary" onClick={onNext}>{t('insure.healthAllNo')}</Button>
      </div>
    </SectionCard>
  );
}
