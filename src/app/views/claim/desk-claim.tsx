import { Input, TextArea, Toast } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClaimDetail, ClaimStatus } from '#shared/claims.ts';
import { getClaim, transitionClaim } from '../../api/claims.ts';
import { Hint } from '../../components/ui/hint.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { openFile } from './open-file.ts';
import { ClaimClockCard } from './claim-clock.tsx';
import { ClaimFacts } from './claim-facts.tsx';
import { beijingMinute } from '#shared/beijing-time.ts';
import {
  actionColor,
  deskActions,
  fenToYuanText,
  needsPaidAmount,
  noteRequired,
  stepBody,
  type StepProblem,
} from './desk-logic.ts';
import { ClaimTimeline } from './timeline.tsx';
import styles from './claim.module.css';
import { CLAIM_FILE_KIND_KEYS, CLAIM_STATUS_KEYS, codeName } from '../../i18n/enum-names.ts';
import '../../lib/antd-react19.ts';

const PROBLEMS: Record<StepProblem, MessageKey> = {
  noteRequired: 'claim.desk.noteRequired',
  paidInvalid: 'claim.desk.paidInvalid',
  paidTooMuch: 'claim.desk.paidTooMuch',
};

/** The next statuses as buttons; one opens its note (and paid amount for 已赔付) and is confirmed. */
function DeskActions({ claim, onMoved }: { claim: ClaimDetail; onMoved: () => Promise<void> }) {
  const t = useT();
  const [to, setTo] = useState<ClaimStatus | null>(null);
  const [note, setNote] = useState('');
  const [paid, setPaid] = useState('');
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = deskActions(claim.status);

  const choose = (next: ClaimStatus) => {
    setTo(next);
    setNote('');
    setPaid(needsPaidAmount(next) ? fenToYuanText(claim.amountFen) : '');
    setProblem(null);
  };

  const confirm = async () => {
    if (!to) return;
    const step = stepBody(to, note, paid, claim.amountFen);
    if ('problem' in step) {
      setProblem(step.problem);
      return;
    }
    setBusy(true);
    try {
      await transitionClaim(claim.id, step.body);
      Toast.show({ content: t('claim.desk.done', { status: t(CLAIM_STATUS_KEYS[to]) }) });
      setTo(null);
      await onMoved();
    } catch {
      // The server's message has been shown; the claim is read again in case someone else moved it
      // meanwhile (the buttons then follow its new status), else the form stays as typed.
      await onMoved().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('claim.desk.actions')}>
      {actions.length === 0 ? (
        <Hint>{t('claim.desk.final')}</Hint>
      ) : (
        <div className={styles.deskActions}>
          {actions.map((a) => (
            <Button
              key={a}
              size="small"
              color={actionColor(a)}
              fill={to === a ? 'solid' : 'outline'}
              onClick={() => choose(a)}
            >
              {t('claim.desk.moveTo', { status: t(CLAIM_STATUS_KEYS[a]) })}
            </Button>
          ))}
        </div>
      )}
      {to && (
        <div className={styles.deskForm} data-testid="claim-desk-form">
          {needsPaidAmount(to) && (
            <label className={styles.deskField}>
              <span>{t('claim.desk.paid')}</span>
              <Input
                value={paid}
                onChange={(v) => {
                  setPaid(v);
                  setProblem(null);
                }}
                inputMode="decimal"
                aria-label={t('claim.desk.paid')}
              />
              <small>{t('claim.desk.paidHint', { max: formatYuan(claim.amountFen) })}</small>
            </label>
          )}
          <TextArea
            value={note}
            onChange={(v) => {
              setNote(v);
              setProblem(null);
            }}
            placeholder={t(noteRequired(to) ? 'claim.desk.noteRequired' : 'claim.desk.noteOptional')}
            aria-label={t('claim.desk.note')}
            maxLength={500}
            rows={3}
          />
          {problem && (
            <div className={styles.deskProblem} role="alert">
              {t(PROBLEMS[problem])}
            </div>
          )}
          <div className={styles.deskActions}>
            <Button size="small" onClick={() => setTo(null)}>
              {t('common.cancel')}
            </Button>
            <Button size="small" color="primary" loading={busy} onClick={() => void confirm()}>
              {t('claim.desk.confirm')}
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}

/** Staff view of any member's claim (`?deskClaimId=`): facts masked as the member sees them, timeline, materials, next steps. */
export function DeskClaimView({ id }: { id: number }) {
  const t = useT();
  const navigate = useNavigate();
  const remote = useRemote(() => getClaim(id), [id]);
  const c = remote.data;
  const back = (
    <Button size="small" fill="none" color="primary" onClick={() => navigate('/claim/index')}>
      {t('claim.desk.back')}
    </Button>
  );
  if (!c)
    return (
      <ViewPage>
        <SectionCard extra={back}>
          <Hint>{remote.loading ? t('common.loading') : t('common.loadFailed')}</Hint>
        </SectionCard>
      </ViewPage>
    );
  return (
    <ViewPage>
      <ClaimFacts claim={c} statusTestId="desk-claim-status" />
      <DeskActions key={c.status} claim={c} onMoved={remote.reload} />
      <ClaimClockCard clock={c.clock} />
      <SectionCard title={t('claim.desk.files', { n: c.files.length })}>
        {c.files.length === 0 ? (
          <Hint>{t('claim.desk.noFiles')}</Hint>
        ) : (
          <ul className={styles.files}>
            {c.files.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className={styles.fileLink}
                  onClick={() => void openFile(f).catch(() => undefined)}
                >
                  {t('claim.detail.view')}
                </button>
                {codeName(t, CLAIM_FILE_KIND_KEYS, f.kind, f.kindText)} ·{' '}
                {f.mime === 'application/pdf' ? 'PDF' : f.mime === 'image/png' ? 'PNG' : 'JPG'} ·{' '}
                {Math.max(1, Math.round(f.size / 1024))} KB · {beijingMinute(f.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title={t('claim.detail.progress')}>
        <ClaimTimeline events={c.events} status={c.status} memberLabel={t('claim.desk.byMember')} />
      </SectionCard>
      <div className={styles.deskState}>{back}</div>
    </ViewPage>
  );
}
