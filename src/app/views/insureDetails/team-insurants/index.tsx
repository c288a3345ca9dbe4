import { Button, List, SwipeAction } from 'antd-mobile';
import { useState } from 'react';
import { maskIdNumber } from '#shared/identity.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useT } from '../../../i18n/index.ts';
import type { TeamInsurant } from '../draft.ts';
import { SingleEdit } from './single-edit.tsx';
import { SubInfo } from './sub-info.tsx';
import styles from '../insure.module.css';

interface TeamInsurantsProps {
  rows: TeamInsurant[];
  classes: { min: number; max: number };
  size: { min: number; max: number };
  onChange: (rows: TeamInsurant[]) => void;
}

const BLANK: TeamInsurant = { name: '', idNumber: '', mobile: '', occupationClass: 1 };

/** The insured list of a team policy: add, edit one row, swipe to remove; the same ID may appear once. */
export function TeamInsurants({ rows, classes, size, onChange }: TeamInsurantsProps) {
  const t = useT();
  const [editing, setEditing] = useState<{ index: number; row: TeamInsurant } | null>(null);

  const isDuplicate = (idNumber: string) => rows.some((r, i) => i !== editing?.index && r.idNumber === idNumber);
  const save = (row: TeamInsurant) => {
    if (!editing) return;
    onChange(editing.index < 0 ? [...rows, row] : rows.map((r, i) => (i === editing.index ? row : r)));
    setEditing(null);
  };

  return (
    <>
      <SubInfo count={rows.length} size={size} />
      {rows.length === 0 ? (
        <EmptyState title={t('team.empty')} description={t('team.emptyHint', size)} />
      ) : (
        <List>
          {rows.map((r, i) => (
            <SwipeAction
              key={r.idNumber}
              rightActions={[{ key: 'remove', text: t('common.remove'), color: 'danger', onClick: () => onChange(rows.filter((_, j) => j !== i)) }]}
            >
              <List.Item
                description={`${maskIdNumber(r.idNumber)} · ${t('team.classShort', { n: r.occupationClass })}`}
                onClick={() => setEditing({ index: i, row: r })}
              >
                {r.name}
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
      <div className={styles.addRow}>
        <Button block fill="outline" color="primary" onClick={() => setEditing({ index: -1, row: { ...BLANK, occupationClass: classes.min } })}>
          {t('team.add')}
        </Button>
      </div>
      <SingleEdit value={editing?.row ?? null} classes={classes} isDuplicate={isDuplicate} onSave={save} onClose={() => setEditing(null)} />
    </>
  );
}
