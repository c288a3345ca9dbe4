import { Button } from '../../components/ui/button.tsx';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import styles from './insure.module.css';

/** What the flow is waiting for: a 保存草稿, a step's 下一步 (which saves too), or nothing. */
export type Busy = 'save' | 'next' | null;

/** 保存草稿 beside the step's main button: any step can be left and resumed from 草稿箱. */
export function StepActions({ onSave, busy, children }: { onSave: () => void; busy: Busy; children: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.stepActions}>
      <Button
        size="large"
        fill="outline"
        color="primary"
        loading={busy === 'save'}
        disabled={busy === 'next'}
        onClick={onSave}
        className={styles.saveDraft}
      >
        {t('insure.saveDraft')}
      </Button>
      {children}
    </div>
  );
}
