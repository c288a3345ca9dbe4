import { FieldRow } from '../../../components/ui/field-row.tsx';
import { useT } from '../../../i18n/index.ts';
import styles from '../insure.module.css';

/** The list's summary line: how many are insured against the product's team size. */
export function SubInfo({ count, size }: { count: number; size: { min: number; max: number } }) {
  const t = useT();
  const short = count < size.min;
  const over = count > size.max;
  return (
    <div className={styles.subInfo}>
      <FieldRow label={t('team.count')}>
        <span className={short || over ? styles.warn : undefined}>{t('team.countOf', { n: count, min: size.min, max: size.max })}</span>
      </FieldRow>
      {short && <p className={styles.warnText}>{t('team.tooFew', { n: size.min - count })}</p>}
      {over && <p className={styles.warnText}>{t('team.tooMany', { n: count - size.max })}</p>}
    </div>
  );
}
