import { Popup, SpinLoading } from 'antd-mobile';
import { Button } from '../../ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { LEGAL_VERSIONS, type LegalDocument } from '#shared/consent.ts';
import type { Language } from '#shared/constants.ts';
import { languageAtom, useT } from '../../../i18n/index.ts';
import type { LegalText } from './legal-text.ts';
import styles from '../sign-in.module.css';

/** The documents' texts load only when one is opened, in the reader's language. */
async function loadTexts(language: Language) {
  return language === 'pl'
    ? (await import('./legal-texts.pl.ts')).legalTextsPl
    : (await import('./legal-texts.zh-cn.ts')).legalTextsZhCn;
}

/** 《用户服务协议》 or 《隐私政策》 in a bottom sheet over the sign-in form, so reading it loses nothing typed. */
export function LegalDocumentPopup({ doc, onClose }: { doc: LegalDocument | null; onClose: () => void }) {
  const t = useT();
  const language = useAtomValue(languageAtom);
  const [text, setText] = useState<LegalText | null>(null);

  useEffect(() => {
    if (!doc) return undefined;
    let live = true;
    setText(null);
    loadTexts(language).then(
      (texts) => live && setText(texts[doc]),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [doc, language]);

  return (
    <Popup visible={doc !== null} onMaskClick={onClose} destroyOnClose bodyClassName={styles.documentSheet}>
      {/* Focusable: the document scrolls, and a keyboard reader scrolls it from here. */}
      <article role="document" aria-label={text?.title} tabIndex={0} className={styles.document}>
        {text ? (
          <>
            <h3 className={styles.documentTitle}>{text.title}</h3>
            <p className={styles.documentVersion}>
              {t('signin.documentVersion', { version: doc ? LEGAL_VERSIONS[doc] : '' })}
            </p>
            {text.sections.map((section) => (
              <section key={section.heading}>
                <h4 className={styles.documentHeading}>{section.heading}</h4>
                {section.paragraphs.map((p) => (
                  <p key={p} className={styles.documentParagraph}>
                    {p}
                  </p>
                ))}
              </section>
            ))}
          </>
        ) : (
          <div className={styles.centered}>
            <SpinLoading />
          </div>
        )}
      </article>
      <div className={styles.documentFooter}>
        <Button block color="primary" onClick={onClose}>
          {t('signin.documentClose')}
        </Button>
      </div>
    </Popup>
  );
}
