import { Checkbox } from 'antd-mobile';
import { useState, type MouseEvent } from 'react';
import type { LegalDocument } from '#shared/consent.ts';
import { useT } from '../../i18n/index.ts';
import { LegalDocumentPopup } from './legal/legal-document-popup.tsx';
import styles from './sign-in.module.css';

/**
 * The consent checkbox of the sign-in form (docs/decisions/consent-at-sign-in.md): unticked at
 * first; both documents open from their names. The form refuses every sign-in and code request
 * until it is ticked.
 */
export function ConsentCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  const [reading, setReading] = useState<LegalDocument | null>(null);
  // Inside the checkbox's label: opening a document must not tick or untick it.
  const open = (doc: LegalDocument) => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setReading(doc);
  };
  const link = (doc: LegalDocument) => (
    <a href={`#legal-${doc}`} role="button" className={styles.documentLink} onClick={open(doc)}>
      {t(doc === 'terms' ? 'signin.terms' : 'signin.privacy')}
    </a>
  );
  return (
    <div className={styles.consent}>
      <Checkbox checked={checked} onChange={onChange} className={styles.consentBox}>
        <span className={styles.consentText}>
          {t('signin.consentPrefix')} {link('terms')} {t('signin.and')} {link('privacy')}
        </span>
      </Checkbox>
      <LegalDocumentPopup doc={reading} onClose={() => setReading(null)} />
    </div>
  );
}
