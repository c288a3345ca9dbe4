import { DotLoading, Result } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import type { TrailProgress } from '#shared/orders.ts';
import { addTrail } from '../../api/drafts.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { getProductDocument } from '../../api/catalogue.ts';
import { StepActions, type Busy } from './step-actions.tsx';
import styles from './insure.module.css';
import { SingleSelector } from '../../components/ui/single-selector.tsx';

interface HealthProps {
  productId: number;
  draftId: number;
  /** `none`: the product asks nothing. */
  health: TrailProgress['health'];
  busy: Busy;
  onProgress: (progress: TrailProgress) => void;
  onNext: () => void;
  onSave: () => void;
}

type Answers = Record<string, boolean | undefined>;

/**
 * Step 4, 健康告知: the product's questions with the Insurance Law art. 16 warning. 以上均无 records
 * "no" to every question; 部分为是 asks question by question. The answers go to the purchase trail
 * at once, and any "yes" stops online purchase (docs/decisions/insurance-rules.md) with the server's message.
 */
export function Health({ productId, draftId, health, busy, onProgress, onNext, onSave }: HealthProps) {
  const t = useT();
  const [blocked, setBlocked] = useState<string | null>(null);
  const [detailed, setDetailed] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [sending, setSending] = useState(false);
  const doc = useRemote(
    async () => (health === 'none' ? null : getProductDocument(productId, 'health')),
    [productId, health === 'none'],
  );

  if (health === 'none') {
    return (
      <SectionCard title={t('insure.health')}>
        <p className={styles.text}>{t('insure.healthNone')}</p>
        <StepActions busy={busy} onSave={onSave}>
          <Button block color="primary" size="large" loading={busy === 'next'} onClick={onNext}>
            {t('insure.next')}
          </Button>
        </StepActions>
      </SectionCard>
    );
  }
  if (blocked) {
    return (
      <SectionCard>
        <Result status="warning" title={t('insure.healthBlocked')} description={blocked} />
        <Button
          block
          onClick={() => {
            setBlocked(null);
            setDetailed(true);
          }}
        >
          {t('insure.healthReview')}
        </Button>
      </SectionCard>
    );
  }
  if (!doc.data)
    return (
      <SectionCard>
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      </SectionCard>
    );
  const { versionId, questions = [] } = doc.data;

  const send = async (given: Record<string, boolean>) => {
    setSending(true);
    try {
      const answer = await addTrail(draftId, { type: 'health', versionId, answers: given });
      onProgress(answer.progress);
      if (answer.blockedMessage) setBlocked(answer.blockedMessage);
      else onNext();
    } catch {
      // The client showed the reason (e.g. the notice was updated: the page reloads it).
      void doc.reload();
    } finally {
      setSending(false);
    }
  };
  const allNo = () => void send(Object.fromEntries(questions.map((q) => [q.id, false])));
  const allAnswered = questions.every((q) => answers[q.id] !== undefined);

  return (
    <SectionCard title={doc.data.title}>
      {doc.data.content.split(/\n\s*\n/).map((p, i) => (
        <p key={i} className={styles.text}>
          {p}
        </p>
      ))}
      <ol className={styles.questions}>
        {questions.map((q) => (
          <li key={q.id}>
            {q.text}
            {detailed && (
              <SingleSelector
                className={styles.answer}
                columns={2}
                value={answers[q.id] === undefined ? [] : [answers[q.id] ? 'yes' : 'no']}
                onChange={(v) => setAnswers({ ...answers, [q.id]: v[0] === undefined ? undefined : v[0] === 'yes' })}
                options={[
                  { value: 'no', label: t('insure.healthNo') },
                  { value: 'yes', label: t('insure.healthYes') },
                ]}
              />
            )}
          </li>
        ))}
      </ol>
      {detailed ? (
        <Button
          block
          color="primary"
          size="large"
          disabled={!allAnswered}
          loading={sending}
          onClick={() => void send(Object.fromEntries(questions.map((q) => [q.id, answers[q.id] === true])))}
        >
          {t('insure.healthSubmit')}
        </Button>
      ) : (
        <div className={styles.twoButtons}>
          <Button onClick={() => setDetailed(true)}>{t('insure.healthSomeYes')}</Button>
          <Button color="primary" loading={sending} onClick={allNo}>
            {t('insure.healthAllNo')}
          </Button>
        </div>
      )}
      <div className={styles.saveRow}>
        <Button fill="none" size="small" color="primary" loading={busy === 'save'} onClick={onSave}>
          {t('insure.saveDraft')}
        </Button>
      </div>
    </SectionCard>
  );
}
