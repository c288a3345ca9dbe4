import { DotLoading, List, Popup, Toast } from 'antd-mobile';
import { Button } from '../ui/button.tsx';
import styles from '../ui/ui.module.css';
import { useState } from 'react';
import type { Person } from '#shared/persons.ts';
import { getPerson, listPersons } from '../../api/persons.ts';
import { useT } from '../../i18n/index.ts';
import '../../lib/antd-react19.ts';

export interface PickedApplicant {
  name: string;
  idNumber: string;
  mobile: string;
}

/**
 * 从常用投保人选择: a button opening the member's saved applicants (masked); the chosen one is read
 * whole (`GET /persons/{id}`, the owner's own data) and handed to the form.
 */
export function PickApplicant({ onPick }: { onPick: (p: PickedApplicant) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Person[] | null>(null);

  const show = () => {
    setOpen(true);
    setList(null);
    listPersons('applicant').then(
      (l) => setList(l.list),
      () => setList([]),
    );
  };
  const choose = async (id: number) => {
    const p = await getPerson(id).catch(() => null);
    if (!p) return;
    onPick({ name: p.name, idNumber: p.idNumber, mobile: p.mobile ?? '' });
    setOpen(false);
    Toast.show({ content: t('persons.picked', { name: p.name }) });
  };

  return (
    <div style={{ padding: '8px 12px 0' }}>
      <Button size="small" fill="outline" color="primary" onClick={show}>
        {t('persons.pick')}
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
      >
        <List header={<h2 className={styles.sectionTitle}>{t('persons.pickTitle')}</h2>}>
          {list === null && (
            <List.Item>
              <DotLoading />
            </List.Item>
          )}
          {list?.length === 0 && <List.Item>{t('persons.pickEmpty')}</List.Item>}
          {list?.map((p) => (
            <List.Item
              key={p.id}
              clickable
              description={`${p.idNumber}${p.mobile ? ` · ${p.mobile}` : ''}`}
              onClick={() => void choose(p.id)}
            >
              {p.name}
            </List.Item>
          ))}
        </List>
      </Popup>
    </div>
  );
}
