import type { TeamImportError } from '#shared/orders.ts';
import { useT } from '../../../i18n/index.ts';
import styles from '../insure.module.css';

/**
 * Why an imported list was refused, row by row (Excel row numbers, the header is row 1), so the
 * file can be fixed and imported again. Nothing was imported.
 */
export function ImportReport({ fileName, errors }: { fileName: string; errors: TeamImportError[] }) {
  const t = useT();
  const rows = new Set(errors.map((e) => e.row)).size;
  return (
    <section className={styles.report} aria-label={t('team.importFailed')}>
      <h3 className={styles.reportTitle}>{t('team.importFailed')}</h3>
      <p className={styles.reportSummary}>{t('team.importSummary', { file: fileName, rows, n: errors.length })}</p>
      <table className={styles.reportTable}>
        <thead>
          <tr>
            <th scope="col">{t('team.importRow')}</th>
            <th scope="col">{t('team.importField')}</th>
            <th scope="col">{t('team.importProblem')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={`${e.row}-${e.field}-${i}`}>
              <td>{t('team.importRowN', { n: e.row })}</td>
              <td>{e.field}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
