import { Tag } from 'antd-mobile';
import type { ClaimClock } from '#shared/claims.ts';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { clockBadge } from './precheck-logic.ts';
import styles from './claim.module.css';

const KIND_KEYS: Record<NonNullable<ClaimClock['running']>['kind'], MessageKey> = {
  decision: 'claim.clock.kind.decision',
  payment: 'claim.clock.kind.payment',
};

/** The running deadline as a tag: days left, 今天到期, or 已超时 (coloured from 5 days before). */
export function ClockBadge({ running }: { running: NonNullable<ClaimClock['running']> }) {
  const t = useT();
  const badge = clockBadge(running, t);
  return (
    <Tag
      className={styles.clockBadge}
      color={badge.color}
      fill={badge.color === 'default' ? 'outline' : 'solid'}
      data-testid="claim-clock-badge"
      data-urgency={running.urgency}
    >
      {badge.text}
    </Tag>
  );
}

/** On the desk row: `核定截止 2026-12-25` with its badge. */
export function DeskClockLine({ running }: { running: NonNullable<ClaimClock['running']> }) {
  const t = useT();
  return (
    <span data-testid="claim-desk-clock">
      {t('claim.clock.due', { kind: t(KIND_KEYS[running.kind]), date: running.dueOn })}
      <ClockBadge running={running} />
    </span>
  );
}

/** The statutory dates of a claim (Insurance Law art. 23), for the member and for claims staff. */
export function ClaimClockCard({ clock }: { clock: ClaimClock }) {
  const t = useT();
  const running = clock.running;
  const badge = (kind: 'decision' | 'payment') => (running?.kind === kind ? <ClockBadge running={running} /> : null);
  return (
    <SectionCard title={t('claim.clock.title')} aria-label={t('claim.clock.title')}>
      <div data-testid="claim-clock">
        {clock.materialsCompleteOn ? (
          <>
            <FieldRow label={t('claim.clock.materialsComplete')}>{clock.materialsCompleteOn}</FieldRow>
            <FieldRow label={t('claim.clock.decisionDue')}>
              {clock.decisionDueOn}
              {badge('decision')}
            </FieldRow>
          </>
        ) : (
          <Hint>{t('claim.clock.waiting')}</Hint>
        )}
        {clock.decidedOn && <FieldRow label={t('claim.clock.decided')}>{clock.decidedOn}</FieldRow>}
        {clock.paymentDueOn && (
          <FieldRow label={t('claim.clock.paymentDue')}>
            {clock.paymentDueOn}
            {badge('payment')}
          </FieldRow>
        )}
        {clock.paidOn && <FieldRow label={t('claim.clock.paid')}>{clock.paidOn}</FieldRow>}
        <Hint>{t('claim.clock.law')}</Hint>
      </div>
    </SectionCard>
  );
}
