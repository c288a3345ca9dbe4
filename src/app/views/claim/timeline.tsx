import { Steps } from 'antd-mobile';
import type { ClaimEvent, ClaimStatus } from '#shared/claims.ts';
import { CLAIM_STATUS_KEYS } from '../../i18n/enum-names.ts';
import { useT } from '../../i18n/index.ts';
import { beijingMinute } from '#shared/beijing-time.ts';
import { timelineSteps } from './claim-logic.ts';
import styles from './claim.module.css';

/**
 * 已报案 → 审核中 → 补充材料 → 已结案/拒赔 → 已赔付: what happened (time, note) and what usually comes next.
 * Steps the member took say so: "我" to the member, `memberLabel` (e.g. 会员) on the staff desk.
 */
export function ClaimTimeline({
  events,
  status,
  memberLabel,
}: {
  events: ClaimEvent[];
  status: ClaimStatus;
  memberLabel?: string;
}) {
  const t = useT();
  const steps = timelineSteps(events, status);
  return (
    <Steps direction="vertical" className={styles.timeline} data-testid="claim-timeline">
      {steps.map((s, i) => (
        <Steps.Step
          key={`${s.status}-${i}`}
          status={s.state}
          title={t(CLAIM_STATUS_KEYS[s.status])}
          description={
            s.at ? (
              <span className={styles.stepText}>
                <span>
                  {beijingMinute(s.at)}
                  {s.actor === 'member' ? ` · ${memberLabel ?? t('claim.timeline.byMe')}` : ''}
                </span>
                {s.note && <span className={styles.stepNote}>{s.note}</span>}
              </span>
            ) : (
              t('claim.timeline.pending')
            )
          }
        />
      ))}
    </Steps>
  );
}
