import { TextArea, Toast } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import type { ClaimDetail } from '#shared/claims.ts';
import { getClaim, submitSupplement } from '../../api/claims.ts';
import { Hint } from '../../components/ui/hint.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { ClaimClockCard } from './claim-clock.tsx';
import { ClaimFacts } from './claim-facts.tsx';
import { beijingMinute } from '#shared/beijing-time.ts';
import { RATEABLE } from './claim-logic.ts';
import { MaterialPicker, uploadMaterials, type PickedItem } from './material-picker.tsx';
import { openFile } from './open-file.ts';
import { ClaimRating } from './rating.tsx';
import { ClaimTimeline } from './timeline.tsx';
import styles from './claim.module.css';
import { CLAIM_FILE_KIND_KEYS, codeName } from '../../i18n/enum-names.ts';
import '../../lib/antd-react19.ts';

/** Upload more (已报案, 补充材料) and, when asked for, 提交补充材料 (uploads what was picked first). */
function Materials({ claim, reload }: { claim: ClaimDetail; reload: () => Promise<void> }) {
  const t = useT();
  const [items, setItems] = useState<PickedItem[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const room = claim.maxFiles - claim.files.length;

  const run = async (supplement: boolean) => {
    setBusy(true);
    try {
      await uploadMaterials(claim.id, items);
      setItems([]);
      if (supplement) {
        await submitSupplement(claim.id, note.trim() || undefined);
        setNote('');
        Toast.show({ content: t('claim.detail.supplemented') });
      } else {
        Toast.show({ content: t('claim.detail.uploaded') });
      }
    } catch {
      // The server's message (size, count, status) has been shown.
    } finally {
      setBusy(false);
      await reload();
    }
  };

  return (
    <SectionCard title={t('claim.detail.files', { n: claim.files.length, max: claim.maxFiles })}>
      {claim.files.length > 0 && (
        <ul className={styles.files}>
          {claim.files.map((f) => (
            <li key={f.id}>
              <button type="button" className={styles.fileLink} onClick={() => void openFile(f).catch(() => undefined)}>
                {t('claim.detail.view')}
              </button>
              {codeName(t, CLAIM_FILE_KIND_KEYS, f.kind, f.kindText)} ·{' '}
              {f.mime === 'application/pdf' ? 'PDF' : f.mime === 'image/png' ? 'PNG' : 'JPG'} ·{' '}
              {Math.max(1, Math.round(f.size / 1024))} KB · {beijingMinute(f.createdAt)}
            </li>
          ))}
        </ul>
      )}
      {claim.actions.supplement && <Hint>{t('claim.detail.supplementAsked')}</Hint>}
      {(claim.actions.upload || claim.actions.supplement) && (
        <div className={styles.upload}>
          {room > 0 && <MaterialPicker value={items} onChange={setItems} maxCount={room} onBusy={setPreparing} />}
          {claim.actions.supplement && (
            <TextArea
              value={note}
              onChange={setNote}
              placeholder={t('claim.detail.notePlaceholder')}
              maxLength={200}
              rows={2}
            />
          )}
          {claim.actions.supplement ? (
            <Button block color="primary" loading={busy} disabled={preparing} onClick={() => void run(true)}>
              {t('claim.detail.supplement')}
            </Button>
          ) : (
            <Button
              block
              color="primary"
              fill="outline"
              disabled={items.length === 0 || preparing}
              loading={busy}
              onClick={() => void run(false)}
            >
              {t('claim.detail.upload')}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}

/** One claim: status, facts, the timeline with times and notes, materials, and the rating once finished. */
export function ClaimDetailView({ id }: { id: number }) {
  const t = useT();
  const remote = useRemote(() => getClaim(id), [id]);
  const c = remote.data;
  if (!c)
    return (
      <ViewPage>
        <SectionCard>
          <Hint>{remote.loading ? t('common.loading') : t('common.loadFailed')}</Hint>
        </SectionCard>
      </ViewPage>
    );
  return (
    <ViewPage>
      <ClaimFacts claim={c} statusTestId="claim-status" />
      <ClaimClockCard clock={c.clock} />
      <SectionCard title={t('claim.detail.progress')}>
        <ClaimTimeline events={c.events} status={c.status} />
      </SectionCard>
      <Materials claim={c} reload={remote.reload} />
      {RATEABLE.includes(c.status) && <ClaimRating claimId={c.id} />}
    </ViewPage>
  );
}
