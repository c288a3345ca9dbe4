import { DotLoading, Steps } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import type { Draft, TrailProgress } from '#shared/orders.ts';
import { ApiError } from '../../api/api-error.ts';
import { addTrail, createDraft, getDraft, saveDraft, submitDraft } from '../../api/drafts.ts';
import { issuesOf } from '../../api/field-issues.ts';
import { showSuccessToast } from '../../components/shell/toast.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useRoomyLayout } from '../../components/elder/use-roomy-layout.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { sessionRecommendId } from '../../wechat/share-context.ts';
import { offeredPersons, rememberPurchasePersons } from '../../components/person/save-offer.ts';
import { getProduct } from '../../api/catalogue.ts';
import { Applicant } from './applicant.tsx';
import { Confirm } from './confirm.tsx';
import {
  firstDraft,
  fromServerDraft,
  INSURE_STEPS,
  stepIndex,
  stepName,
  stepOfIssue,
  toPatch,
  type InsureDraft,
} from './draft.ts';
import { Health } from './health.tsx';
import { InsureProduct } from './product.tsx';
import { SelfInsurant } from './self-insurant.tsx';
import type { Busy } from './step-actions.tsx';
import { Team } from './team/index.tsx';
import styles from './insure.module.css';

const STEP_TITLES: Record<(typeof INSURE_STEPS)[number], MessageKey> = {
  plan: 'insure.step.plan',
  applicant: 'insure.step.applicant',
  insured: 'insure.step.insured',
  health: 'insure.step.health',
  confirm: 'insure.step.confirm',
};

function StepBar({ current }: { current: number }) {
  const t = useT();
  const roomy = useRoomyLayout();
  // Large text or 长辈版: five titles side by side no longer fit; one line says where the buyer is.
  if (roomy)
    return (
      <div className={`${styles.steps} ${styles.stepsRoomy}`}>
        <p className={styles.stepOf}>{t('insure.stepOf', { n: current + 1, total: INSURE_STEPS.length })}</p>
        <p className={styles.stepNow} aria-current="step">
          {t(STEP_TITLES[INSURE_STEPS[current]])}
        </p>
      </div>
    );
  return (
    <div className={styles.steps}>
      <Steps current={current}>
        {INSURE_STEPS.map((s) => (
          <Steps.Step key={s} title={t(STEP_TITLES[s])} />
        ))}
      </Steps>
    </div>
  );
}

/** The sales page version kept in the trail: the product version the buyer was shown. */
const pageVersion = (product: ProductDetail) => `product-v${product.version}`;

/** What the flow puts in the history state of an entry it pushed for a step. */
interface StepEntry {
  insureStep: true;
}
const isStepEntry = (state: unknown) => Boolean((state as Partial<StepEntry> | null)?.insureStep);

/**
 * The purchase flow of one product, step by step. The first 下一步 (or 保存草稿) creates a draft on
 * the server and puts its id in the address, so a reload or 草稿箱 resumes at the saved step; every
 * later step saves its fields there. Refusals name fields: the flow goes to their step and marks them.
 * Each step is a history entry (`step=` in the address): a phone's Back goes to the previous step,
 * Forward and reload come back to one, never past the furthest step whose fields were checked.
 */
function InsureFlow({
  product,
  initial,
  plan,
}: {
  product: ProductDetail;
  initial: Draft | null;
  plan: string | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [resumed] = useState(() => (initial ? fromServerDraft(product, initial) : null));
  const [state, setState] = useState<InsureDraft>(resumed?.state ?? firstDraft(product, plan));
  // The furthest step reached through its checks (下一步 saved the fields before it, or the saved draft).
  const [furthest, setFurthest] = useState(resumed?.step ?? 0);
  const asked = stepIndex(params.get('step'));
  const step = Math.min(asked ?? resumed?.step ?? 0, furthest);
  const [draft, setDraft] = useState<Draft | null>(initial);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [submitting, setSubmitting] = useState(false);

  const stepSearch = (to: number, draftId = draft?.id) => {
    const search = new URLSearchParams({ productId: String(product.id) });
    if (draftId) search.set('draftId', String(draftId));
    else if (plan) search.set('plan', plan);
    search.set('step', stepName(to));
    return `?${search}`;
  };
  const showStep = (to: number, draftId?: number) =>
    navigate({ search: stepSearch(to, draftId) }, { state: { insureStep: true } satisfies StepEntry });
  const replaceStep = (to: number, draftId?: number) =>
    navigate({ search: stepSearch(to, draftId) }, { replace: true, state: location.state as unknown });

  // The address always names the step shown (a first visit, a resumed draft, a step asked for
  // beyond what was checked), so Back and reload find it there.
  useEffect(() => {
    if (asked !== step) void replaceStep(step);
  }, [asked, step]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the two differ

  // The trail records each step shown (可回溯), with the sales page version.
  useEffect(() => {
    if (draft)
      void addTrail(draft.id, { type: 'page', step: stepName(step), pageVersion: pageVersion(product) }, true).catch(
        () => undefined,
      );
  }, [step, draft?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per step shown

  const persist = async (patch: Partial<InsureDraft>, at: number): Promise<Draft> => {
    const body = toPatch({ ...state, ...patch }, at);
    let saved: Draft;
    if (draft) {
      saved = await saveDraft(draft.id, body);
    } else {
      const { planCode, termDays, startDate, region, step: where } = body;
      const created = await createDraft({
        productId: product.id,
        planCode,
        termDays,
        startDate,
        region,
        step: where,
        recommendId: sessionRecommendId() ?? undefined,
      });
      saved = body.applicant || body.insured || body.holder ? await saveDraft(created.id, body) : created;
      // This entry is the draft's from now on (a reload or Back resumes it), before a step is pushed.
      await replaceStep(step, created.id);
    }
    setDraft(saved);
    setState((s) => ({ ...s, ...patch }));
    return saved;
  };
  const go = async (patch: Partial<InsureDraft>, to: number) => {
    setBusy('next');
    try {
      const saved = await persist(patch, to);
      setIssues([]);
      setFurthest(to);
      await showStep(to, saved.id);
      window.scrollTo(0, 0);
    } catch (error) {
      setIssues(issuesOf(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async (patch: Partial<InsureDraft>) => {
    setBusy('save');
    try {
      await persist(patch, step);
      showSuccessToast(t('insure.saved'));
    } catch (error) {
      setIssues(issuesOf(error));
    } finally {
      setBusy(null);
    }
  };
  const setProgress = (progress: TrailProgress) => setDraft((d) => (d ? { ...d, progress } : d));
  const submit = async () => {
    if (!draft) return;
    setSubmitting(true);
    try {
      const order = await submitDraft(draft.id, {
        recommendId: sessionRecommendId() ?? undefined,
        pageVersion: pageVersion(product),
      });
      if (!product.team) rememberPurchasePersons(order.id, offeredPersons(state.applicant, state.insured));
      navigate(`/pay/index?orderId=${order.id}`, { replace: true });
    } catch (error) {
      const found = issuesOf(error);
      const to = found.length ? stepOfIssue(found[0].field, product.team) : null;
      setIssues(found);
      if (to !== null) void replaceStep(to);
      // The trail may have moved on the server (e.g. a new product version): read it again.
      void getDraft(draft.id, true).then(setDraft, () => undefined);
      setSubmitting(false);
    }
  };
  // 上一步 is the phone's Back when the flow pushed this step; otherwise (a resumed draft) it replaces it.
  const back = () => {
    setIssues([]);
    if (isStepEntry(location.state)) navigate(-1);
    else void replaceStep(product.team && step === 3 ? 1 : step - 1);
  };

  return (
    <>
      <StepBar current={step} />
      {step > 0 && (
        <Button fill="none" size="small" className={styles.back} onClick={back}>
          ‹ {t('insure.prev')}
        </Button>
      )}
      {step === 0 && (
        <InsureProduct
          product={product}
          value={state}
          teamCount={draft?.teamCount ?? 0}
          busy={busy}
          onNext={(v) => void go(v, 1)}
          onSave={(v) => void save(v)}
        />
      )}
      {product.team ? (
        step === 1 &&
        draft && (
          <Team
            draftId={draft.id}
            productName={product.name}
            limits={product.limits}
            holder={state.holder}
            issues={issues}
            busy={busy}
            onNext={(holder) => void go({ holder }, 3)}
            onSave={(holder) => void save({ holder })}
          />
        )
      ) : (
        <>
          {step === 1 && (
            <Applicant
              value={state.applicant}
              minAge={product.limits.applicantMinAge}
              startDate={state.startDate}
              issues={issues}
              busy={busy}
              onNext={(applicant) => void go({ applicant }, 2)}
              onSave={(applicant) => void save({ applicant })}
            />
          )}
          {step === 2 && state.applicant && (
            <SelfInsurant
              applicant={state.applicant}
              value={state.insured}
              limits={product.limits}
              startDate={state.startDate}
              issues={issues}
              busy={busy}
              onNext={(insured) => void go({ insured }, 3)}
              onSave={(insured) => void save({ insured })}
            />
          )}
        </>
      )}
      {step === 3 && draft && (
        <Health
          productId={product.id}
          draftId={draft.id}
          health={draft.progress.health}
          busy={busy}
          onProgress={setProgress}
          onNext={() => void go({}, 4)}
          onSave={() => void save({})}
        />
      )}
      {step === 4 && draft && (
        <Confirm
          product={product}
          state={state}
          draft={draft}
          busy={submitting}
          saving={busy === 'save'}
          onProgress={setProgress}
          onSubmit={() => void submit()}
          onSave={() => void save({})}
        />
      )}
    </>
  );
}

/** The draft of `?draftId=` and its product, or the product of `?productId=` for a new application. */
async function loadFlow(
  productId: string,
  draftId: string,
): Promise<{ product: ProductDetail | null; draft: Draft | null; draftGone: boolean }> {
  let draft: Draft | null = null;
  let draftGone = false;
  if (/^\d{1,10}$/.test(draftId)) {
    try {
      draft = await getDraft(Number(draftId), true);
    } catch (error) {
      if (!(error instanceof ApiError && (error.code === 'A0404' || error.code === 'A0400'))) throw error;
      draftGone = true;
    }
  }
  const product = await getProduct(draft ? String(draft.productId) : productId);
  return { product, draft: draft && product && draft.productId === product.id ? draft : null, draftGone };
}

/**
 * 立即投保 by `?productId=&plan=`, or resuming a saved draft by `?draftId=`; without a product it
 * shows the steps and how to choose one.
 */
export default function InsureDetailsView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const draftId = params.get('draftId') ?? '';
  // The flow sets draftId itself once it saved: that must not load the page again.
  const [startDraftId] = useState(draftId);
  const loaded = useRemote(() => loadFlow(productId, startDraftId), [productId, startDraftId]);

  let body;
  if (loaded.loading && loaded.data === undefined) {
    body = (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  } else if (loaded.data?.product) {
    const { product, draft } = loaded.data;
    return (
      <ViewPage>
        <InsureFlow
          key={`${product.id}:${draft?.id ?? ''}`}
          product={product}
          initial={draft}
          plan={params.get('plan')}
        />
      </ViewPage>
    );
  } else {
    const gone = loaded.data?.draftGone;
    body = (
      <SectionCard>
        <EmptyState
          title={t(gone ? 'insure.draftGone' : productId || draftId ? 'details.notFound' : 'insure.noProduct')}
          description={t(
            loaded.error !== undefined
              ? 'common.loadFailedHint'
              : gone
                ? 'insure.draftGoneHint'
                : 'insure.noProductHint',
          )}
        >
          <Button color="primary" size="small" onClick={() => navigate('/product/index')}>
            {t('insure.chooseProduct')}
          </Button>
        </EmptyState>
      </SectionCard>
    );
  }
  return (
    <ViewPage>
      <StepBar current={0} />
      {body}
    </ViewPage>
  );
}
