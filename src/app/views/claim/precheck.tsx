import { Form, Input, Tag } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { beijingToday } from '#shared/beijing-time.ts';
import type { ClaimType } from '#shared/claim-flow.ts';
import type { ClaimPrecheckResult, SocialInsuranceAnswer } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { allPolicies, getPolicyForClaim, precheckClaim } from '../../api/claims.ts';
import { issuesOf } from '../../api/field-issues.ts';
import { CalendarField } from '../../components/ui/calendar-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { Unbroken } from '../../components/ui/unbroken.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { SingleSelector } from '../../components/ui/single-selector.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { formatYuan, yuanToFen } from '#shared/money.ts';
import { languageAtom, useT, type MessageKey } from '../../i18n/index.ts';
import {
  CLAIM_MATERIAL_KEYS,
  CLAIM_TYPE_KEYS,
  POLICY_STATUS_KEYS,
  PRECHECK_REASON_KEYS,
  PRECHECK_VERDICT_KEYS,
  codeName,
} from '../../i18n/enum-names.ts';
import { defaultClaimType } from './claim-logic.ts';
import { estimateText, precheckMinDate, reasonValues, reportLink, type PrecheckAsked } from './precheck-logic.ts';
import { useRoomyLayout } from '../../components/elder/use-roomy-layout.ts';
import styles from './claim.module.css';

const TYPES: ClaimType[] = ['accident_medical', 'hospital', 'death_disability', 'travel_delay', 'other'];
const SOCIAL: { value: SocialInsuranceAnswer; label: MessageKey }[] = [
  { value: 'yes', label: 'claim.precheck.social.yes' },
  { value: 'no', label: 'claim.precheck.social.no' },
  { value: 'unknown', label: 'claim.precheck.social.unknown' },
];
const VERDICT_COLORS = { covered: 'success', not_covered: 'danger', needs_review: 'warning' } as const;

interface PrecheckValues {
  insuredId: number[];
  type: ClaimType[];
  incidentDate: string;
  amount?: string;
  social: SocialInsuranceAnswer[];
}
const FIELDS = new Set(['insuredId', 'type', 'incidentDate', 'amountFen']);

/** On the claim page: what the pre-check is for, and the way in (`?precheck=1`). */
export function PrecheckEntry() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <SectionCard
      title={t('claim.precheck.title')}
      extra={
        <Button size="small" color="primary" fill="outline" onClick={() => navigate('/claim/index?precheck=1')}>
          {t('claim.precheck.open')}
        </Button>
      }
    >
      <Hint>{t('claim.precheck.intro')}</Hint>
    </SectionCard>
  );
}

/** The answer: verdict and reason, the coverage's rules, the estimate, the materials, and 继续报案. */
function PrecheckAnswer({ asked, answer }: { asked: PrecheckAsked; answer: ClaimPrecheckResult }) {
  const t = useT();
  const navigate = useNavigate();
  const values = reasonValues(answer.params, (type) => t(CLAIM_TYPE_KEYS[type]));
  const c = answer.coverage;
  return (
    <SectionCard
      title={t('claim.precheck.result')}
      extra={
        <Tag color={VERDICT_COLORS[answer.verdict]} data-testid="precheck-verdict">
          {codeName(t, PRECHECK_VERDICT_KEYS, answer.verdict, answer.verdict)}
        </Tag>
      }
    >
      <div data-testid="precheck-answer" className={styles.precheckAnswer}>
        <p data-testid="precheck-reason">
          <Unbroken
            text={
              Object.hasOwn(PRECHECK_REASON_KEYS, answer.reason)
                ? t(PRECHECK_REASON_KEYS[answer.reason], values)
                : answer.reasonText
            }
          />
        </p>
        {c && (
          <FieldRow label={t('claim.precheck.coverage')}>
            {c.name}
            <span className={styles.precheckRule}>
              {t('claim.precheck.rule', {
                deductible: formatYuan(c.deductibleFen),
                withSocial: c.percentWithSocialInsurance,
                without: c.percentWithoutSocialInsurance,
                limit: formatYuan(c.limitFen),
              })}
            </span>
          </FieldRow>
        )}
        {answer.estimate && (
          <FieldRow label={t('claim.precheck.estimate')}>
            <strong data-testid="precheck-estimate">{estimateText(answer.estimate)}</strong>
          </FieldRow>
        )}
        <h3 className={styles.precheckHeading}>{t('claim.precheck.materials')}</h3>
        <ol className={styles.docs} data-testid="precheck-materials">
          {answer.materials.map((m) => (
            <li key={m.code}>{codeName(t, CLAIM_MATERIAL_KEYS, m.code, m.text)}</li>
          ))}
        </ol>
        <Hint>{t('claim.precheck.disclaimer')}</Hint>
        {answer.canReport && (
          <Button
            block
            color="primary"
            fill={answer.verdict === 'not_covered' ? 'outline' : 'solid'}
            onClick={() => navigate(reportLink(asked))}
          >
            {t(answer.verdict === 'not_covered' ? 'claim.precheck.continueAnyway' : 'claim.precheck.continue')}
          </Button>
        )}
      </div>
    </SectionCard>
  );
}

/** The questions on one policy: insured person, type, date, the amount (optional) and social insurance. */
function PrecheckForm({
  policy,
  onAnswer,
}: {
  policy: PolicyDetail;
  onAnswer: (asked: PrecheckAsked, answer: ClaimPrecheckResult) => void;
}) {
  const t = useT();
  // Large text or 长辈版: one insured person a row, so a masked ID number is not cut.
  const roomy = useRoomyLayout();
  // Polish words ("Nierozliczone", "Śmierć/inwalidztwo") do not fit a third of a phone's width.
  const language = useAtomValue(languageAtom);
  const fewColumns = roomy || language !== 'zh-cn';
  const [form] = Form.useForm<PrecheckValues>();
  const [busy, setBusy] = useState(false);
  const today = beijingToday();

  const finish = async (v: PrecheckValues) => {
    const amountFen = v.amount?.trim() ? (yuanToFen(v.amount) ?? undefined) : undefined;
    const asked: PrecheckAsked = {
      policyId: policy.id,
      insuredId: v.insuredId[0],
      type: v.type[0],
      incidentDate: v.incidentDate,
      amountFen,
      socialInsurance: v.social[0],
    };
    setBusy(true);
    try {
      onAnswer(asked, await precheckClaim(asked));
    } catch (e) {
      const issues = issuesOf(e).filter((i) => FIELDS.has(i.field));
      form.setFields(
        issues.map((i) => ({
          name: (i.field === 'amountFen' ? 'amount' : i.field) as keyof PrecheckValues,
          errors: [i.message],
        })),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        insuredId: [policy.insured[0]?.id],
        type: [defaultClaimType(policy.productTypeCode)],
        incidentDate: today < policy.endDate ? today : policy.endDate,
        social: ['unknown'],
      }}
      onFinish={(v) => void finish(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={busy}>
          {t('claim.precheck.submit')}
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
          options={policy.insured.map((i) => ({
            value: i.id,
            label: i.name,
            description: <Unbroken text={i.idNumberMasked} />,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('claim.form.type')}
        rules={[{ required: true, message: t('claim.form.required') }]}
      >
        <SingleSelector
          columns={fewColumns ? 2 : 3}
          options={TYPES.map((type) => ({ value: type, label: t(CLAIM_TYPE_KEYS[type]) }))}
        />
      </Form.Item>
      <Form.Item
        name="incidentDate"
        label={t('claim.form.date')}
        rules={[{ required: true, message: t('claim.form.required') }]}
      >
        <CalendarField
          precision="day"
          min={precheckMinDate(policy.startDate)}
          max={today}
          title={t('claim.form.date')}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('claim.precheck.amount')}
        description={t('claim.precheck.amountHint')}
        rules={[
          {
            validator: async (_r, value: string | undefined) => {
              if (value?.trim() && yuanToFen(value) === null) throw new Error(t('claim.form.amountFormat'));
            },
          },
        ]}
      >
        <Input inputMode="decimal" placeholder="0.00" />
      </Form.Item>
      <Form.Item name="social" label={t('claim.precheck.social')}>
        <SingleSelector
          columns={fewColumns ? 2 : 3}
          options={SOCIAL.map((s) => ({ value: s.value, label: t(s.label) }))}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * 理赔预审 (`/claim/index?precheck=1`, optionally `&policyId=`): the member picks one of their
 * policies, answers a few questions, and the server says whether the policy answers the claim,
 * roughly how much, and which materials to prepare; 继续报案 opens the report form pre-filled.
 */
export function PrecheckView({ policyId }: { policyId: number | null }) {
  const t = useT();
  const navigate = useNavigate();
  const policies = useRemote(allPolicies, []);
  const list = policies.data ?? [];
  const [chosen, setChosen] = useState<number | null>(policyId);
  const selected = chosen ?? list.find((p) => p.status === 'active')?.id ?? list[0]?.id ?? null;
  const policy = useRemote(() => (selected ? getPolicyForClaim(selected) : Promise.resolve(null)), [selected]);
  const [answer, setAnswer] = useState<{ asked: PrecheckAsked; answer: ClaimPrecheckResult } | null>(null);
  const p = policy.data && policy.data.id === selected ? policy.data : null;

  return (
    <ViewPage>
      <SectionCard title={t('claim.precheck.title')}>
        <Hint>{t('claim.precheck.intro')}</Hint>
      </SectionCard>
      <SectionCard title={t('claim.precheck.policy')}>
        {policies.loading && !policies.data ? (
          <Hint>{t('common.loading')}</Hint>
        ) : list.length === 0 ? (
          <EmptyState title={t('claim.form.noPolicy')}>
            <Button size="small" onClick={() => navigate('/policy/index')}>
              {t('message.toPolicies')}
            </Button>
          </EmptyState>
        ) : (
          <SingleSelector
            columns={1}
            value={selected ? [selected] : []}
            onChange={(v) => {
              setChosen(v[0]);
              setAnswer(null);
            }}
            options={list.map((x) => ({
              value: x.id,
              label: `${x.productName} · ${x.insured.map((i) => i.name).join(t('common.listJoin'))}`,
              description: (
                <Unbroken
                  text={`${x.policyNo} · ${x.startDate} ~ ${x.endDate} · ${codeName(t, POLICY_STATUS_KEYS, x.status, x.statusText)}`}
                />
              ),
            }))}
          />
        )}
      </SectionCard>
      {p && (
        <SectionCard flush>
          <PrecheckForm key={p.id} policy={p} onAnswer={(asked, a) => setAnswer({ asked, answer: a })} />
        </SectionCard>
      )}
      {answer && <PrecheckAnswer asked={answer.asked} answer={answer.answer} />}
    </ViewPage>
  );
}
