import { Button } from '../ui/button.tsx';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { browserTextScale, LARGE_TEXT_SCALE } from './browser-text-scale.ts';
import { elderModeAtom } from './elder-mode.ts';
import { elderModeOffered, markElderModeOffered } from '../../lib/elder-storage.ts';
import styles from './elder.module.css';

/**
 * The home's offer of 长辈版, shown until it is answered (MIIT's 适老化 guideline asks for a visible
 * entry on the first page): worded for a reader whose WeChat or phone already enlarges text. Drawn
 * in the first render, so the page below it never jumps.
 */
export function ElderOffer() {
  const t = useT();
  const [, setElderMode] = useAtom(elderModeAtom);
  const [open, setOpen] = useState(() => !elderModeOffered());
  const [largeText] = useState(() => open && browserTextScale() >= LARGE_TEXT_SCALE);
  if (!open) return null;
  const answer = (on: boolean) => {
    markElderModeOffered();
    setOpen(false);
    if (on) void setElderMode(true);
  };
  return (
    <section className={styles.offer} aria-labelledby="elder-offer-title">
      <h2 id="elder-offer-title" className={styles.offerTitle}>
        {t(largeText ? 'elder.offer.titleLargeText' : 'elder.offer.title')}
      </h2>
      <p className={styles.offerText}>{t('elder.offer.text')}</p>
      <div className={styles.offerActions}>
        <Button color="primary" size="large" onClick={() => answer(true)}>
          {t('elder.offer.accept')}
        </Button>
        <Button color="primary" fill="outline" size="large" onClick={() => answer(false)}>
          {t('elder.offer.decline')}
        </Button>
      </div>
    </section>
  );
}

/** The way in and out of 长辈版 for everyone, signed in or not (the home's foot). */
export function ElderSwitchButton() {
  const t = useT();
  const [on, setElderMode] = useAtom(elderModeAtom);
  return (
    <Button color="primary" fill="none" className={styles.switch} onClick={() => void setElderMode(!on)}>
      {t(on ? 'elder.switchOff' : 'elder.switchOn')}
    </Button>
  );
}
