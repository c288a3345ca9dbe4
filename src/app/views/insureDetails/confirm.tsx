import { Checkbox, DotLoading, List, Popup } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useState } from 'react';
import type { DocumentKind, ProductDetail, ProductDocumentAnswer } from '#shared/catalogue.ts';
import { birthDateFromId, maskIdNumber } from '#shared/identity.ts';
import type { Draft, TrailProgress } from '#shared/orders.ts';
import { addTrail } from '../../api/drafts.ts';
import { getTeamList } from '../../api/team-list.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { BottomBar } from '../../components/ui/bottom-bar.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { Hint } from '../../components/ui/hint.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useBackCloses } from '../../components/ui/use-back-closes.ts';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { DocumentText } from '../../components/product/document-text.tsx';
import type { InsureDraft } from './draft.ts';
import { quoteQuietly } from '../../api/catalogue.ts';
import styles from './insure.module.css';
import { regionName } from '../../i18n/region-names.ts';

interface ConfirmProps {
  product: ProductDetail;
  state: InsureDraft;
  draft: Draft;
  busy: boolean;
  onProgress: (progress: TrailProgress) => void;
  onSubmit: () => void;
  onSave: () => void;
  saving: boolean;
}

/** The server's price: the quote for the insured person, or the team list's total. */
async function premiumOf(
  product: ProductDetail,
  state: InsureDraft,
  draftId: number,
): Promise<{ fen: number | null; problem: string | null; endDate: string | null }> {
  if (product.team) {
    const list = await getTeamList(draftId);
    return { fen: list.premiumFen, problem: list.premiumIssue, endDate: null };
  }
  if (!state.insured) return { fen: null, problem: null, endDate: null };
  const { result, problem } = await quoteQuietly(product.id, {
    planCode: state.planCode,
    termDays: state.termDays,
    startDate: state.startDate,
    ...(state.region ? { region: state.region } : {}),
    insured: [{ birthDate: birthDateFromId(state.insured.idNumber) }],
  });
  return { fen: result?.premiumFen ?? null, problem, endDate: result?.endDate ?? null };
}

/**
 * Step 5, 确认支付: the server's price, the summary, each document opened and confirmed, and the
 * separate consent for sensitive personal data (PIPL art. 29). Each of these is recorded in the
 * purchase trail as it happens, and 提交订单 opens only when the server's progress says ready.
 */
export function Confirm({ product, state, draft, busy, onProgress, onSubmit, onSave, saving }: ConfirmProps) {
  const t = useT();
  const { progress } = draft;
  // The document stays in the sheet while it fades out, so the sheet keeps its heading (its name).
  const [reading, setReading] = useState<{ kind: DocumentKind; open: boolean } | null>(null);
  // A phone's Back closes the document before it leaves the step.
  const closeReading = useBackCloses(reading?.open ?? false, () => setReading((r) => r && { ...r, open: false }));
  const [docVersion, setDocVersion] = useState(product.versionId);
  const allConfirmed = progress.required.every((k) => progress.confirmed.includes(k));
  const [readTicked, setReadTicked] = useState(allConfirmed);
  const [recording, setRecording] = useState(false);
  const priced = useRemote(() => premiumOf(product, state, draft.id), [product.id, state, draft.id]);
  const plan = product.plans.find((p) => p.code === state.planCode);
  const docs = product.documents.filter((d) => progress.required.includes(d.kind));
  const allOpened = progress.required.every((k) => progress.opened.includes(k));

  const record = async (run: () => Promise<{ progress: TrailProgress }>): Promise<boolean> => {
    setRecording(true);
    try {
      onProgress((await run()).progress);
      return true;
    } catch {
      return false;
    } finally {
      setRecording(false);
    }
  };
  const opened = (doc: ProductDocumentAnswer) => {
    setDocVersion(doc.versionId);
    void record(() => addTrail(draft.id, { type: 'open', document: doc.kind, versionId: doc.versionId }));
  };
  const tickRead = async (checked: boolean) => {
    if (!checked) {
      setReadTicked(false);
      return;
    }
    if (
      await record(() => addTrail(draft.id, { type: 'confirm', documents: progress.required, versionId: docVersion }))
    )
      setReadTicked(true);
  };
  const tickConsent = (checked: boolean) =>
    void record(() => addTrail(draft.id, { type: 'consent', granted: checked }));
  const premium = priced.data?.fen ?? null;
  const ready = progress.ready && readTicked && premium !== null;

  return (
    <>
      <SectionCard title={t('insure.summary')}>
        <FieldRow label={t('insure.product')}>{product.name}</FieldRow>
        <FieldRow label={t('insure.plan')}>{plan?.name}</FieldRow>
        <FieldRow label={t('insure.period')} keyFigure>
          {priced.data?.endDate
            ? t('insure.periodRange', { from: state.startDate, to: priced.data.endDate })
            : state.startDate}
        </FieldRow>
        {state.region && <FieldRow label={t('insure.region')}>{regionName(t, state.region)}</FieldRow>}
        {product.team ? (
          <FieldRow label={t('team.holder')}>{state.holder?.company}</FieldRow>
        ) : (
          <FieldRow label={t('insure.applicant')}>
            {state.applicant && `${state.applicant.name} ${maskIdNumber(state.applicant.idNumber)}`}
          </FieldRow>
        )}
        <FieldRow label={t('insure.insured')}>
          {product.team
            ? t('team.countOnly', { n: draft.teamCount })
            : state.insured && `${state.insured.name} ${maskIdNumber(state.insured.idNumber)}`}
        </FieldRow>
        {priced.data?.problem && (
          <p className={styles.warnText} role="alert">
            {priced.data.problem}
          </p>
        )}
      </SectionCard>
      <SectionCard title={t('insure.read')} flush>
        <List>
          {docs.map((d) => (
            <List.Item
              key={d.kind}
              extra={progress.opened.includes(d.kind) ? t('insure.readDone') : t('insure.readTodo')}
              onClick={() => setReading({ kind: d.kind, open: true })}
            >
              {t('details.documents.quoted', { title: d.title })}
            </List.Item>
          ))}
        </List>
        <div className={styles.checks}>
          <Checkbox
            checked={readTicked && allConfirmed}
            disabled={!allOpened || recording}
            onChange={(c) => void tickRead(c)}
          >
            {t('insure.readConfirm', {
              titles: docs.map((d) => t('details.documents.quoted', { title: d.title })).join(t('common.listJoin')),
            })}
          </Checkbox>
          <Checkbox checked={progress.consent} disabled={recording} onChange={tickConsent}>
            {t('insure.consent')}
          </Checkbox>
        </div>
        {!allOpened && <Hint>{t('insure.readFirst')}</Hint>}
      </SectionCard>
      <Hint>{t('insure.submitHint')}</Hint>
      <div className={styles.saveRow}>
        <Button fill="none" size="small" color="primary" loading={saving} onClick={onSave}>
          {t('insure.saveDraft')}
        </Button>
      </div>
      <BottomBar main={premium !== null ? <AmountText fen={premium} strong /> : priced.loading ? <DotLoading /> : '—'}>
        <Button
          color="primary"
          shape="rounded"
          disabled={!ready}
          loading={busy}
          className={styles.pay}
          onClick={onSubmit}
        >
          {t('insure.submit')}
        </Button>
      </BottomBar>
      <Popup
        visible={reading?.open ?? false}
        onMaskClick={closeReading}
        onClose={closeReading}
        showCloseButton
        destroyOnClose
        bodyClassName={styles.sheet}
      >
        {reading && (
          <DocumentText
            productId={product.id}
            kind={reading.kind}
            plan={plan}
            onLoaded={opened}
            title={docs.find((d) => d.kind === reading.kind)?.title}
          />
        )}
      </Popup>
    </>
  );
}
