import { CapsuleTabs } from 'antd-mobile';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import styles from './claim.module.css';

/** Documents insurers ask for, by claim type. Originals may be requested later; photos start the claim. */
const CLAIM_TYPES: { key: string; title: MessageKey; docs: MessageKey[] }[] = [
  {
    key: 'accidentMedical',
    title: 'claim.type.accidentMedical',
    docs: ['claim.doc.form', 'claim.doc.identity', 'claim.doc.accidentProof', 'claim.doc.medicalRecord', 'claim.doc.invoice', 'claim.doc.bank'],
  },
  {
    key: 'hospital',
    title: 'claim.type.hospital',
    docs: ['claim.doc.form', 'claim.doc.identity', 'claim.doc.discharge', 'claim.doc.diagnosis', 'claim.doc.invoice', 'claim.doc.bank'],
  },
  {
    key: 'deathDisability',
    title: 'claim.type.deathDisability',
    docs: ['claim.doc.form', 'claim.doc.identity', 'claim.doc.accidentProof', 'claim.doc.deathProof', 'claim.doc.disabilityProof', 'claim.doc.beneficiary', 'claim.doc.bank'],
  },
  {
    key: 'travelDelay',
    title: 'claim.type.travelDelay',
    docs: ['claim.doc.form', 'claim.doc.identity', 'claim.doc.ticket', 'claim.doc.delayProof', 'claim.doc.passport', 'claim.doc.bank'],
  },
];

export function ClaimDocuments() {
  const t = useT();
  return (
    <SectionCard title={t('claim.docs.title')} flush>
      <CapsuleTabs defaultActiveKey={CLAIM_TYPES[0].key}>
        {CLAIM_TYPES.map((c) => (
          <CapsuleTabs.Tab key={c.key} title={t(c.title)}>
            <ol className={styles.docs}>
              {c.docs.map((d) => <li key={d}>{t(d)}</li>)}
            </ol>
          </CapsuleTabs.Tab>
        ))}
      </CapsuleTabs>
    </SectionCard>
  );
}
