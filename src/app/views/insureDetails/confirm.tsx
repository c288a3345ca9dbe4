import { Button, Checkbox, DotLoading, List, NoticeBar, Popup } from 'antd-mobile';
import { useState } from 'react';
import type { DocumentKind, ProductDetail } from '#shared/catalogue.ts';
import { birthDateFromId, maskIdNumber } from '#shared/identity.ts';
import { AmountText } from '../../components/ui/amount-text.tsx';
import { BottomBar } from '../../components/ui/bottom-bar.tsx';
import { FieldRow } from '../../components/ui/field-row.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { SERVICE_HOTLINE } from '../../components/ui/service-hotline.tsx';
import { useRemote } from '../../components/ui/use-remote.ts';
import { useT } from '../../i18n/index.ts';
import { quote } from '../product/catalogue.ts';
import { DocumentText } from '../productDetails/document-list.tsx';
import type { InsureDraft } from './draft.ts';
import styles from './insure.module.css';

const MUST_READ: DocumentKind[] = ['clause', 'notice', 'exclusions'];

/** Insured persons as the quote call wants them: birth dates (from ID numbers) and classes. */
function quoteInsured(product: ProductDetail, draft: InsureDraft) {
  if (product.team) return draft.team.map((r) => ({ birthDate: birthDateFromId(r.idNumber), occupationClass: r.occupationClass }));
  return draft.insured ? [{ birthDate: birthDateFromId(draft.insured.idNumber) }] : [];
}

/**
 * Step 5, 确认支付: the server's quote, the summary, each document opened and confirmed, and the
 * separate consent for sensitive personal data (PIPL art. 29).
 */
export function Confirm({ product, draft }: { product: ProductDetail; draft: InsureDraft }) {
  const t = useT();
  const [opened, setOpened] = useState<Set<DocumentKind>>(new Set());
  const [reading, setReading] = useState<DocumentKind | null>(null);
  const [readConfirmed, setReadConfirmed] = useState(false);
  const [consent, setConsent] = useState(false);
  const priced = useRemote(
    () => quote(product.id, { planCode: draft.planCode, termDays: draft.termDays, startDate: draft.startDate, insured: quoteInsured(product, draft) }),
    [product.id, draft],
  );
  const plan = product.plans.find((p) => p.code === draft.planCode);
  const docs = product.documents.filter((d) => MUST_READ.includes(d.kind));
  const allOpened = docs.every((d) => opened.has(d.kind));
  const open = (kind: DocumentKind) => { setReading(kind); setOpened(new Set(opened).add(kind)); };

  return (
    <>
      <SectionCard title={t('insure.summary')}>
        <FieldRow label={t('insure.product')}>{product.name}</FieldRow>
        <FieldRow label={t('insure.plan')}>{plan?.name}</FieldRow>
        <FieldRow label={t('insure.period')}>
          {priced.data ? t('insure.periodRange', { from: priced.data.startDate, to: priced.data.endDate }) : draft.startDate}
        </FieldRow>
        {product.team ? (
          <FieldRow label={t('team.holder')}>{draft.holder?.company}</FieldRow>
        ) : (
          <FieldRow label={t('insure.applicant')}>{draft.applicant && `${draft.applicant.name} ${maskIdNumber(draft.applicant.idNumber)}`}</FieldRow>
        )}
        <FieldRow label={t('insure.insured')}>
          {product.team
            ? t('team.countOnly', { n: draft.team.length })
            : draft.insured && `${draft.insured.name} ${maskIdNumber(draft.insured.idNumber)}`}
        </FieldRow>
      </SectionCard>
      <SectionCard title={t('insure.read')} flush>
        <List>
          {docs.map((d) => (
            <List.Item key={d.kind} extra={opened.has(d.kind) ? t('insure.readDone') : t('insure.readTodo')} onClick={() => open(d.kind)}>
              {t('details.documents.quoted', { title: d.title })}
            </List.Item>
          ))}
        </List>
        <div className={styles.checks}>
          <Checkbox checked={readConfirmed} disabled={!allOpened} onChange={setReadConfirmed}>
            {t('insure.readConfirm', { titles: docs.map((d) => `《${d.title}》`).join('') })}
          </Checkbox>
          <Checkbox checked={consent} onChange={setConsent}>{t('insure.consent')}</Checkbox>
        </div>
      </SectionCard>
      <NoticeBar wrap color="info" className={styles.notice} content={t('insure.orderOffline', { hotline: SERVICE_HOTLINE })} />
      <BottomBar
        main={priced.data ? <AmountText fen={priced.data.premiumFen} strong /> : priced.loading ? <DotLoading /> : '—'}
      >
        <Button color="primary" shape="rounded" disabled className={styles.pay}>
          {t('insure.submit')}
        </Button>
      </BottomBar>
      <Popup visible={reading !== null} onMaskClick={() => setReading(null)} onClose={() => setReading(null)} showCloseButton destroyOnClose bodyClassName={styles.sheet}>
        {reading && <DocumentText productId={product.id} kind={reading} />}
      </Popup>
    </>
  );
}
