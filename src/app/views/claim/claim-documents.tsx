import { CapsuleTabs } from 'antd-mobile';
import { CLAIM_MATERIALS_BY_TYPE, CLAIM_TYPES } from '#shared/claim-flow.ts';
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
  return (
    <SectionCard title={t('claim.docs.title')} flush>
      <CapsuleTabs defaultActiveKey={CLAIM_TYPES[0]}>
        {CLAIM_TYPES.map((type) => (
          <CapsuleTabs.Tab key={type} title={t(CLAIM_TYPE_KEYS[type])}>
            <ol className={styles.docs}>
              {CLAIM_MATERIALS_BY_TYPE[type].map((m) => (
                <li key={m}>{t(CLAIM_MATERIAL_KEYS[m])}</li>
              ))}
            </ol>
          </CapsuleTabs.Tab>
        ))}
      </CapsuleTabs>
    </SectionCard>
  );
}
