import { DotLoading, List, SwipeAction } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useEffect, useRef, useState } from 'react';
import type { TeamImportError, TeamList } from '#shared/orders.ts';
import { downloadFile } from '../../../api/download.ts';
import {
  addTeamRow,
  editTeamRow,
  getTeamList,
  getTeamRow,
  importTeamList,
  removeTeamRow,
  teamExportPath,
  teamTemplatePath,
} from '../../../api/team-list.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatYuan } from '#shared/money.ts';
import { useT } from '../../../i18n/index.ts';
import { CompanyPick } from './company-pick.tsx';
import { ImportReport } from './import-report.tsx';
import { SingleEdit, type TeamRowValues } from './single-edit.tsx';
import { SubInfo } from './sub-info.tsx';
import styles from '../insure.module.css';
import '../../../lib/antd-react19.ts';
import { alertDialog } from '../../../components/ui/dialog.ts';

interface TeamInsurantsProps {
  draftId: number;
  productName: string;
  classes: { min: number; max: number };
  /** The list as the server has it, after every change (count for the step's 下一步). */
  onList: (list: TeamList) => void;
}

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The insured list of a team policy, kept on the server with the draft: add, edit one row, swipe
 * (or 删除 in the sheet) to remove; the Excel template, an all-or-nothing import with a per-row
 * report, and the export. The server checks every row (ID check digit, ages, duplicates).
 */
export function TeamInsurants({ draftId, productName, classes, onList }: TeamInsurantsProps) {
  const t = useT();
  const [list, setList] = useState<TeamList | null>(null);
  const [editing, setEditing] = useState<{ rowId: number | null; values: TeamRowValues } | null>(null);
  const [report, setReport] = useState<{ fileName: string; errors: TeamImportError[] } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const show = (next: TeamList) => {
    setList(next);
    onList(next);
  };
  useEffect(() => {
    void getTeamList(draftId).then(show, () => undefined);
  }, [draftId]); // eslint-disable-line react-hooks/exhaustive-deps -- load once per draft

  const save = async (values: TeamRowValues) => {
    const row = {
      name: values.name,
      idType: 'id_card' as const,
      idNumber: values.idNumber,
      mobile: values.mobile || undefined,
      occupationClass: values.occupationClass,
    };
    show(editing?.rowId ? await editTeamRow(draftId, editing.rowId, row) : await addTeamRow(draftId, row));
    setEditing(null);
  };
  const openRow = async (rowId: number) => {
    const row = await getTeamRow(draftId, rowId);
    setEditing({
      rowId,
      values: { name: row.name, idNumber: row.idNumber, mobile: row.mobile, occupationClass: row.occupationClass },
    });
  };
  const remove = async (rowId: number) => {
    show(await removeTeamRow(draftId, rowId));
    setEditing(null);
  };
  const download = async (kind: 'template' | 'export') => {
    setBusy(kind);
    try {
      const outcome =
        kind === 'template'
          ? await downloadFile(teamTemplatePath(draftId), t('team.templateFile', { name: productName }))
          : await downloadFile(teamExportPath(draftId), t('team.exportFile', { name: productName }));
      if (outcome === 'wechat')
        await alertDialog({ content: t('team.downloadInWeChat'), confirmText: t('common.confirm') });
    } finally {
      setBusy(null);
    }
  };
  const importFile = async (file: File) => {
    setBusy('import');
    try {
      const result = await importTeamList(draftId, file);
      if (result.errors.length) {
        setReport({ fileName: file.name, errors: result.errors });
        return;
      }
      setReport(null);
      showSuccessToast(t('team.imported', { n: result.imported }));
      show(await getTeamList(draftId));
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (!list)
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  return (
    <>
      <SubInfo count={list.count} size={list.teamSize} premiumFen={list.premiumFen} premiumIssue={list.premiumIssue} />
      {list.rows.length === 0 ? (
        <EmptyState title={t('team.empty')} description={t('team.emptyHint', list.teamSize)} />
      ) : (
        <List aria-label={t('team.list')}>
          {list.rows.map((r) => (
            <SwipeAction
              key={r.id}
              rightActions={[
                { key: 'remove', text: t('common.remove'), color: 'danger', onClick: () => void remove(r.id) },
              ]}
            >
              <List.Item
                description={`${r.idNumberMasked} · ${t('team.classShort', { n: r.occupationClass })} · ${t('team.age', { n: r.age })}`}
                extra={r.premiumFen !== null ? formatYuan(r.premiumFen) : undefined}
                onClick={() => void openRow(r.id)}
              >
                {r.name}
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
      <div className={styles.addRow}>
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() =>
            setEditing({ rowId: null, values: { name: '', idNumber: '', mobile: '', occupationClass: classes.min } })
          }
        >
          {t('team.add')}
        </Button>
        <CompanyPick draftId={draftId} occupationClass={classes.min} onAdded={show} />
      </div>
      <div className={styles.tools}>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy === 'template'}
          onClick={() => void download('template')}
        >
          {t('team.template')}
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy === 'import'}
          onClick={() => fileInput.current?.click()}
        >
          {t('team.import')}
        </Button>
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={busy === 'export'}
          disabled={list.count === 0}
          onClick={() => void download('export')}
        >
          {t('team.export')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={XLSX_ACCEPT}
          hidden
          aria-label={t('team.importFile')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importFile(file);
          }}
        />
      </div>
      {report && <ImportReport fileName={report.fileName} errors={report.errors} />}
      <SingleEdit
        value={editing?.values ?? null}
        editing={Boolean(editing?.rowId)}
        classes={classes}
        onSave={save}
        onRemove={editing?.rowId ? () => remove(editing.rowId!) : undefined}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
