import { CheckList, List, Popup, SearchBar, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import type { CompanyOption } from '#shared/company.ts';
import { listCompanies } from '../../../api/company.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useRemote } from '../../../components/ui/use-remote.ts';
import { useT } from '../../../i18n/index.ts';
import styles from './company-picker.module.css';

/**
 * Channel staff act for one company at a time (the company pages' calls take `companyId`): this row
 * shows the chosen one and opens a searchable list of the companies `company/companies` offers.
 */
export function CompanyPicker({
  value,
  onChange,
}: {
  value: CompanyOption | null;
  onChange: (company: CompanyOption) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const companies = useRemote(() => (open ? listCompanies(keyword) : Promise.resolve({ list: [] })), [open, keyword]);

  return (
    <>
      <List>
        <List.Item extra={value?.name ?? t('companyPicker.placeholder')} onClick={() => setOpen(true)} arrowIcon>
          {t('companyPicker.label')}
        </List.Item>
      </List>
      <Popup visible={open} onMaskClick={() => setOpen(false)} destroyOnClose bodyClassName={styles.sheet}>
        <h2 className={styles.title}>{t('companyPicker.title')}</h2>
        <div className={styles.search}>
          <SearchBar placeholder={t('companyPicker.search')} onSearch={setKeyword} onClear={() => setKeyword('')} />
        </div>
        <div className={styles.list}>
          {companies.loading && !companies.data?.list.length ? (
            <div className={styles.centered}>
              <SpinLoading />
            </div>
          ) : companies.data?.list.length ? (
            <CheckList
              value={value ? [String(value.id)] : []}
              onChange={(ids) => {
                const picked = companies.data?.list.find((c) => String(c.id) === ids[0]);
                if (picked) onChange(picked);
                setOpen(false);
              }}
            >
              {companies.data.list.map((c) => (
                <CheckList.Item key={c.id} value={String(c.id)}>
                  {c.name}
                </CheckList.Item>
              ))}
            </CheckList>
          ) : (
            <EmptyState title={t('companyPicker.empty')} />
          )}
        </div>
      </Popup>
    </>
  );
}
