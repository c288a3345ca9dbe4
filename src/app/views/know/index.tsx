import { List, SearchBar } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useMemo, useState } from 'react';
import { ChipTabs } from '../../components/ui/chip-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { HotlineItem } from '../../components/ui/service-hotline.tsx';
import { useT } from '../../i18n/index.ts';
import { KNOW_SECTIONS, searchKnow } from './content.ts';
import { Question } from './question.tsx';
import styles from './know.module.css';

/** 服务指南: questions by stage (purchase, payment, policy, claims, invoice), searchable. */
export default function KnowView() {
  const t = useT();
  const [query, setQuery] = useState('');
  const [section, setSection] = useState<string>('all');
  const found = useMemo(() => searchKnow(KNOW_SECTIONS, query, t), [query, t]);
  const shown = section === 'all' ? found : found.filter((s) => s.key === section);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <SearchBar placeholder={t('know.searchPlaceholder')} value={query} onChange={setQuery} />
        </div>
        <ChipTabs
          label={t('know.sections')}
          tabs={[
            { key: 'all', title: t('know.section.all') },
            ...KNOW_SECTIONS.map((s) => ({ key: s.key, title: t(s.title) })),
          ]}
          active={section}
          onChange={setSection}
        />
      </div>
      <div className={styles.body}>
        {shown.length === 0 ? (
          <SectionCard>
            <EmptyState
              title={query.trim() ? t('know.noMatch', { query: query.trim() }) : t('know.noSection')}
              description={t('know.noMatchHint')}
            >
              <Button
                size="small"
                onClick={() => {
                  setQuery('');
                  setSection('all');
                }}
              >
                {t('know.showAll')}
              </Button>
            </EmptyState>
          </SectionCard>
        ) : (
          shown.map((s) => (
            <SectionCard key={s.key} title={t(s.title)} flush>
              {/* Drawn again for each search, so that the answers it found are open. */}
              <div key={query.trim()} className={styles.questions}>
                {s.items.map((item) => (
                  <Question key={item.q} question={t(item.q)} answer={t(item.a)} open={query.trim() !== ''} />
                ))}
              </div>
            </SectionCard>
          ))
        )}
        <SectionCard title={t('know.contact')} flush>
          <List>
            <HotlineItem />
          </List>
        </SectionCard>
      </div>
    </div>
  );
}
