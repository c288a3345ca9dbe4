import { AmountText } from '../../../components/ui/amount-text.tsx';
import { FieldRow } from '../../../components/ui/field-row.tsx';
import { useT } from '../../../i18n/index.ts';
import styles from '../insure.module.css';

interface SubInfoProps {
  count: number;
  size: { min: number; max: number };
  /** The server's total over the list, or null with the reason it cannot be priced yet. */
  premiumFen: number | null;
  premiumIssue: string | null;
}

/** The list's summary: how many are insured against the product's team size, and the total premium. */
export function SubInfo({ count, size, premiumFen, premiumIssue }: SubInfoProps) {
  const t = useT();
  const short = count < size.min;
  const over = count > size.max;
  return (
    <div className={styles.subInfo}>
      <FieldRow label={t('team.count')}>
        <span className={short || over ? styles.warn : undefined} data-testid="team-count">
          {t('team.countOf', { n: count, min: size.min, max: size.max })}
        </span>
      </FieldRow>
      {short && <p className={styles.warnText}>{t('team.tooFew', { n: size.min - count })}</p>}
      {over && <p className={styles.warnText}>{t('team.tooMany', { n: count - size.max })}</p>}
      <FieldRow label={t('team.total')}>
        {premiumFen !== null && count > 0 ? (
          <span className={styles.total}>
            <AmountText fen={premiumFen} />
          </span>
        ) : (
          '—'
        )}
      </FieldRow>
      {premiumFen === null && premiumIssue && count > 0 && <p className={styles.warnText}>{premiumIssue}</p>}
    </div>
  );
}
