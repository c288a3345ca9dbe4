import { Dialog, TextArea } from 'antd-mobile';
import { useState } from 'react';
import type { PolicyDetail } from '#shared/policies.ts';
import { surrenderPolicy } from '../../api/policies.ts';
import { showSuccessToast } from '../../components/shell/toast.ts';
import { formatYuan } from '#shared/money.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { beijingDeadline } from '#shared/beijing-time.ts';
import styles from './policy.module.css';
import { SingleSelector } from '../../components/ui/single-selector.tsx';

const REASONS = [
  'policy.surrender.reason.changed',
  'policy.surrender.reason.duplicate',
  'policy.surrender.reason.price',
  'policy.surrender.reason.other',
] as const satisfies readonly MessageKey[];
type ReasonKey = (typeof REASONS)[number];

/** The reason the server keeps: the chosen one, or what the member wrote under 其他. */
export function surrenderReason(
  choice: ReasonKey | null,
  text: string,
  label: (key: ReasonKey) => string,
): string | null {
  if (!choice) return null;
  if (choice !== 'policy.surrender.reason.other') return label(choice);
  const written = text.trim();
  return written.length >= 2 ? written : null;
}

/**
 * 犹豫期退保, or 生效前退保 before cover starts (docs/decisions/cancel-before-start.md), confirmation: what comes back (the whole premium, the way it was paid), until when this
 * is possible, and why. The policy ends at once; the server's answer is shown, then `onDone`.
 */
export function SurrenderDialog({
  policy,
  open,
  onClose,
  onDone,
}: {
  policy: PolicyDetail;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [choice, setChoice] = useState<ReasonKey | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const { until, beforeStart } = policy.actions.surrender;

  const confirm = async () => {
    const reason = surrenderReason(choice, text, (key) => t(key));
    if (!reason) {
      setMissing(true);
      return;
    }
    const { message } = await surrenderPolicy(policy.id, reason);
    showSuccessToast(message);
    onClose();
    onDone();
  };

  return (
    <Dialog
      visible={open}
      aria-label={t(beforeStart ? 'policy.surrender.titleBeforeStart' : 'policy.surrender.title')}
      title={t(beforeStart ? 'policy.surrender.titleBeforeStart' : 'policy.surrender.title')}
      onClose={onClose}
      content={
        <div>
          <p className={styles.dialogText}>
            {t('policy.surrender.refund')}
            <span className={styles.dialogRefund} data-testid="surrender-refund">
              {formatYuan(policy.premiumFen)}
            </span>
          </p>
          <p className={styles.dialogText}>
            {t('policy.surrender.effect', { policyNo: policy.policyNo })}
            {beforeStart
              ? ` ${t('policy.surrender.beforeStart', { time: `${policy.startDate} 00:00` })}`
              : until
                ? ` ${t('policy.surrender.until', { time: beijingDeadline(until) })}`
                : ''}
          </p>
          <SingleSelector
            columns={2}
            options={REASONS.map((key) => ({ label: t(key), value: key }))}
            value={choice ? [choice] : []}
            onChange={(v) => {
              setChoice((v[0] as ReasonKey | undefined) ?? null);
              setMissing(false);
            }}
          />
          {choice === 'policy.surrender.reason.other' && (
            <div className={styles.dialogInput}>
              <TextArea
                placeholder={t('policy.surrender.reasonPlaceholder')}
                value={text}
                onChange={(v) => {
                  setText(v);
                  setMissing(false);
                }}
                maxLength={200}
                rows={2}
              />
            </div>
          )}
          {missing && (
            <p className={styles.dialogError} role="alert">
              {t('policy.surrender.reasonRequired')}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          { key: 'confirm', text: t('policy.surrender.confirm'), bold: true, danger: true, onClick: confirm },
        ],
      ]}
    />
  );
}
