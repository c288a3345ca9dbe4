import { Form, Input, List, TextArea } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ClaimType } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { claimablePolicies, getPolicyForClaim, reportClaim } from '../../api/claims.ts';
import { issuesOf } from '../../api/field-issues.ts';
import { CalendarField } from '../../components/ui/calendar-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { formatYuan, yuanToFen } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { SingleSelector } from '../../components/ui/single-selector.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { accountDigits, claimLimitOf, defaultClaimType, FILES_MAX, maskAccount } from './claim-logic.ts';
import { MaterialPicker, uploadMaterials, type PickedItem } from './material-picker.tsx';
import { reportPrefill } from './precheck-logic.ts';
import { useRoomyLayout } from '../../components/elder/use-roomy-layout.ts';
import styles from './claim.module.css';
import { showSuccessToast } from '../../components/shell/toast.ts';
import { POLICY_STATUS_KEYS, codeName } from '../../i18n/enum-names.ts';

const TYPES: { value: ClaimType; label: MessageKey }[] = [
  { value: 'accident_medical', label: 'claim.type.accidentMedical' },
  { value: 'hospital', label: 'claim.type.hospital' },
  { value: 'death_disability', label: 'claim.type.deathDisability' },
  { value: 'travel_delay', label: 'claim.type.travelDelay' },
  { value: 'other', label: 'claim.type.other' },
];

interface ReportValues {
  insuredId: number[];
  type: ClaimType[];
  incidentDate: string;
  description: string;
  amount: string;
  payeeName: string;
  payeeBank: string;
  payeeAccount: string;
}

const FIELDS = new Set(['insuredId', 'type', 'incidentDate', 'description', 'payeeName', 'payeeBank', 'payeeAccount']);

/** The bank account in full while typed, masked (last 4 digits) once the field is left. */
function AccountInput({ value = '', onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <Input
      id={id}
      value={editing ? value : maskAccount(value)}
      onChange={(v) => onChange?.(v)}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={36}
      placeholder={t('claim.form.accountPlaceholder')}
    />
  );
}

/** Which policy: the member's policies in force (then expired ones), each leading to the form. */
export function PolicyChooser() {
  const t = useT();
  const navigate = useNavigate();
  const policies = useRemote(claimablePolicies, []);
  const list = (policies.data ?? []).filter((p) => p.kind === 'policy');
  return (
    <ViewPage>
      <SectionCard title={t('claim.form.choosePolicy')} flush>
        {policies.loading && !policies.data ? (
          <Hint>{t('common.loading')}</Hint>
        ) : list.length === 0 ? (
          <EmptyState title={t('claim.form.noPolicy')} description={t('claim.mine.emptyHint')}>
            <Button size="small" onClick={() => navigate('/policy/index')}>
              {t('message.toPolicies')}
            </Button>
          </EmptyState>
        ) : (
          <List>
            {list.map(
              (p) =>
                p.kind === 'policy' && (
                  <List.Item
                    key={p.id}
                    description={`${p.policyNo} · ${p.startDate} ~ ${p.endDate}`}
                    extra={codeName(t, POLICY_STATUS_KEYS, p.status, p.statusText)}
                    onClick={() => navigate(`/claim/index?policyId=${p.id}`)}
                  >
                    {p.productName} · {p.insured.map((i) => i.name).join(t('common.listJoin'))}
                  </List.Item>
                ),
            )}
          </List>
        )}
      </SectionCard>
    </ViewPage>
  );
}

function defaultDate(policy: PolicyDetail): string {
  const today = beijingToday();
  return today > policy.endDate ? policy.endDate : today;
}

/** The form's start: the pre-check's answers where it came from one (reportPrefill), else the policy's defaults. */
function initialValues(p: PolicyDetail, prefill: ReturnType<typeof reportPrefill>): Partial<ReportValues> {
  const insuredId = prefill.insuredId ?? p.insured[0]?.id;
  return {
    insuredId: [insuredId],
    type: [prefill.type ?? defaultClaimType(p.productTypeCode)],
    incidentDate: prefill.incidentDate ?? defaultDate(p),
    ...(prefill.amount ? { amount: prefill.amount } : {}),
    payeeName: p.insured.find((i) => i.id === insuredId)?.name ?? '',
  };
}

/**
 * 我要报案 on one policy: insured person, incident date and type, what happened, the amount in yuan
 * (sent in fen), the payee's bank account (masked once typed) and the documents. The server's
 * order: the claim is created first, then the documents are uploaded to it, 9 a request.
 */
export function ReportForm({ policyId }: { policyId: number }) {
  const t = useT();
  // Large text or 长辈版: one insured person a row, so a masked ID number is not cut.
  const roomy = useRoomyLayout();
  const navigate = useNavigate();
  const [form] = Form.useForm<ReportValues>();
  const chosenType = (Form.useWatch('type', form) as ClaimType[] | undefined)?.[0];
  const [items, setItems] = useState<PickedItem[]>([]);
  const [saving, setSaving] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const policy = useRemote(() => getPolicyForClaim(policyId), [policyId]);
  const [params] = useSearchParams();
  const p = policy.data;

  if (!p) {
    return (
      <ViewPage>
        <SectionCard>
          <Hint>{policy.loading ? t('common.loading') : t('common.loadFailed')}</Hint>
        </SectionCard>
      </ViewPage>
    );
  }
  if (!p.actions.claim.allowed) {
    return (
      <ViewPage>
        <SectionCard title={p.productName}>
          <EmptyState title={t('claim.form.notAllowed')} description={p.actions.claim.reason ?? ''}>
            <Button size="small" onClick={() => navigate('/claim/index?report=1')}>
              {t('claim.form.choosePolicy')}
            </Button>
          </EmptyState>
        </SectionCard>
      </ViewPage>
    );
  }

  const limitFen = claimLimitOf(p, chosenType);
  const finish = async (v: ReportValues) => {
    const amountFen = yuanToFen(v.amount)!;
    setSaving(true);
    let claimId: number | null = null;
    try {
      const claim = await reportClaim({
        policyId: p.id,
        insuredId: v.insuredId[0],
        type: v.type[0],
        incidentDate: v.incidentDate,
        description: v.description.trim(),
        amountFen,
        payeeName: v.payeeName.trim(),
        payeeBank: v.payeeBank.trim(),
        payeeAccount: accountDigits(v.payeeAccount),
      });
      claimId = claim.id;
      await uploadMaterials(claim.id, items);
      showSuccessToast(t('claim.form.reported', { no: claim.claimNo }), { travels: true });
      navigate(`/claim/index?claimId=${claim.id}`, { replace: true });
    } catch (e) {
      // The claim exists but a file was refused (its message was shown): add materials on its page.
      if (claimId !== null) navigate(`/claim/index?claimId=${claimId}`, { replace: true });
      const issues = issuesOf(e).filter((i) => FIELDS.has(i.field) || i.field === 'amountFen');
      form.setFields(
        issues.map((i) => ({
          name: (i.field === 'amountFen' ? 'amount' : i.field) as keyof ReportValues,
          errors: [i.message],
        })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <ViewPage>
      <SectionCard title={t('claim.form.title')}>
        <div className={styles.policyLine}>
          <strong>{p.productName}</strong>
          <span>
            {p.policyNo} · {p.startDate} ~ {p.endDate}
          </span>
        </div>
      </SectionCard>
      <SectionCard flush>
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues(p, reportPrefill(params, p, defaultDate(p)))}
          onFinish={(v) => void finish(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={saving} disabled={preparing}>
              {t('claim.form.submit')}
            </Button>
          }
        >
          <Form.Item
            name="insuredId"
            label={t('claim.form.insured')}
            rules={[{ required: true, message: t('claim.form.required') }]}
          >
            <SingleSelector
              columns={roomy ? 1 : 2}
              options={p.insured.map((i) => ({ value: i.id, label: i.name, description: i.idNumberMasked }))}
            />
          </Form.Item>
          <Form.Item
            name="type"
            label={t('claim.form.type')}
            rules={[{ required: true, message: t('claim.form.required') }]}
          >
            <SingleSelector
              columns={roomy ? 2 : 3}
              options={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
            />
          </Form.Item>
          <Form.Item
            name="incidentDate"
            label={t('claim.form.date')}
            description={t('claim.form.dateRange', { start: p.startDate, end: defaultDate(p) })}
            rules={[{ required: true, message: t('claim.form.required') }]}
          >
            <CalendarField precision="day" min={p.startDate} max={defaultDate(p)} title={t('claim.form.date')} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('claim.form.description')}
            rules={[
              { required: true, whitespace: true, message: t('claim.form.required') },
              { min: 5, message: t('claim.form.descriptionMin') },
            ]}
          >
            <TextArea placeholder={t('claim.form.descriptionPlaceholder')} maxLength={500} showCount rows={3} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('claim.form.amount')}
            description={t('claim.form.amountMax', { amount: formatYuan(limitFen) })}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  const fen = yuanToFen(value ?? '');
                  if (fen === null) throw new Error(t('claim.form.amountFormat'));
                  if (fen > limitFen) throw new Error(t('claim.form.amountOver', { amount: formatYuan(limitFen) }));
                },
              },
            ]}
            required
          >
            <Input inputMode="decimal" placeholder="0.00" />
          </Form.Item>
          <Form.Item
            name="payeeName"
            label={t('claim.form.payeeName')}
            rules={[{ required: true, whitespace: true, message: t('claim.form.required') }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="payeeBank"
            label={t('claim.form.payeeBank')}
            rules={[{ required: true, whitespace: true, message: t('claim.form.required') }]}
          >
            <Input maxLength={40} placeholder={t('claim.form.payeeBankPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="payeeAccount"
            label={t('claim.form.payeeAccount')}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  if (!/^\d{10,30}$/.test(accountDigits(value ?? ''))) throw new Error(t('claim.form.accountFormat'));
                },
              },
            ]}
            required
          >
            <AccountInput />
          </Form.Item>
          <Form.Item label={t('claim.form.documents')} description={t('claim.file.limits', { max: FILES_MAX })}>
            <MaterialPicker value={items} onChange={setItems} maxCount={FILES_MAX} onBusy={setPreparing} />
          </Form.Item>
        </Form>
      </SectionCard>
    </ViewPage>
  );
}
