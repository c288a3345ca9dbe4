import { Input, List, Tag, Toast } from 'antd-mobile';
import { ActionSheet } from '../../../components/ui/action-sheet.tsx';
import { useAtomValue } from 'jotai';
import { Button } from '../../../components/ui/button.tsx';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CompanyMember, CompanyMemberAction, CompanyOption } from '#shared/company.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import {
  addDepartment,
  changeCompanyMember,
  deleteDepartment,
  listCompanyMembers,
  listDepartments,
  renameDepartment,
} from '../../../api/company.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ICONS } from '../../../components/ui/icons.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { StatTiles } from '../../../components/ui/stat-tiles.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { rolesAtom } from '../../../session/atoms.ts';
import uiStyles from '../../../components/ui/ui.module.css';
import helpStyles from '../help.module.css';
import { CompanyPicker } from './company-picker.tsx';
import { JoinQr } from './join-qr.tsx';
import { MemberForm } from './member-form.tsx';
import { COMPANY_MEMBER_STATUS_KEYS, codeName } from '../../../i18n/enum-names.ts';
import '../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../components/ui/dialog.ts';

const ACTION_LABELS = {
  enable: 'company.action.enable',
  disable: 'company.action.disable',
  leave: 'company.action.leave',
} as const;
const STATUS_COLOR = { active: 'success', disabled: 'warning', left: 'default' } as const;

/** The status actions offered for a member in a given status. */
export function actionsFor(status: CompanyMember['status']): CompanyMemberAction[] {
  if (status === 'active') return ['disable', 'leave'];
  if (status === 'disabled') return ['enable', 'leave'];
  return ['enable'];
}

/**
 * 部门管理 (company, channel): departments with member counts, the members of the chosen
 * department (masked) with add, edit and status changes, the join QR with a live isScan poll,
 * and the way to the commission shares. Channel staff first pick the company, as on 佣金分配.
 */
/** A refused call's reason is already in a toast (the client shows it): nothing is left to do. */
function whenRefused(work: Promise<unknown>): void {
  work.catch(() => undefined);
}

export default function DepartmentView() {
  const t = useT();
  const channel = (useAtomValue(rolesAtom) ?? []).includes(SUPER_ROLE);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const picker = channel && (
    <SectionCard flush>
      <CompanyPicker value={company} onChange={setCompany} />
    </SectionCard>
  );
  if (channel && !company)
    return (
      <ViewPage>
        {picker}
        <EmptyState title={t('department.pickCompany')} />
      </ViewPage>
    );
  return <Departments key={company?.id} companyId={company?.id} picker={picker} />;
}

/** The departments of the company acted for: the caller's own, or the one channel staff picked. */
function Departments({ companyId, picker }: { companyId?: number; picker: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const departments = useRemote(() => listDepartments(companyId), [companyId]);
  const [current, setCurrent] = useState<number>();
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState('');
  const [editing, setEditing] = useState<{ member?: CompanyMember } | null>(null);
  const [acting, setActing] = useState<CompanyMember>();
  const [deptActing, setDeptActing] = useState<{ id: number; name: string }>();
  const list = departments.data?.list ?? [];
  const selected = current ?? list[0]?.id;
  const members = useRemote(
    async () =>
      selected === undefined
        ? { list: [], total: 0, page: 1, pageSize: 50 }
        : listCompanyMembers({ departmentId: selected, pageSize: 50 }),
    [selected],
  );
  const { reload: reloadDepartments } = departments;
  const { reload: reloadMembers } = members;
  const refresh = useCallback(() => {
    void reloadDepartments();
    void reloadMembers();
  }, [reloadDepartments, reloadMembers]);

  const create = async () => {
    if (!newName.trim()) {
      setNameError(t('company.departmentNameRequired'));
      return;
    }
    setNameError('');
    const dept = await addDepartment(newName.trim(), companyId);
    setNewName('');
    setCurrent(dept.id);
    await departments.reload();
  };

  const rename = async (d: { id: number; name: string }) => {
    let name = d.name;
    const confirmed = await confirmDialog({
      title: t('company.renameDepartment'),
      content: (
        <Input
          aria-label={t('company.departmentName')}
          defaultValue={d.name}
          maxLength={30}
          onChange={(v) => {
            name = v;
          }}
        />
      ),
    });
    if (!confirmed || !name.trim() || name.trim() === d.name) return;
    await renameDepartment(d.id, name.trim());
    await departments.reload();
  };

  /** The server refuses while the department still has members. */
  const remove = async (d: { id: number; name: string }) => {
    if (!(await confirmDialog({ content: t('company.deleteConfirm', { name: d.name }) }))) return;
    await deleteDepartment(d.id);
    setCurrent(undefined);
    await departments.reload();
  };

  const act = async (member: CompanyMember, action: CompanyMemberAction) => {
    await changeCompanyMember(member.id, action);
    Toast.show({ content: t('company.updated') });
    refresh();
  };

  const total = list.reduce((s, d) => s + d.memberCount, 0);
  return (
    <ViewPage>
      {picker}
      <SectionCard>
        <StatTiles
          stats={[
            { key: 'departments', label: t('department.count'), value: list.length },
            { key: 'members', label: t('department.members'), value: total },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('company.departments')} flush>
        <List>
          {list.map((d) => (
            <List.Item
              key={d.id}
              onClick={() => (d.id === selected ? setDeptActing(d) : setCurrent(d.id))}
              extra={t('company.memberCount', { count: d.memberCount })}
              arrow={false}
            >
              {d.id === selected ? <strong>{d.name}</strong> : d.name}
            </List.Item>
          ))}
          <List.Item
            extra={
              <Button size="small" color="primary" onClick={() => whenRefused(create())}>
                {t('company.addDepartment')}
              </Button>
            }
          >
            <Input
              aria-label={t('company.departmentName')}
              placeholder={t('company.departmentName')}
              value={newName}
              onChange={(value) => {
                setNewName(value);
                if (value.trim()) setNameError('');
              }}
              maxLength={30}
            />
            {nameError && (
              <div role="alert" className={helpStyles.fieldError}>
                {nameError}
              </div>
            )}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard
        title={t('company.membersOf', { name: list.find((d) => d.id === selected)?.name ?? '' })}
        extra={
          selected !== undefined && (
            <Button size="mini" color="primary" fill="outline" onClick={() => setEditing({})}>
              {t('company.addMember')}
            </Button>
          )
        }
        flush
      >
        {(members.data?.list.length ?? 0) === 0 ? (
          <EmptyState
            title={t(list.length === 0 ? 'department.empty' : 'department.noMembers')}
            description={t('company.membersEmpty')}
          />
        ) : (
          <List>
            {members.data!.list.map((m) => (
              <List.Item
                key={m.id}
                description={[m.idNumber, m.mobile].filter(Boolean).join(' · ')}
                onClick={() => setActing(m)}
                extra={
                  <Tag color={STATUS_COLOR[m.status]}>
                    {codeName(t, COMPANY_MEMBER_STATUS_KEYS, m.status, m.status)}
                  </Tag>
                }
              >
                {m.name}
                {m.joinedByScan && (
                  <Tag fill="outline" color="primary" style={{ marginLeft: 6 }}>
                    {t('company.byScan')}
                  </Tag>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </SectionCard>
      <SectionCard title={t('department.join')}>
        <JoinQr key={selected} departments={list} defaultId={selected} onJoined={refresh} />
      </SectionCard>
      <SectionCard title={t('department.commission')} flush>
        <List>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.chart}</span>}
            description={t('department.bonusHint')}
            onClick={() => navigate('/help/department/bonus')}
          >
            {t('department.bonus')}
          </List.Item>
          <List.Item
            prefix={<span className={uiStyles.rowIcon}>{ICONS.draft}</span>}
            description={t('department.templateHint')}
            onClick={() => navigate('/help/department/bonusTemplate')}
          >
            {t('department.template')}
          </List.Item>
        </List>
      </SectionCard>
      <MemberForm
        open={editing !== null}
        departments={list}
        member={editing?.member}
        defaultDepartment={selected}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <ActionSheet
        visible={deptActing !== undefined}
        title={deptActing?.name ?? ''}
        onClose={() => setDeptActing(undefined)}
        cancelText={t('company.cancel')}
        actions={
          deptActing
            ? [
                {
                  key: 'rename',
                  text: t('company.renameDepartment'),
                  onClick: () => {
                    whenRefused(rename(deptActing));
                    setDeptActing(undefined);
                  },
                },
                {
                  key: 'delete',
                  text: t('company.deleteDepartment'),
                  danger: true,
                  onClick: () => {
                    whenRefused(remove(deptActing));
                    setDeptActing(undefined);
                  },
                },
              ]
            : []
        }
      />
      <ActionSheet
        visible={acting !== undefined}
        title={acting?.name ?? ''}
        onClose={() => setActing(undefined)}
        cancelText={t('company.cancel')}
        actions={
          acting
            ? [
                {
                  key: 'edit',
                  text: t('company.editMember'),
                  onClick: () => {
                    setEditing({ member: acting });
                    setActing(undefined);
                  },
                },
                ...actionsFor(acting.status).map((a) => ({
                  key: a,
                  text: t(ACTION_LABELS[a]),
                  onClick: () => {
                    whenRefused(act(acting, a));
                    setActing(undefined);
                  },
                })),
              ]
            : []
        }
      />
    </ViewPage>
  );
}
