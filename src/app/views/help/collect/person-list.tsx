import { DotLoading, List, Toast } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PersonKind, PersonList } from '#shared/persons.ts';
import { deletePerson, listPersons } from '../../../api/persons.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../../i18n/index.ts';
import '../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../components/ui/dialog.ts';

interface PersonListProps {
  kind: PersonKind;
  title: MessageKey;
  empty: MessageKey;
  emptyHint: MessageKey;
  add: MessageKey;
}

/** The member's saved persons of one kind, masked as the server sends them, with add, edit and delete. */
export function SavedPersonList({ kind, title, empty, emptyHint, add }: PersonListProps) {
  const t = useT();
  const navigate = useNavigate();
  const [data, setData] = useState<PersonList | null>(null);
  const load = useCallback(() => {
    listPersons(kind).then(setData, () => setData({ list: [], total: 0, max: 0 }));
  }, [kind]);
  useEffect(load, [load]);

  const addPath = kind === 'applicant' ? '/help/collect/addPerson?kind=applicant' : '/help/collect/addPerson';
  const remove = async (id: number, name: string) => {
    if (!(await confirmDialog({ content: t('persons.deleteConfirm', { name }) }))) return;
    await deletePerson(id);
    Toast.show({ content: t('persons.deleted') });
    load();
  };
  const full = data !== null && data.max > 0 && data.total >= data.max;
  const addButton = (
    <Button size="small" color="primary" disabled={full} onClick={() => navigate(addPath)}>
      {t(add)}
    </Button>
  );

  return (
    <SectionCard title={t(title)} flush>
      {data === null && <DotLoading />}
      {data?.total === 0 && (
        <EmptyState title={t(empty)} description={t(emptyHint)}>
          {addButton}
        </EmptyState>
      )}
      {data !== null && data.total > 0 && (
        <>
          <List>
            {data.list.map((p) => (
              <List.Item
                key={p.id}
                description={[
                  p.relation ? t(`person.relation.${p.relation}`) : '',
                  p.idNumber,
                  p.mobile ?? '',
                  p.email ?? '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                extra={
                  <>
                    <Button
                      size="mini"
                      fill="none"
                      color="primary"
                      onClick={() => navigate(`/help/collect/addPerson?id=${p.id}`)}
                    >
                      {t('savedPersons.edit')}
                    </Button>
                    <Button size="mini" fill="none" color="danger" onClick={() => void remove(p.id, p.name)}>
                      {t('persons.delete')}
                    </Button>
                  </>
                }
              >
                {p.name}
              </List.Item>
            ))}
          </List>
          <Hint>{t(full ? 'persons.full' : 'persons.count', { n: data.total, max: data.max })}</Hint>
          {addButton}
        </>
      )}
      <Hint>{t('addPerson.privacy')}</Hint>
    </SectionCard>
  );
}
