import type { Coverage } from '#shared/catalogue.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { ProtectIcon } from './protect-icon.tsx';
import styles from './product-details.module.css';

/** 保障责任 of the chosen plan: icon, name and explanation, sum insured. */
export function CoverageTable({ coverages }: { coverages: Coverage[] }) {
  const t = useT();
  return (
    <SectionCard title={t('details.coverage.title')} flush>
      <table className={styles.coverage}>
        <thead>
          <tr>
            <th scope="col">{t('details.coverage.item')}</th>
            <th scope="col">{t('details.coverage.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {coverages.map((c) => (
            <tr key={c.name}>
              <td>
                <span className={styles.coverageName}>
                  <ProtectIcon kind={c.icon} />
                  <span>
                    {c.name}
                    <small className={styles.coverageDesc}>{c.description}</small>
                  </span>
                </span>
              </td>
              <td>
                <AmountText fen={c.sumInsuredFen} keyFigure />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
