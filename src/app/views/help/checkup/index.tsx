import { DotLoading, List, Tag } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CheckupCover, CheckupGap, CheckupPerson, FamilyCategory } from '#shared/checkup.ts';
import { getCheckup, quoteGap } from '../../../api/checkup.ts';
import { resumeLink } from '../../../api/drafts.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import '../../../lib/antd-react19.ts';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { CATEGORY_LABELS, cardCategories, endingSoon, namesOf, quoteNotes, suggestionLines } from './checkup-logic.ts';
import styles from './checkup.module.css';
import { alertDialog } from '../../../components/ui/dialog.ts';

const ADD_PERSON = '/help/collect/addPerson';
const WALLET = '/help/wallet';

/** Where a cover's row leads: a policy bought here opens its page, an added one the wallet. */
const coverLink = (c: CheckupCover) => (c.source === 'ours' ? `/policy/index?id=${c.policyId}` : WALLET);

/**
 * 保障体检: for the member and their 常用被保人, what their own policies cover today by category,
 * what ends soon and the gaps; one tap on a gap prepares the purchase for the uncovered persons
 * and opens it as 草稿箱 resumes a draft (docs/decisions/check-up-quote.md).
 */
export default function CheckupView() {
  const t = useT();
  const navigate = useNavigate();
  const remote = useRemote(getCheckup, []);
  const [busy, setBusy] = useState<FamilyCategory | null>(null);
  const checkup = remote.data;

  const start = async (gap: CheckupGap) => {
    setBusy(gap.category);
    try {
      const quote = await quoteGap(gap.category);
      const notes = quoteNotes(t, quote);
      if (notes.length) {
        await alertDialog({
          title: t('checkup.quoteTitle', {
            product: [...new Set(quote.drafts.map((d) => d.product.name))].join(t('common.listJoin')),
          }),
          content: (
            <div className={styles.notes}>
              {notes.map((n) => (
                <p key={n}>{n}</p>
              ))}
            </div>
          ),
          confirmText: t('checkup.continue'),
        });
      }
      navigate(resumeLink({ id: quote.drafts[0].draftId, productId: quote.drafts[0].product.id }));
    } catch {
      // The client has shown the server's message; the page may be out of date.
      void remote.reload();
    } finally {
      setBusy(null);
    }
  };

  if (!checkup) {
    return (
      <ViewPage>
        <SectionCard title={t('checkup.title')}>
          {remote.loading ? <DotLoading /> : <Hint>{t('checkup.failed')}</Hint>}
        </SectionCard>
      </ViewPage>
    );
  }
  const ending = endingSoon(checkup);

  return (
    <ViewPage>
      <SectionCard
        title={t('checkup.title')}
        extra={<span className={styles.today}>{t('checkup.today', { day: checkup.today })}</span>}
      >
        <p className={styles.lead}>{t('checkup.lead', { n: checkup.endsSoonDays })}</p>
        <Button size="mini" color="primary" fill="outline" onClick={() => navigate(WALLET)}>
          {t('checkup.walletOpen')}
        </Button>
        {checkup.selfMissing && (
          <div className={styles.selfMissing}>
            <span>{t('checkup.selfMissing')}</span>
            <Button size="mini" color="primary" fill="outline" onClick={() => navigate(ADD_PERSON)}>
              {t('checkup.addSelf')}
            </Button>
          </div>
        )}
      </SectionCard>

      {checkup.persons.length === 0 ? (
        <SectionCard>
          <EmptyState title={t('checkup.empty')} description={t('checkup.emptyHint')}>
            <Button size="small" color="primary" onClick={() => navigate(ADD_PERSON)}>
              {t('collect.add')}
            </Button>
          </EmptyState>
        </SectionCard>
      ) : (
        <>
          {checkup.gaps.length > 0 && (
            <SectionCard title={t('checkup.gaps')} flush aria-label={t('checkup.gaps')}>
              <List>
                {checkup.gaps.map((gap) => (
                  <List.Item
                    key={gap.category}
                    data-testid={`gap-${gap.category}`}
                    description={suggestionLines(t, gap).map((line) => (
                      <span key={line} className={styles.suggestion}>
                        {line}
                      </span>
                    ))}
                    extra={
                      <Button
                        size="mini"
                        color="primary"
                        disabled={!gap.suggestions.some((s) => s.product) || busy !== null}
                        loading={busy === gap.category}
                        onClick={() => void start(gap)}
                      >
                        {t('checkup.quote')}
                      </Button>
                    }
                  >
                    <span className={styles.gapTitle}>{t(CATEGORY_LABELS[gap.category])}</span>
                    <span className={styles.gapNames}>
                      {t('checkup.gapWho', { names: namesOf(checkup, gap.personIds).join(t('common.listJoin')) })}
                    </span>
                  </List.Item>
                ))}
              </List>
            </SectionCard>
          )}

          {ending.length > 0 && (
            <SectionCard title={t('checkup.endingSoon')} flush aria-label={t('checkup.endingSoon')}>
              <List>
                {ending.map((c) => (
                  <List.Item
                    key={`${c.source}-${c.policyId}-${c.personName}`}
                    description={t('checkup.until', { day: c.endDate })}
                    extra={<Tag color="warning">{t('checkup.daysLeft', { n: c.daysLeft })}</Tag>}
                    onClick={() => navigate(coverLink(c))}
                  >
                    {c.personName} · {t(CATEGORY_LABELS[c.category])} · {c.productName}
                  </List.Item>
                ))}
              </List>
            </SectionCard>
          )}

          {checkup.persons.map((p) => (
            <PersonCard key={p.personId} person={p} />
          ))}
        </>
      )}
      <Hint>{t('checkup.hint')}</Hint>
    </ViewPage>
  );
}

/** One person: who, and each category covered (by which policy, until when) or missing. */
function PersonCard({ person }: { person: CheckupPerson }) {
  const t = useT();
  const navigate = useNavigate();
  const relation = person.relation ? t(`person.relation.${person.relation}`) : '';
  return (
    <SectionCard
      title={<span data-testid="checkup-person">{person.name}</span>}
      extra={
        <span className={styles.who}>
          {[relation, t('checkup.age', { n: person.age }), person.idNumber].filter(Boolean).join(' · ')}
        </span>
      }
      flush
    >
      <List>
        {cardCategories(person.covers).map((category) => {
          const covers = person.covers.filter((c) => c.category === category);
          if (!covers.length) {
            return (
              <List.Item
                key={category}
                extra={
                  <Tag color="danger" fill="outline">
                    {t('checkup.gap')}
                  </Tag>
                }
              >
                {t(CATEGORY_LABELS[category])}
              </List.Item>
            );
          }
          return covers.map((c) => (
            <List.Item
              key={`${category}-${c.source}-${c.policyId}`}
              data-testid={`cover-${c.source}`}
              description={[
                c.source === 'added'
                  ? t('checkup.addedBy', { insurer: c.insurer ?? '', product: c.productName })
                  : [c.productName, c.planName].filter(Boolean).join(' · '),
                t('checkup.until', { day: c.endDate }),
              ].join(' · ')}
              extra={
                <span className={styles.tags}>
                  {c.source === 'added' && (
                    <Tag color="primary" fill="outline">
                      {t('checkup.sourceAdded')}
                    </Tag>
                  )}
                  <Tag color={c.pending ? 'primary' : c.endsSoon ? 'warning' : 'success'}>
                    {c.pending
                      ? t('checkup.startsOn', { day: c.startDate })
                      : c.endsSoon
                        ? t('checkup.daysLeft', { n: c.daysLeft })
                        : t('checkup.covered')}
                  </Tag>
                </span>
              }
              onClick={() => navigate(coverLink(c))}
            >
              {t(CATEGORY_LABELS[category])}
            </List.Item>
          ));
        })}
      </List>
    </SectionCard>
  );
}
