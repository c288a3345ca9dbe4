import { DotLoading } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { beijingDeadline, beijingMinute, beijingToday, daysLeft } from '#shared/beijing-time.ts';
import { RENEWAL_REMINDER_DAYS } from '#shared/constants.ts';
import { formatYuan } from '#shared/money.ts';
import type { PolicyDetail, RenewalAnswer } from '#shared/policies.ts';
import { resumeLink } from '../../api/drafts.ts';
import { keepPolicy, renewPolicy } from '../../api/policies.ts';
import { showSuccessToast } from '../../components/shell/toast.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import styles from './policy.module.css';

/** What the reminder messages link to: `/policy/index?id=…&ask=cooling-off` or `&ask=renew`. */
export type PolicyAsk = 'cooling-off' | 'renew';

/**
 * Whether the policy page offers 续保 itself (the reminder may be gone): a renewable policy, not
 * surrendered, in its last RENEWAL_REMINDER_DAYS[0] days.
 */
export function renewalOffered(policy: PolicyDetail, today = beijingToday()): boolean {
  const left = daysLeft(policy.endDate, today);
  return policy.renewable && policy.status !== 'surrendered' && left >= 1 && left <= RENEWAL_REMINDER_DAYS[0];
}

export const policyAskOf = (value: string | null): PolicyAsk | null =>
  value === 'cooling-off' || value === 'renew' ? value : null;

/**
 * The cooling-off reminder's page (docs/decisions/cooling-off-keep.md): until when the whole
 * premium comes back, and one tap for either choice: 保留 (recorded on the server) or 退保 (the
 * policy page's own surrender dialog, with its confirmation). Nothing once the period is over or
 * the policy surrendered: the page says that itself.
 */
export function CoolingOffChoice({
  policy,
  onSurrender,
  onKept,
}: {
  policy: PolicyDetail;
  onSurrender: () => void;
  onKept: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const { until } = policy.actions.surrender;
  if (policy.status === 'surrendered' || !until || Date.parse(until) <= Date.now()) return null;

  const keep = async () => {
    setBusy(true);
    try {
      await keepPolicy(policy.id);
      showSuccessToast(t('policy.remind.keptToast'));
      onKept();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('policy.remind.coolingOffTitle')} aria-label={t('policy.remind.coolingOffTitle')}>
      <p className={styles.remindText}>
        {t('policy.remind.coolingOffText', { time: beijingDeadline(until), amount: formatYuan(policy.premiumFen) })}
      </p>
      {policy.coolingOffKeptAt && (
        <p className={styles.remindText} data-testid="kept">
          {t('policy.remind.kept', { time: beijingMinute(policy.coolingOffKeptAt) })}
        </p>
      )}
      <div className={styles.remindActions}>
        {!policy.coolingOffKeptAt && (
          <Button color="primary" loading={busy} onClick={() => void keep()}>
            {t('policy.remind.keep')}
          </Button>
        )}
        {policy.actions.surrender.allowed && (
          <Button fill="outline" color="danger" onClick={onSurrender}>
            {t('policy.surrender')}
          </Button>
        )}
      </div>
      {!policy.actions.surrender.allowed && policy.actions.surrender.reason && (
        <p className={styles.reason}>{policy.actions.surrender.reason}</p>
      )}
    </SectionCard>
  );
}

function refusalText(t: ReturnType<typeof useT>, refusal: NonNullable<RenewalAnswer['refusal']>): string {
  const key = `policy.renew.${refusal.code}` as MessageKey;
  return t(key, { from: refusal.from ?? '', min: refusal.min ?? '', max: refusal.max ?? '' });
}

/**
 * The renewal reminder's page: asks the server for the renewal draft (made from the policy, the
 * same one when asked again) and opens it the way 草稿箱 resumes a draft; when the policy cannot be
 * renewed, says why instead.
 */
export function RenewalStart({ policy }: { policy: PolicyDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<{ answer?: RenewalAnswer; failed?: boolean }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    renewPolicy(policy.id).then(
      (answer) => {
        if (!live) return;
        if (answer.draftId !== null)
          navigate(resumeLink({ id: answer.draftId, productId: answer.productId }), { replace: true });
        else setState({ answer });
      },
      () => {
        if (live) setState({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [policy.id, attempt, navigate]);

  const refusal = state.answer?.refusal;
  return (
    <SectionCard
      title={refusal ? t('policy.remind.renewRefused') : t('policy.remind.renewTitle')}
      aria-label={t('policy.remind.renewTitle')}
    >
      {refusal ? (
        <>
          <p className={styles.remindText} data-testid="renewal-refusal">
            {refusalText(t, refusal)}
          </p>
          <Button block fill="outline" color="primary" onClick={() => navigate('/product/index')}>
            {t('policy.remind.renewOther')}
          </Button>
        </>
      ) : state.failed ? (
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => {
            setState({});
            setAttempt((n) => n + 1);
          }}
        >
          {t('policy.remind.renewAgain')}
        </Button>
      ) : (
        <p className={styles.remindText}>
          <DotLoading color="primary" /> {t('policy.remind.renewPreparing')}
        </p>
      )}
    </SectionCard>
  );
}
