import { Button, DotLoading, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductDetail } from '#shared/catalogue.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { getProduct } from '../product/catalogue.ts';
import { Applicant } from './applicant.tsx';
import { Confirm } from './confirm.tsx';
import { addDays, beijingToday, INSURE_STEPS, type InsureDraft } from './draft.ts';
import { Health } from './health.tsx';
import { InsureProduct } from './product.tsx';
import { SelfInsurant } from './self-insurant.tsx';
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
  return (
    <div className={styles.steps}>
      <Steps current={current}>
        {INSURE_STEPS.map((s) => <Steps.Step key={s} title={t(STEP_TITLES[s])} />)}
      </Steps>
    </div>
  );
}

function firstDraft(product: ProductDetail, plan: string | null): InsureDraft {
  return {
    planCode: product.plans.some((p) => p.code === plan) ? plan! : product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: addDays(beijingToday(), product.limits.startOffsetDays.min),
    applicant: null,
    insured: null,
    team: [],
    holder: null,
  };
}

/** The purchase flow of one product, step by step; state stays in the page until it is submitted. */
function InsureFlow({ product, plan }: { product: ProductDetail; plan: string | null }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState(() => firstDraft(product, plan));
  const next = (patch: Partial<InsureDraft>, to = step + 1) => { setDraft({ ...draft, ...patch }); setStep(to); window.scrollTo(0, 0); };
  const hasHealth = product.documents.some((d) => d.kind === 'health');

  return (
    <>
      <StepBar current={step} />
      {step > 0 && (
        <Button fill="none" size="small" className={styles.back} onClick={() => setStep(step - 1)}>‹ {t('insure.prev')}</Button>
      )}
      {step === 0 && <InsureProduct product={product} value={draft} onNext={(v) => next(v)} />}
      {product.team ? (
        step === 1 && <Team limits={product.limits} holder={draft.holder} rows={draft.team} onNext={(holder, team) => next({ holder, team }, 3)} />
      ) : (
        <>
          {step === 1 && <Applicant value={draft.applicant} minAge={product.limits.applicantMinAge} startDate={draft.startDate} onNext={(applicant) => next({ applicant })} />}
          {step === 2 && draft.applicant && (
            <SelfInsurant applicant={draft.applicant} value={draft.insured} limits={product.limits} startDate={draft.startDate} onNext={(insured) => next({ insured })} />
          )}
        </>
      )}
      {step === 3 && <Health productId={product.id} hasHealth={hasHealth} onNext={() => next({})} />}
      {step === 4 && <Confirm product={product} draft={draft} />}
    </>
  );
}

/** 立即投保 by `?productId=&plan=`; without a product it shows the steps and how to choose one. */
export default function InsureDetailsView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('productId') ?? '';
  const product = useRemote(async () => (id ? getProduct(id) : null), [id]);

  let body;
  if (product.loading && product.data === undefined) {
    body = <div className={styles.center}><DotLoading color="primary" /></div>;
  } else if (product.data) {
    return <ViewPage><InsureFlow key={product.data.id} product={product.data} plan={params.get('plan')} /></ViewPage>;
  } else {
    body = (
      <SectionCard>
        <EmptyState
          title={t(id ? 'details.notFound' : 'insure.noProduct')}
          description={t(product.error !== undefined ? 'common.loadFailedHint' : 'insure.noProductHint')}
        >
          <Button color="primary" size="small" onClick={() => navigate('/product/index')}>{t('insure.chooseProduct')}</Button>
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
