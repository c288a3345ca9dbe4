import { DotLoading, Tag } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PolicyDetail, PolicyInsured } from '#shared/policies.ts';
import { getPolicy, policyPdfPath, recordPdfPath, voucherPdfPath } from '../../api/policies.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { Unbroken } from '../../components/ui/unbroken.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { beijingDeadline, beijingMinute } from '#shared/beijing-time.ts';
import { openDocument } from './documents.ts';
import { PdfViewer, type ShownDocument } from '../../components/ui/pdf-viewer.tsx';
import { refundStatusText, STATUS_TAGS } from './policy-status.ts';
import { SurrenderDialog } from './surrender-dialog.tsx';
import { CoolingOffChoice, renewalOffered, RenewalStart, type PolicyAsk } from './reminder-cards.tsx';
import styles from './policy.module.css';

const RELATIONS: Record<NonNullable<PolicyInsured['relation']>, MessageKey> = {
  self: 'person.relation.self',
  spouse: 'person.relation.spouse',
  child: 'person.relation.child',
  parent: 'person.relation.parent',
  other: 'person.relation.other',
};

const time = beijingMinute;

function Persons({ policy }: { policy: PolicyDetail }) {
  const t = useT();
  const { applicant, holder } = policy;
  if (holder) {
    return (
      <SectionCard title={t('policy.holder')}>
        <FieldRow label={t('policy.company')}>{holder.company}</FieldRow>
        <FieldRow label={t('policy.creditCode')}>{holder.creditCode}</FieldRow>
        <FieldRow label={t('policy.contact')}>{`${holder.contact} ${holder.contactMobileMasked}`}</FieldRow>
      </SectionCard>
    );
  }
  if (!applicant) return null;
  return (
    <SectionCard title={t('policy.applicant')}>
      <FieldRow label={t('policy.name')}>{applicant.name}</FieldRow>
      <FieldRow label={t('policy.idNumber')}>{applicant.idNumberMasked}</FieldRow>
      <FieldRow label={t('policy.mobile')}>{applicant.mobileMasked}</FieldRow>
    </SectionCard>
  );
}

/**
 * One policy (`?id=`): state, number and period, the plan's coverages, applicant (or company) and
 * insured persons as the server masks them, then what can be done: the e-policy PDF, a voucher per
 * insured person of a team policy, the purchase record (投保过程记录), 申请理赔, and 退保 inside the
 * cooling-off period. Opened from a reminder (`ask`), the reminder's choice comes first: 保留 / 退保,
 * or the renewal.
 */
export function PolicyDetailView({ id, ask = null }: { id: string; ask?: PolicyAsk | null }) {
  const t = useT();
  const navigate = useNavigate();
  const remote = useRemote(() => getPolicy(id), [id]);
  const [busy, setBusy] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownDocument | null>(null);
  const [surrendering, setSurrendering] = useState(false);

  if (remote.data === undefined) {
    return (
      <ViewPage>
        {remote.loading ? (
          <div className={styles.state}>
            <DotLoading color="primary" />
          </div>
        ) : (
          <EmptyState title={t('common.loadFailed')} description={t('common.loadFailedHint')}>
            <Button size="small" onClick={() => void remote.reload()}>
              {t('common.retry')}
            </Button>
          </EmptyState>
        )}
      </ViewPage>
    );
  }
  const policy = remote.data;
  if (policy === null) {
    return (
      <ViewPage>
        <EmptyState title={t('policy.notFound')} description={t('policy.notFoundHint')}>
          <Button color="primary" size="small" onClick={() => navigate('/policy/index', { replace: true })}>
            {t('policy.toList')}
          </Button>
        </EmptyState>
      </ViewPage>
    );
  }

  const tag = STATUS_TAGS[policy.status];
  const { surrender, claim } = policy.actions;
  const open = async (key: string, path: string, fallback: string) => {
    setBusy(key);
    try {
      const outcome = await openDocument(path, fallback);
      if (outcome.kind === 'view') setShown({ url: outcome.url, filename: outcome.filename });
    } finally {
      setBusy(null);
    }
  };

  return (
    <ViewPage>
      <header className={styles.head}>
        <h2 className={styles.headTitle}>
          <span>{`${policy.productName} ${policy.planName}`}</span>
          <Tag color={tag.color} fill="solid">
            {t(tag.label)}
          </Tag>
        </h2>
        <div className={styles.headSub}>
          {t('policy.policyNo', { no: '' })}
          <span data-testid="policy-no">{policy.policyNo}</span>
        </div>
        <div className={styles.headSub}>{policy.insurer}</div>
      </header>

      {ask === 'cooling-off' && (
        <CoolingOffChoice
          policy={policy}
          onSurrender={() => setSurrendering(true)}
          onKept={() => void remote.reload()}
        />
      )}
      {ask === 'renew' && <RenewalStart policy={policy} />}

      <SectionCard title={t('policy.info')}>
        <FieldRow label={t('policy.orderNoLabel')}>{policy.orderNo}</FieldRow>
        <FieldRow label={t('policy.term')}>{policy.termLabel}</FieldRow>
        <FieldRow label={t('policy.period')} keyFigure>
          {t('policy.periodFull', { from: policy.startDate, to: policy.endDate })}
        </FieldRow>
        <FieldRow label={t('policy.premium')}>
          <AmountText fen={policy.premiumFen} strong />
        </FieldRow>
        {policy.paidAt && <FieldRow label={t('policy.paidAt')}>{time(policy.paidAt)}</FieldRow>}
        <FieldRow label={t('policy.issuedAt')}>{time(policy.issuedAt)}</FieldRow>
        <FieldRow label={t('policy.coolingOff')}>
          {policy.coolingOffDays > 0 && surrender.until
            ? t('policy.coolingOffUntil', { days: policy.coolingOffDays, time: beijingDeadline(surrender.until) })
            : t('policy.coolingOffNone')}
        </FieldRow>
        {policy.waitingDays > 0 && (
          <FieldRow label={t('policy.waiting')}>{t('policy.days', { n: policy.waitingDays })}</FieldRow>
        )}
      </SectionCard>

      {policy.surrender && (
        <SectionCard title={t('policy.surrendered')}>
          <FieldRow label={t('policy.surrenderedAt')}>{time(policy.surrender.surrenderedAt)}</FieldRow>
          <FieldRow label={t('policy.surrenderReason')}>{policy.surrender.reason}</FieldRow>
          <FieldRow label={t('policy.refund')}>
            <AmountText fen={policy.surrender.refundFen} />
          </FieldRow>
          {policy.surrender.refundStatus && (
            <FieldRow label={t('policy.refundStatus')}>{t(refundStatusText(policy.surrender.refundStatus))}</FieldRow>
          )}
        </SectionCard>
      )}

      <SectionCard title={t('policy.coverages')} flush>
        <table className={styles.coverage}>
          <thead>
            <tr>
              <th scope="col">{t('policy.coverageItem')}</th>
              <th scope="col">{t('policy.sumInsured')}</th>
            </tr>
          </thead>
          <tbody>
            {policy.coverages.map((c) => (
              <tr key={c.name}>
                <td>
                  {c.name}
                  <small className={styles.coverageDesc}>{c.description}</small>
                </td>
                <td>
                  <AmountText fen={c.sumInsuredFen} keyFigure />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SectionCard>

      <Persons policy={policy} />

      <SectionCard title={t('policy.insuredCount', { n: policy.insuredCount })}>
        {policy.insured.map((p) => (
          <div key={p.id} className={styles.person} data-testid="insured">
            <div className={styles.personHead}>
              <span>
                {p.name}
                {p.relation && !policy.team ? ` · ${t(RELATIONS[p.relation])}` : ''}
              </span>
              {policy.team && policy.actions.download && (
                <Button
                  size="mini"
                  fill="outline"
                  color="primary"
                  loading={busy === `v${p.id}`}
                  onClick={() => void open(`v${p.id}`, voucherPdfPath(p.id), t('policy.voucherFile', { name: p.name }))}
                >
                  {t('policy.downloadVoucher')}
                </Button>
              )}
            </div>
            <div className={styles.personSub}>
              <Unbroken
                text={`${p.idNumberMasked} · ${p.mobileMasked}${policy.team ? ` · ${t('policy.voucherNo', { no: p.voucherNo })}` : ''}`}
              />
            </div>
          </div>
        ))}
      </SectionCard>

      <SectionCard title={t('policy.services')}>
        <div className={styles.actions}>
          {policy.actions.download && (
            <Button
              block
              color="primary"
              loading={busy === 'policy'}
              onClick={() =>
                void open('policy', policyPdfPath(policy.id), t('policy.policyFile', { no: policy.policyNo }))
              }
            >
              {t('policy.downloadPolicy')}
            </Button>
          )}
          {policy.actions.download && (
            <Button
              block
              fill="outline"
              color="primary"
              loading={busy === 'record'}
              onClick={() =>
                void open('record', recordPdfPath(policy.id), t('policy.recordFile', { no: policy.policyNo }))
              }
            >
              {t('policy.downloadRecord')}
            </Button>
          )}
          <Button
            block
            fill="outline"
            color="primary"
            disabled={!claim.allowed}
            onClick={() => navigate(`/claim/index?policyId=${policy.id}`)}
          >
            {t('policy.claim')}
          </Button>
          {!claim.allowed && claim.reason && <p className={styles.reason}>{claim.reason}</p>}
          {ask !== 'renew' && renewalOffered(policy) && (
            <Button
              block
              fill="outline"
              color="primary"
              onClick={() => navigate(`/policy/index?id=${policy.id}&ask=renew`)}
            >
              {t('policy.renew')}
            </Button>
          )}
          {surrender.allowed && (
            <Button block fill="outline" color="danger" onClick={() => setSurrendering(true)}>
              {t('policy.surrender')}
            </Button>
          )}
        </div>
        {!surrender.allowed && surrender.reason && policy.status !== 'surrendered' && <Hint>{surrender.reason}</Hint>}
      </SectionCard>

      <SurrenderDialog
        policy={policy}
        open={surrendering}
        onClose={() => setSurrendering(false)}
        onDone={() => void remote.reload()}
      />
      <PdfViewer doc={shown} onClose={() => setShown(null)} />
    </ViewPage>
  );
}
