import { Rate, TextArea, Toast } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import { RATING_LENGTH } from '#shared/constants.ts';
import { myFeedback, sendFeedback } from '../../api/claims.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import styles from './claim.module.css';
import '../../lib/antd-react19.ts';

function RatingForm({ onSend, label }: { onSend: (rating: number, comment: string) => Promise<void>; label: string }) {
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await onSend(rating, comment.trim());
      setRating(0);
      setComment('');
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.rating}>
      <Rate count={RATING_LENGTH} value={rating} onChange={setRating} aria-label={label} />
      <TextArea
        value={comment}
        onChange={setComment}
        placeholder={t('claim.rate.commentPlaceholder')}
        maxLength={300}
        rows={2}
      />
      <Button color="primary" size="small" disabled={rating === 0} loading={sending} onClick={() => void send()}>
        {t('claim.rate.send')}
      </Button>
    </div>
  );
}

/** 评价本次理赔: 1–5 stars once the claim is finished; once sent it shows read-only. */
export function ClaimRating({ claimId }: { claimId: number }) {
  const t = useT();
  const mine = useRemote(() => myFeedback({ claimId }), [claimId]);
  const given = mine.data?.list[0];
  return (
    <SectionCard title={t('claim.rate.claimTitle')}>
      {given ? (
        <div className={styles.rating} data-testid="claim-rated">
          <Rate count={RATING_LENGTH} value={given.rating} readOnly />
          <span className={styles.ratedText}>{given.comment ?? t('claim.rate.thanks')}</span>
        </div>
      ) : mine.data ? (
        <RatingForm
          label={t('claim.rate.claimTitle')}
          onSend={async (rating, comment) => {
            await sendFeedback({ kind: 'claim', claimId, rating, ...(comment ? { comment } : {}) });
            Toast.show({ content: t('claim.rate.thanks') });
            await mine.reload();
          }}
        />
      ) : null}
    </SectionCard>
  );
}

/** 服务评价: the member rates the service in general, as often as they like. */
export function ServiceRating() {
  const t = useT();
  return (
    <SectionCard title={t('claim.rate.serviceTitle')}>
      <p className={styles.ratingHint}>{t('claim.rate.serviceHint')}</p>
      <RatingForm
        label={t('claim.rate.serviceTitle')}
        onSend={async (rating, comment) => {
          await sendFeedback({ kind: 'service', rating, ...(comment ? { comment } : {}) });
          Toast.show({ content: t('claim.rate.thanks') });
        }}
      />
    </SectionCard>
  );
}
