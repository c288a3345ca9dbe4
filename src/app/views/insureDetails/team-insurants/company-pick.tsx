import { Checkbox, List, Popup } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { CompanyMember } from '#shared/company.ts';
import type { TeamList } from '#shared/orders.ts';
import { rolesAllow } from '#shared/roles.ts';
import { addMembersToTeam, listCompanyMembers } from '../../../api/company.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import styles from '../insure.module.css';
import { useT } from '../../../i18n/index.ts';
import { rolesAtom } from '../../../session/atoms.ts';

/**
 * 从企业成员添加 (company and channel): pick several active company members; the server copies
 * them into the draft's insured list by id, so their whole ID numbers never reach this page.
 */
export function CompanyPick({
  draftId,
  occupationClass,
  onAdded,
}: {
  draftId: number;
  occupationClass: number;
  onAdded: (list: TeamList) => void;
}) {
  const t = useT();
  const roles = useAtomValue(rolesAtom) ?? [];
  const [open, setOpen] = useState(false);
  const [members, setMembers] = useState<CompanyMember[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  if (!rolesAllow(['company'], roles)) return null;

  const show = async () => {
    setChosen([]);
    setOpen(true);
    setMembers((await listCompanyMembers({ status: 'active', pageSize: 50 })).list);
  };
  const add = async () => {
    setBusy(true);
    try {
      onAdded(await addMembersToTeam(draftId, { ids: chosen, occupationClass }));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button block color="primary" fill="outline" onClick={() => void show()} style={{ marginTop: 8 }}>
        {t('company.pickForTeam')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ maxHeight: '80vh', overflow: 'auto' }}>
        {/* The sheet's heading names it for screen readers (components/a11y/overlay-focus.ts). */}
        <h2 className={styles.sheetTitle}>{t('company.pickForTeam')}</h2>
        {members.length === 0 ? (
          <EmptyState title={t('department.noMembers')} description={t('company.membersEmpty')} />
        ) : (
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])}>
            <List>
              {members.map((m) => (
                <List.Item key={m.id} description={`${m.departmentName} · ${m.idNumber ?? ''}`}>
                  <Checkbox value={m.id}>{m.name}</Checkbox>
                </List.Item>
              ))}
            </List>
          </Checkbox.Group>
        )}
        <div style={{ padding: 12 }}>
          <Button block color="primary" disabled={chosen.length === 0} loading={busy} onClick={() => void add()}>
            {t('company.addChosen', { n: chosen.length })}
          </Button>
        </div>
      </Popup>
    </>
  );
}
