import { Popup } from 'antd-mobile';
import { Button } from './button.tsx';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../i18n/index.ts';
import styles from './pdf-viewer.module.css';

export interface ShownDocument {
  url: string;
  filename: string;
}

/**
 * A PDF shown inside the page (WeChat's browser saves no downloads): the document in a frame,
 * and "在浏览器中打开", which points at WeChat's top-right menu (a page cannot leave WeChat by
 * itself). The blob URL is released when the viewer closes.
 */
export function PdfViewer({ doc, onClose }: { doc: ShownDocument | null; onClose: () => void }) {
  const t = useT();
  const [guide, setGuide] = useState(false);
  useEffect(() => {
    if (!doc) return undefined;
    return () => URL.revokeObjectURL(doc.url);
  }, [doc]);

  return (
    <>
      <Popup visible={doc !== null} onClose={onClose} position="bottom" bodyStyle={{ height: '92vh' }} destroyOnClose>
        {doc && (
          <div className={styles.viewer} role="dialog" aria-label={doc.filename}>
            <div className={styles.viewerHead}>
              <span className={styles.viewerName}>{doc.filename}</span>
              <Button size="small" fill="none" onClick={onClose}>
                {t('policy.viewer.close')}
              </Button>
            </div>
            {/* A frame, not <object>: the Content-Security-Policy allows no plugins (object-src 'none'). */}
            <iframe className={styles.viewerFrame} src={doc.url} title={doc.filename} />
            <div className={styles.viewerFoot}>
              <p className={styles.viewerHint}>{t('policy.viewer.hint')}</p>
              <Button block color="primary" onClick={() => setGuide(true)}>
                {t('policy.viewer.openInBrowser')}
              </Button>
            </div>
          </div>
        )}
      </Popup>
      {/* Not antd's Mask: it hides its content from screen readers, and this note is the message. */}
      {guide &&
        createPortal(
          <div className={styles.guide} role="note" onClick={() => setGuide(false)}>
            <svg className={styles.guideArrow} viewBox="0 0 64 64" aria-hidden="true">
              <path d="M8 58C20 30 34 18 54 10" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
              <path
                d="M40 8l14 2-6 13"
                fill="none"
                stroke="#fff"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <p>{t('policy.viewer.guide')}</p>
          </div>,
          document.body,
        )}
    </>
  );
}
