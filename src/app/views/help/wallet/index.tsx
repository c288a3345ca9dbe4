import { Checkbox, DotLoading, Form, ImageViewer, Input, List, Tag } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useRef, useState } from 'react';
import { CHECKUP_CATEGORIES } from '#shared/checkup.ts';
import { PAYMENT_FREQUENCIES, type AddedPolicy } from '#shared/added-policies.ts';
import { formatYuan } from '#shared/money.ts';
import {
  addedPolicyFileBlob,
  addPolicy,
  deleteAddedPolicy,
  deleteAddedPolicyFile,
  deleteAllAddedPolicies,
  exportAddedPolicies,
  listAddedPolicies,
  updateAddedPolicy,
  uploadPolicyDocuments,
} from '../../../api/added-policies.ts';
import { IssuesError } from '../../../api/field-issues.ts';
import { listPersons } from '../../../api/persons.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { CalendarField } from '../../../components/ui/calendar-field.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { SingleSelector } from '../../../components/ui/single-selector.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import '../../../lib/antd-react19.ts';
import { useT } from '../../../i18n/index.ts';
import { formField, newPolicyValues, toFormValues, toPolicyInput, type PolicyFormValues } from './policy-input.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { alertDialog, confirmDialog } from '../../../components/ui/dialog.ts';
import { PdfViewer, type ShownDocument } from '../../../components/ui/pdf-viewer.tsx';
import { isWeChat } from '../../../wechat/env.ts';

/** The saved persons an added policy may insure: 常用被保人 and the member's own 常用投保人. */
async function insurablePersons() {
  const [insured, applicants] = await Promise.all([listPersons('insured'), listPersons('applicant')]);
  const seen = new Set(insured.list.map((p) => p.idNumber));
  return [...insured.list, ...applicants.list.filter((p) => !seen.has(p.idNumber))];
}

/**
 * 保单托管 (docs/decisions/policy-wallet.md): the family's policies from other insurers, added by
 * hand with their documents, so the check-up and the reminders count them; export and delete-all.
 */
export default function WalletView() {
  const t = useT();
  const remote = useRemote(listAddedPolicies, []);
  const persons = useRemote(insurablePersons, []);
  const [editing, setEditing] = useState<AddedPolicy | 'new' | null>(null);
  const [shown, setShown] = useState<ShownDocument | null>(null);
  const list = remote.data?.list ?? [];
  const inWeChat = isWeChat();

  // WeChat's browser saves no downloads (docs/decisions/policy-wallet.md): say how to export instead.
  const exportAll = async () => {
    if ((await exportAddedPolicies()) === 'wechat')
      await alertDialog({ content: t('wallet.exportInWeChat'), confirmText: t('common.confirm') });
  };

  const removeAll = async () => {
    const sure = await confirmDialog({
      content: t('wallet.removeAllConfirm'),
      confirmText: t('common.remove'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await deleteAllAddedPolicies();
    showSuccessToast(t('wallet.removedAll'));
    void remote.reload();
  };

  if (editing) {
    return (
      <PolicyForm
        policy={editing === 'new' ? null : editing}
        persons={persons.data ?? []}
        onDone={() => {
          setEditing(null);
          void remote.reload();
        }}
      />
    );
  }

  return (
    <ViewPage>
      <SectionCard
        title={t('wallet.title')}
        extra={
          <Button size="mini" color="primary" onClick={() => setEditing('new')}>
            {t('wallet.add')}
          </Button>
        }
      >
        <p>{t('wallet.lead')}</p>
      </SectionCard>
      {!remote.data ? (
        <SectionCard>{remote.loading ? <DotLoading /> : <Hint>{t('common.loadFailed')}</Hint>}</SectionCard>
      ) : list.length === 0 ? (
        <SectionCard>
          <EmptyState title={t('wallet.empty')} description={t('wallet.emptyHint')} />
        </SectionCard>
      ) : (
        list.map((p) => (
          <SectionCard
            key={p.id}
            title={<span data-testid="added-policy">{p.productName}</span>}
            extra={<Tag color={p.state === 'active' ? 'success' : 'default'}>{t(`wallet.state.${p.state}`)}</Tag>}
            flush
          >
            <List>
              <List.Item extra={p.insurer}>{t('wallet.insurer')}</List.Item>
              <List.Item extra={t(`checkup.category.${p.category}`)}>{t('wallet.category')}</List.Item>
              <List.Item extra={p.insured.map((i) => `${i.name} ${i.idNumber}`).join(t('common.listJoin'))}>
                {t('wallet.insured')}
              </List.Item>
              <List.Item extra={`${p.startDate} – ${p.endDate}`}>{t('wallet.period')}</List.Item>
              <List.Item
                extra={`${formatYuan(p.premiumFen)} · ${t(`wallet.frequency.${p.paymentFrequency}`)}${
                  p.nextDueDate ? ` · ${t('wallet.nextDue', { day: p.nextDueDate })}` : ''
                }`}
              >
                {t('wallet.premium')}
              </List.Item>
              <List.Item extra={t('wallet.files', { n: p.files.length })}>{p.policyNo}</List.Item>
            </List>
            <PolicyFiles policy={p} onShow={setShown} onRemoved={() => void remote.reload()} />
            <div style={{ display: 'flex', gap: 8, padding: 12 }}>
              <Button size="small" onClick={() => setEditing(p)}>
                {t('wallet.edit')}
              </Button>
              <Button
                size="small"
                color="danger"
                fill="outline"
                onClick={() =>
                  void deleteAddedPolicy(p.id).then(() => {
                    showSuccessToast(t('wallet.removed'));
                    void remote.reload();
                  })
                }
              >
                {t('common.remove')}
              </Button>
            </div>
          </SectionCard>
        ))
      )}
      {list.length > 0 && (
        <SectionCard title={t('wallet.yourData')}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Button size="small" onClick={() => void exportAll()}>
              {t('wallet.export')}
            </Button>
            <Button size="small" color="danger" onClick={() => void removeAll()}>
              {t('wallet.removeAll')}
            </Button>
          </div>
          {inWeChat && <Hint>{t('wallet.exportInWeChat')}</Hint>}
        </SectionCard>
      )}
      <Hint>{t('wallet.privacy')}</Hint>
      <PdfViewer doc={shown} onClose={() => setShown(null)} />
    </ViewPage>
  );
}

interface FilesProps {
  policy: AddedPolicy;
  onShow: (doc: ShownDocument) => void;
  onRemoved: () => void;
}

/**
 * The documents of one added policy: each opened in the page (a PDF in the in-page viewer, which
 * works inside WeChat; a photo in the image viewer) or removed after a confirmation.
 */
function PolicyFiles({ policy, onShow, onRemoved }: FilesProps) {
  const t = useT();
  if (!policy.files.length) return null;
  const named = policy.files.map((f, i) => ({
    file: f,
    name: t(f.mime === 'application/pdf' ? 'wallet.filePdf' : 'wallet.filePhoto', { n: i + 1 }),
  }));
  const open = async (file: AddedPolicy['files'][number], name: string) => {
    const url = URL.createObjectURL(await addedPolicyFileBlob(policy.id, file.id));
    if (file.mime === 'application/pdf') onShow({ url, filename: `${policy.productName} · ${name}` });
    else ImageViewer.show({ image: url, afterClose: () => URL.revokeObjectURL(url) });
  };
  const remove = async (file: AddedPolicy['files'][number], name: string) => {
    const sure = await confirmDialog({
      content: t('wallet.fileRemoveConfirm', { name }),
      confirmText: t('common.remove'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await deleteAddedPolicyFile(policy.id, file.id);
    showSuccessToast(t('wallet.fileRemoved'));
    onRemoved();
  };
  return (
    <List header={t('wallet.documentsTitle')}>
      {named.map(({ file, name }) => (
        <List.Item
          key={file.id}
          data-testid="added-policy-file"
          description={t('wallet.fileSize', { kb: Math.max(1, Math.round(file.size / 1024)) })}
          extra={
            <div style={{ display: 'flex', gap: 8 }}>
              <Button size="mini" aria-label={t('wallet.fileOpen', { name })} onClick={() => void open(file, name)}>
                {t('wallet.view')}
              </Button>
              <Button
                size="mini"
                color="danger"
                fill="outline"
                aria-label={t('wallet.fileRemove', { name })}
                onClick={() => void remove(file, name)}
              >
                {t('common.remove')}
              </Button>
            </div>
          }
        >
          {name}
        </List.Item>
      ))}
    </List>
  );
}

interface FormProps {
  policy: AddedPolicy | null;
  persons: Awaited<ReturnType<typeof insurablePersons>>;
  onDone: () => void;
}

/** Adding or editing one added policy, with its documents uploaded after it is saved. */
function PolicyForm({ policy, persons, onDone }: FormProps) {
  const t = useT();
  const [form] = Form.useForm<PolicyFormValues>();
  const [saving, setSaving] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const frequency = Form.useWatch('paymentFrequency', form)?.[0] ?? policy?.paymentFrequency ?? 'single';

  const finish = async (values: PolicyFormValues) => {
    setSaving(true);
    try {
      const input = toPolicyInput(values, policy ?? undefined);
      const saved = policy ? await updateAddedPolicy(policy.id, input) : await addPolicy(input);
      const chosen = [...(files.current?.files ?? [])];
      if (chosen.length) await uploadPolicyDocuments(saved.id, chosen);
      showSuccessToast(t(policy ? 'wallet.saved' : 'wallet.added'), { travels: true });
      onDone();
    } catch (e) {
      if (e instanceof IssuesError) {
        form.setFields(
          e.issues.flatMap((i) => {
            const name = formField(i.field);
            return name ? [{ name, errors: [i.message] }] : [];
          }),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <ViewPage>
      <SectionCard title={t(policy ? 'wallet.editTitle' : 'wallet.addTitle')} flush>
        <Form
          form={form}
          layout="horizontal"
          initialValues={policy ? toFormValues(policy) : newPolicyValues(beijingToday())}
          onFinish={(v) => void finish(v)}
          footer={
            <div style={{ display: 'flex', gap: 8 }}>
              <Button block onClick={onDone}>
                {t('common.cancel')}
              </Button>
              <Button block type="submit" color="primary" loading={saving}>
                {t('common.save')}
              </Button>
            </div>
          }
        >
          <Form.Item name="insurer" label={t('wallet.insurer')}>
            <Input placeholder={t('wallet.insurerPlaceholder')} maxLength={40} clearable />
          </Form.Item>
          <Form.Item name="productName" label={t('wallet.product')}>
            <Input maxLength={60} clearable />
          </Form.Item>
          <Form.Item name="policyNo" label={t('wallet.policyNo')}>
            <Input maxLength={40} clearable />
          </Form.Item>
          <Form.Item name="category" label={t('wallet.category')} layout="vertical">
            <SingleSelector
              columns={2}
              options={CHECKUP_CATEGORIES.map((c) => ({ value: c, label: t(`checkup.category.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="insuredPersonIds" label={t('wallet.insured')} layout="vertical">
            <Checkbox.Group>
              {persons.map((p) => (
                <Checkbox key={p.id} value={p.id} style={{ marginRight: 16 }}>
                  {p.name}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item name="coverName" label={t('wallet.cover')}>
            <Input placeholder={t('wallet.coverPlaceholder')} maxLength={30} clearable />
          </Form.Item>
          <Form.Item name="sumInsured" label={t('wallet.sumInsured')}>
            <Input inputMode="decimal" placeholder="¥" clearable />
          </Form.Item>
          <Form.Item name="startDate" label={t('wallet.start')}>
            <CalendarField precision="day" title={t('wallet.start')} placeholder={t('wallet.pickDay')} />
          </Form.Item>
          <Form.Item name="endDate" label={t('wallet.end')}>
            <CalendarField precision="day" title={t('wallet.end')} placeholder={t('wallet.pickDay')} />
          </Form.Item>
          <Form.Item name="premium" label={t('wallet.premium')}>
            <Input inputMode="decimal" placeholder="¥" clearable />
          </Form.Item>
          <Form.Item name="paymentFrequency" label={t('wallet.frequency')} layout="vertical">
            <SingleSelector
              columns={3}
              options={PAYMENT_FREQUENCIES.map((f) => ({ value: f, label: t(`wallet.frequency.${f}`) }))}
            />
          </Form.Item>
          {frequency !== 'single' && (
            <Form.Item name="nextDueDate" label={t('wallet.dueDate')}>
              <CalendarField precision="day" title={t('wallet.dueDate')} placeholder={t('wallet.pickDay')} />
            </Form.Item>
          )}
          <Form.Item label={t('wallet.documents')} layout="vertical" help={t('wallet.documentsHint')}>
            <input
              ref={files}
              type="file"
              multiple
              accept="application/pdf,image/jpeg,image/png"
              aria-label={t('wallet.documents')}
            />
          </Form.Item>
        </Form>
      </SectionCard>
    </ViewPage>
  );
}
