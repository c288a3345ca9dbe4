import { Tag } from 'antd-mobile';
import type { ClaimDetail } from '#shared/claims.ts';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { STATUS_COLORS } from './status-colors.ts';
import { CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS, codeName } from '../../i18n/enum-names.ts';

/** What a claim is about, with its status tag: the same for the member and for claims staff. */
export function ClaimFacts({ claim: c, statusTestId }: { claim: ClaimDetail; statusTestId: string }) {
  const t = useT();
  return (
    <SectionCard
      title={c.productName}
      extra={
        <Tag color={STATUS_COLORS[c.status]} data-testid={statusTestId}>
          {codeName(t, CLAIM_STATUS_KEYS, c.status, c.statusText)}
        </Tag>
      }
    >
      <FieldRow label={t('claim.detail.claimNo')}>{c.claimNo}</FieldRow>
      <FieldRow label={t('claim.detail.policyNo')}>{c.policyNo}</FieldRow>
      <FieldRow label={t('claim.form.insured')}>
        {c.insuredName} {c.insuredIdNumberMasked}
      </FieldRow>
      <FieldRow label={t('claim.form.type')}>{codeName(t, CLAIM_TYPE_KEYS, c.type, c.typeText)}</FieldRow>
      <FieldRow label={t('claim.form.date')}>{c.incidentDate}</FieldRow>
      <FieldRow label={t('claim.detail.amount')}>{formatYuan(c.amountFen)}</FieldRow>
      {c.paidFen !== null && <FieldRow label={t('claim.detail.paid')}>{formatYuan(c.paidFen)}</FieldRow>}
      <FieldRow label={t('claim.detail.payee')}>
        {c.payee.name} · {c.payee.bank} {c.payee.accountMasked}
      </FieldRow>
      <FieldRow label={t('claim.form.description')}>{c.description}</FieldRow>
    </SectionCard>
  );
}
