import { useState } from 'react';
import { CLAIM_MATERIALS_BY_TYPE, CLAIM_TYPES } from '#shared/claim-flow.ts';
import { ChipTabs } from '../../components/ui/chip-tabs.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { CLAIM_MATERIAL_KEYS, CLAIM_TYPE_KEYS } from '../../i18n/enum-names.ts';
import styles from './claim.module.css';

/**
 * Documents insurers ask for, by claim type (CLAIM_MATERIALS_BY_TYPE, the list the server's guide
 * and pre-check answer). Originals may be requested later; photos start the claim.
 */
export function ClaimDocuments() {
  const t = useT();
  const [type, setType] = useState<(typeof CLAIM_TYPES)[number]>(CLAIM_TYPES[0]);
  return (
    <SectionCard title={t('claim.docs.title')} flush>
      <ChipTabs
        label={t('claim.docs.types')}
        tabs={CLAIM_TYPES.map((k) => ({ key: k, title: t(CLAIM_TYPE_KEYS[k]) }))}
        active={type}
        onChange={setType}
      />
      <ol className={styles.docs} aria-live="polite">
        {CLAIM_MATERIALS_BY_TYPE[type].map((m) => (
          <li key={m}>{t(CLAIM_MATERIAL_KEYS[m])}</li>
        ))}
      </ol>
    </SectionCard>
  );
}
